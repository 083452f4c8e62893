import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Project } from '../src/modules/projects/project.entity.js';
import { signUp, startTestApp, type TestAgent, type TestApp } from './support/test-app.js';

const fullDeal = {
  name: 'Project Falcon',
  description: 'Acquisition of a regional logistics group',
  companyName: 'Falcon Logistics Ltd',
  industry: 'Logistics',
  businessModel: 'Contract logistics, B2B',
  ceoName: 'Ada Byron',
  ceoContact: 'ada@falcon.example',
  revenue: '$48M',
  profitMargin: '12%',
  employeeCount: '310',
  valuation: '$120M',
  dealStage: 'Due Diligence',
};

describe('projects', () => {
  let testApp: TestApp;
  let owner: TestAgent;
  let ownerUser: { id: number; username: string };
  let other: TestAgent;

  beforeAll(async () => {
    testApp = await startTestApp();
    const signedUp = await signUp(testApp);
    owner = signedUp.agent;
    ownerUser = signedUp.user;
    other = (await signUp(testApp)).agent;
  });
  afterAll(() => testApp.drop());

  it('creates a project with every deal field and lists it', async () => {
    const created = await owner.post('/api/projects').send(fullDeal).expect(201);
    expect(created.body.project).toEqual({
      ...fullDeal,
      // The valuation as typed, and as read, for showing it formatted.
      valuationValue: { amount: 120_000_000, currency: 'USD' },
      id: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      // Issue 17: the creator is its owner.
      role: 'owner',
      owner: { id: ownerUser.id, username: ownerUser.username },
    });
    const list = await owner.get('/api/projects').expect(200);
    expect(list.body.projects).toContainEqual(created.body.project);
  });

  it('creates a project from a name alone; optional fields are null, and blanks count as empty', async () => {
    const created = await owner
      .post('/api/projects')
      .send({ name: '  Project Heron  ', companyName: '   ', dealStage: '' })
      .expect(201);
    expect(created.body.project).toMatchObject({
      name: 'Project Heron',
      description: null,
      companyName: null,
      valuation: null,
      valuationValue: null,
      dealStage: null,
    });
  });

  it("lists the newest project first and only the caller's own projects", async () => {
    const mine = await signUp(testApp);
    const first = await mine.agent.post('/api/projects').send({ name: 'First' }).expect(201);
    const second = await mine.agent.post('/api/projects').send({ name: 'Second' }).expect(201);
    const list = await mine.agent.get('/api/projects').expect(200);
    expect(list.body.projects.map((p: { id: number }) => p.id)).toEqual([
      second.body.project.id,
      first.body.project.id,
    ]);
  });

  it('PATCH updates deal fields, keeps the ones not sent, and clears a field sent empty', async () => {
    const { body } = await owner.post('/api/projects').send(fullDeal).expect(201);
    const id = body.project.id as number;
    const updated = await owner
      .patch(`/api/projects/${id}`)
      .send({ revenue: '$52M', ceoContact: '', dealStage: 'Negotiation' })
      .expect(200);
    expect(updated.body.project).toMatchObject({
      ...fullDeal,
      id,
      revenue: '$52M',
      ceoContact: null,
      dealStage: 'Negotiation',
    });
    expect(Date.parse(updated.body.project.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(body.project.updatedAt),
    );
  });

  it('PATCH renames with {name} and refuses an empty name', async () => {
    const { body } = await owner.post('/api/projects').send({ name: 'Old name' }).expect(201);
    const renamed = await owner
      .patch(`/api/projects/${body.project.id}`)
      .send({ name: 'New name' })
      .expect(200);
    expect(renamed.body.project.name).toBe('New name');
    const empty = await owner
      .patch(`/api/projects/${body.project.id}`)
      .send({ name: '  ' })
      .expect(400);
    expect(empty.body).toEqual({ error: 'Project name is required', code: 'VALIDATION_FAILED' });
    for (const wrongType of [null, 42, ['New name']]) {
      const response = await owner
        .patch(`/api/projects/${body.project.id}`)
        .send({ name: wrongType })
        .expect(400);
      expect(response.body).toEqual({
        error: 'Project name must be text',
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it('DELETE removes the project', async () => {
    const { body } = await owner.post('/api/projects').send({ name: 'Short-lived' }).expect(201);
    await owner.delete(`/api/projects/${body.project.id}`).expect(200, { success: true });
    await owner.delete(`/api/projects/${body.project.id}`).expect(404);
    const list = await owner.get('/api/projects').expect(200);
    expect(list.body.projects.map((p: { id: number }) => p.id)).not.toContain(body.project.id);
  });

  describe("owner isolation: another user's project does not exist for you", () => {
    it("every project route answers 404 with the other user's id and changes nothing", async () => {
      const { body } = await owner.post('/api/projects').send(fullDeal).expect(201);
      const id = body.project.id as number;
      const notFound = { error: 'Project not found', code: 'NOT_FOUND' };

      await other.patch(`/api/projects/${id}`).send({ name: 'Hijacked' }).expect(404, notFound);
      await other.patch(`/api/projects/${id}`).send({ valuation: '$1' }).expect(404, notFound);
      await other.delete(`/api/projects/${id}`).expect(404, notFound);
      const othersList = await other.get('/api/projects').expect(200);
      expect(othersList.body.projects.map((p: { id: number }) => p.id)).not.toContain(id);

      const mine = await owner.get('/api/projects').expect(200);
      expect(mine.body.projects.find((p: { id: number }) => p.id === id)).toEqual(body.project);
    });

    it('an id that does not exist at all is the same 404', async () => {
      await owner.patch('/api/projects/987654').send({ name: 'x' }).expect(404);
      await owner.delete('/api/projects/987654').expect(404);
    });
  });

  describe('bad input gets 400 with a precise message and stores nothing', () => {
    it.each([
      ['no name', {}, 'Project name is required'],
      ['an empty name', { name: '' }, 'Project name is required'],
      ['a number as name', { name: 42 }, 'Project name must be text'],
      ['null as name', { name: null }, 'Project name must be text'],
      ['an object as name', { name: { text: 'x' } }, 'Project name must be text'],
      [
        'a 201-character name',
        { name: 'x'.repeat(201) },
        'Project name must be at most 200 characters',
      ],
      [
        'a 5,001-character description',
        { name: 'ok', description: 'x'.repeat(5001) },
        'Description must be at most 5000 characters',
      ],
      [
        'a 501-character company name',
        { name: 'ok', companyName: 'x'.repeat(501) },
        'Company name must be at most 500 characters',
      ],
      ['a number as valuation', { name: 'ok', valuation: 12 }, 'Valuation must be text'],
      [
        'an unknown deal stage',
        { name: 'ok', dealStage: 'Signed' },
        'Deal stage must be one of: Initial Review, Due Diligence, Negotiation, Legal Review, Closing, Completed, On Hold, Cancelled',
      ],
      ['an unknown field', { name: 'ok', ownerId: 1 }, 'Unrecognized key: "ownerId"'],
      [
        'an array',
        [{ name: 'ok' }],
        'Request body must be a JSON object (Content-Type: application/json)',
      ],
    ])('POST with %s → "%s"', async (_label, payload, message) => {
      const before = await countProjects(testApp);
      const response = await owner
        .post('/api/projects')
        .send(payload as object)
        .expect(400);
      expect(response.body).toEqual({ error: message, code: 'VALIDATION_FAILED' });
      expect(await countProjects(testApp)).toBe(before);
    });

    it('malformed JSON → 400 MALFORMED_JSON', async () => {
      const response = await owner
        .post('/api/projects')
        .set('Content-Type', 'application/json')
        .send('{"name": "Unclosed')
        .expect(400);
      expect(response.body).toEqual({
        error: 'Request body is not valid JSON',
        code: 'MALFORMED_JSON',
      });
    });

    it('a body that is not JSON → 400 naming the expected content type', async () => {
      const response = await owner
        .post('/api/projects')
        .type('form')
        .send('name=Form+post')
        .expect(400);
      expect(response.body).toEqual({
        error: 'Request body must be a JSON object (Content-Type: application/json)',
        code: 'VALIDATION_FAILED',
      });
    });

    it('a body over the size limit → 413', async () => {
      const response = await owner
        .post('/api/projects')
        .send({ name: 'big', description: 'x'.repeat(200 * 1024) })
        .expect(413);
      expect(response.body).toEqual({
        error: 'Request body is larger than the 100 KB limit',
        code: 'PAYLOAD_TOO_LARGE',
      });
    });

    it.each(['abc', '0', '-1', '1.5', '1e3', '99999999999999999999'])(
      'id "%s" → 400',
      async (id) => {
        const response = await owner.patch(`/api/projects/${id}`).send({ name: 'x' }).expect(400);
        expect(response.body).toEqual({
          error: 'Id must be a positive integer',
          code: 'VALIDATION_FAILED',
        });
        await owner.delete(`/api/projects/${id}`).expect(400);
      },
    );

    it('PATCH with nothing to update → 400', async () => {
      const { body } = await owner.post('/api/projects').send({ name: 'Nothing' }).expect(201);
      const response = await owner.patch(`/api/projects/${body.project.id}`).send({}).expect(400);
      expect(response.body).toEqual({
        error: 'Nothing to update: send at least one field',
        code: 'VALIDATION_FAILED',
      });
    });
  });

  it("deleting a user's account removes its projects (cascade in the database)", async () => {
    const doomed = await signUp(testApp);
    await doomed.agent.post('/api/projects').send({ name: 'Orphan?' }).expect(201);
    const em = testApp.app.get(SqlEntityManager).fork();
    expect(await em.count(Project, { owner: doomed.user.id })).toBe(1);
    await em.getConnection().execute('delete from users where id = ?', [doomed.user.id]);
    expect(await em.count(Project, { owner: doomed.user.id })).toBe(0);
  });
});

async function countProjects(testApp: TestApp): Promise<number> {
  return testApp.app.get(SqlEntityManager).fork().count(Project, {});
}
