import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  ActivityEntry,
  ActivityPage,
  AskStreamEvent,
  Project,
  ProjectMember,
} from '@clearroom/contracts';
import { ActivityRetention } from '../src/modules/activity/activity-retention.js';
import { createProject } from './support/documents.js';
import { addMember, person, type Person, uploadDocument } from './support/deal-team.js';
import { answer, FakeOllama } from './support/fake-ollama.js';
import { ask, openAsk } from './support/sse.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const projectsOf = async (someone: Person) =>
  (await someone.agent.get('/api/projects').expect(200)).body.projects as Project[];

async function activity(someone: Person, projectId: number, query = ''): Promise<ActivityEntry[]> {
  const entries: ActivityEntry[] = [];
  let before: number | null = null;
  do {
    const page: { body: ActivityPage } = await someone.agent
      .get(
        `/api/projects/${projectId}/activity?limit=200${query}${before ? `&before=${before}` : ''}`,
      )
      .expect(200);
    entries.push(...page.body.entries);
    before = page.body.nextBefore;
  } while (before !== null);
  return entries;
}

describe('deal teams: members and roles (issue 17)', () => {
  let testApp: TestApp;
  let admin: Person;
  let owner: Person;
  let associate: Person;
  let counsel: Person;

  beforeAll(async () => {
    testApp = await startTestApp();
    admin = await person(testApp);
    owner = await person(testApp);
    associate = await person(testApp);
    counsel = await person(testApp);
  });
  afterAll(() => testApp.drop());

  it('shares a project: the new member sees it at once, with their role and the owner’s name', async () => {
    const projectId = await createProject(owner.agent, 'Project Kestrel');
    // Read (and cached) before the share: the share must show on the very next request.
    expect(await projectsOf(counsel)).toEqual([]);
    const added = await owner.agent
      .post(`/api/projects/${projectId}/members`)
      .send({ username: counsel.user.username.toUpperCase(), role: 'viewer' })
      .expect(201);
    expect(added.body.member).toEqual({
      userId: counsel.user.id,
      username: counsel.user.username,
      role: 'viewer',
      addedAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(await projectsOf(counsel)).toEqual([
      expect.objectContaining({
        id: projectId,
        name: 'Project Kestrel',
        role: 'viewer',
        owner: { id: owner.user.id, username: owner.user.username },
      }),
    ]);
    const stats = await counsel.agent.get('/api/dashboard/stats').expect(200);
    expect(stats.body.activeProjects).toBe(1);
    const list = await counsel.agent.get(`/api/projects/${projectId}/members`).expect(200);
    expect(list.body.role).toBe('viewer');
    expect((list.body.members as ProjectMember[]).map((m) => [m.username, m.role])).toEqual([
      [owner.user.username, 'owner'],
      [counsel.user.username, 'viewer'],
    ]);
  });

  it('refuses unknown people, people already in, and viewers doing an editor’s work (naming it)', async () => {
    const projectId = await createProject(owner.agent, 'Project Plover');
    await addMember(owner.agent, projectId, counsel, 'viewer');
    await owner.agent
      .post(`/api/projects/${projectId}/members`)
      .send({ username: 'nobody-by-that-name', role: 'viewer' })
      .expect(404)
      .expect((response) => expect(response.body.code).toBe('UNKNOWN_USER'));
    await owner.agent
      .post(`/api/projects/${projectId}/members`)
      .send({ username: counsel.user.username, role: 'editor' })
      .expect(409)
      .expect((response) => expect(response.body.code).toBe('ALREADY_MEMBER'));
    await owner.agent
      .post(`/api/projects/${projectId}/members`)
      .send({ username: associate.user.username, role: 'admin' })
      .expect(400);
    const upload = await counsel.agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', Buffer.from('A note\n'), 'note.txt')
      .expect(403);
    expect(upload.body).toEqual({ error: "Viewers can't upload documents", code: 'FORBIDDEN' });
    const rename = await counsel.agent
      .patch(`/api/projects/${projectId}`)
      .send({ name: 'Mine now' })
      .expect(403);
    expect(rename.body.error).toBe("Viewers can't edit deal details");
    await counsel.agent
      .post(`/api/projects/${projectId}/members`)
      .send({ username: associate.user.username, role: 'owner' })
      .expect(403, { error: "Viewers can't manage members", code: 'FORBIDDEN' });
  });

  it('always keeps an owner; a handed-over project shows its new owner to everyone', async () => {
    const projectId = await createProject(owner.agent, 'Project Tern');
    await addMember(owner.agent, projectId, associate, 'editor');
    await addMember(owner.agent, projectId, counsel, 'viewer');
    const last = await owner.agent
      .patch(`/api/projects/${projectId}/members/${owner.user.id}`)
      .send({ role: 'editor' })
      .expect(409);
    expect(last.body.code).toBe('LAST_OWNER');
    await owner.agent
      .delete(`/api/projects/${projectId}/members/${owner.user.id}`)
      .expect(409)
      .expect((response) => expect(response.body.code).toBe('LAST_OWNER'));
    await owner.agent
      .patch(`/api/projects/${projectId}/members/${associate.user.id}`)
      .send({ role: 'owner' })
      .expect(200);
    await owner.agent.delete(`/api/projects/${projectId}/members/${owner.user.id}`).expect(200);
    await owner.agent.get(`/api/projects/${projectId}/members`).expect(404);
    expect((await projectsOf(owner)).some((project) => project.id === projectId)).toBe(false);
    const seen = (await projectsOf(counsel)).find((project) => project.id === projectId);
    expect(seen?.owner).toEqual({ id: associate.user.id, username: associate.user.username });
  });

  it('lets editors work and read the log, viewers neither; owners alone delete the project', async () => {
    const projectId = await createProject(owner.agent, 'Project Wren');
    await addMember(owner.agent, projectId, associate, 'editor');
    await addMember(owner.agent, projectId, counsel, 'viewer');
    await associate.agent
      .patch(`/api/projects/${projectId}`)
      .send({ industry: 'Retail' })
      .expect(200);
    await associate.agent.get(`/api/projects/${projectId}/activity`).expect(200);
    await counsel.agent
      .get(`/api/projects/${projectId}/activity`)
      .expect(403, { error: "Viewers can't read the activity log", code: 'FORBIDDEN' });
    await associate.agent
      .delete(`/api/projects/${projectId}`)
      .expect(403, { error: "Editors can't delete the project", code: 'FORBIDDEN' });
    await owner.agent.delete(`/api/projects/${projectId}`).expect(200);
    expect((await projectsOf(counsel)).some((project) => project.id === projectId)).toBe(false);
  });

  it('keeps chat sessions private to whoever created them, owners included', async () => {
    const projectId = await createProject(owner.agent, 'Project Heron');
    await addMember(owner.agent, projectId, counsel, 'viewer');
    const mine = await counsel.agent.post(`/api/qa/sessions/${projectId}`).send({}).expect(201);
    await owner.agent.post(`/api/qa/sessions/${projectId}`).send({}).expect(201);
    const ownerSees = await owner.agent.get(`/api/qa/sessions/${projectId}`).expect(200);
    expect(ownerSees.body.sessions).toHaveLength(1);
    await owner.agent.get(`/api/qa/sessions/${mine.body.session.id}/history`).expect(404);
    const counselSees = await counsel.agent.get(`/api/qa/sessions/${projectId}`).expect(200);
    expect(counselSees.body.sessions.map((s: { id: number }) => s.id)).toEqual([
      mine.body.session.id,
    ]);
  });

  describe('administrators', () => {
    it('are the first local account; they list, disable, re-enable and promote accounts', async () => {
      const me = await admin.agent.get('/api/auth/user').expect(200);
      expect(me.body.user.isAdmin).toBe(true);
      const users = await admin.agent.get('/api/admin/users').expect(200);
      expect(users.body.users).toContainEqual(
        expect.objectContaining({
          id: owner.user.id,
          username: owner.user.username,
          source: 'local',
          isAdmin: false,
          disabled: false,
        }),
      );
      const temp = await person(testApp);
      await admin.agent
        .patch(`/api/admin/users/${temp.user.id}`)
        .send({ disabled: true })
        .expect(200);
      await temp.agent
        .get('/api/projects')
        .expect(401)
        .expect((response) => expect(response.body.code).toBe('ACCOUNT_DISABLED'));
      await testApp
        .http()
        .post('/api/auth/login')
        .send({ username: temp.user.username, password: 'correct horse battery' })
        .expect(401)
        .expect((response) => expect(response.body.code).toBe('ACCOUNT_DISABLED'));
      await admin.agent
        .patch(`/api/admin/users/${temp.user.id}`)
        .send({ disabled: false })
        .expect(200);
      await temp.agent.get('/api/projects').expect(200);
      await admin.agent.patch(`/api/admin/users/${temp.user.id}`).send({ admin: true }).expect(200);
      await temp.agent.get('/api/admin/users').expect(200);
      await admin.agent
        .patch(`/api/admin/users/${admin.user.id}`)
        .send({ disabled: true })
        .expect(400);
    });

    it('do not read projects they are not members of', async () => {
      const projectId = await createProject(owner.agent, 'Project Rook');
      await admin.agent.get(`/api/projects/${projectId}/files`).expect(404);
      expect((await projectsOf(admin)).some((project) => project.id === projectId)).toBe(false);
    });
  });
});

describe('revocation: removing a member ends their access within one request (issue 17)', () => {
  let ollama: FakeOllama;
  let testApp: TestApp;
  let owner: Person;

  beforeAll(async () => {
    ollama = new FakeOllama();
    testApp = await startTestApp({ LLM_DRIVER: 'ollama', OLLAMA_URL: await ollama.start() });
    owner = await person(testApp);
  });
  afterAll(async () => {
    await testApp.drop();
    await ollama.stop();
  });

  it('their session, their signed file URL and their open answer stream all stop', async () => {
    const projectId = await createProject(owner.agent, 'Project Merlin');
    const document = await uploadDocument(owner.agent, projectId);
    const counsel = await person(testApp);
    await addMember(owner.agent, projectId, counsel, 'viewer');
    const token = await counsel.agent.get(`/api/files/${document.id}/token`).expect(200);
    const signedUrl = token.body.url as string;
    await testApp.http().get(signedUrl).expect(200);
    const session = await counsel.agent.post(`/api/qa/sessions/${projectId}`).send({}).expect(201);

    ollama.onChat = () =>
      answer(['The term ', 'is five ', 'years ', 'from the ', 'Effective ', 'Date [1].'], {
        delayMs: 400,
      });
    const events: AskStreamEvent[] = [];
    let firstChunk!: () => void;
    const streaming = new Promise<void>((resolve) => (firstChunk = resolve));
    const stream = await openAsk(
      testApp,
      counsel.cookie,
      { project_id: projectId, sessionId: session.body.session.id, question: 'What is the term?' },
      (event) => {
        events.push(event);
        if (event.type === 'chunk') firstChunk();
      },
    );
    await streaming;

    const removedAt = Date.now();
    await owner.agent.delete(`/api/projects/${projectId}/members/${counsel.user.id}`).expect(200);
    await stream.ended;
    expect(Date.now() - removedAt).toBeLessThan(1_000);
    expect(events.map((event) => event.type)).toEqual(['metadata', 'chunk', 'error']);
    expect(events.at(-1)).toEqual({
      type: 'error',
      error: 'Your access to this project has ended.',
      code: 'NOT_FOUND',
    });
    await counsel.agent.get(`/api/projects/${projectId}/files`).expect(404);
    await counsel.agent.get(`/api/files/${document.id}/token`).expect(404);
    await testApp.http().get(signedUrl).expect(403);
    expect((await projectsOf(counsel)).some((project) => project.id === projectId)).toBe(false);
  });

  it('a disabled account loses its signed URLs and open streams too', async () => {
    // The first account of this app (the owner) administers it.
    const admin = owner;
    const projectId = await createProject(owner.agent, 'Project Swift');
    const document = await uploadDocument(owner.agent, projectId);
    const counsel = await person(testApp);
    await addMember(owner.agent, projectId, counsel, 'editor');
    const token = await counsel.agent.get(`/api/files/${document.id}/token`).expect(200);
    await admin.agent
      .patch(`/api/admin/users/${counsel.user.id}`)
      .send({ disabled: true })
      .expect(200);
    await testApp
      .http()
      .get(token.body.url as string)
      .expect(403);
    await counsel.agent.get(`/api/projects/${projectId}/files`).expect(401);
  });
});

describe('the activity log records each action exactly once (issue 17)', () => {
  let testApp: TestApp;
  let owner: Person;
  let editor: Person;
  let viewer: Person;
  let admin: Person;

  beforeAll(async () => {
    testApp = await startTestApp();
    admin = await person(testApp);
    owner = await person(testApp);
    editor = await person(testApp);
    viewer = await person(testApp);
  });
  afterAll(() => testApp.drop());

  it('uploads, views (cookie, signed URL), downloads, questions, reviews, exports, AI Extract, edits, members, renames, deletion', async () => {
    const projectId = await createProject(owner.agent, 'Project Ibis');
    await addMember(owner.agent, projectId, editor, 'editor');
    await addMember(owner.agent, projectId, viewer, 'viewer');
    const document = await uploadDocument(editor.agent, projectId, 'msa.txt');
    const doomed = await uploadDocument(
      editor.agent,
      projectId,
      'draft.txt',
      'A draft to delete.\n',
    );
    await editor.agent.delete(`/api/files/${doomed.id}`).expect(200);

    await viewer.agent.get(`/api/files/${document.filename}`).expect(200);
    const token = await viewer.agent.get(`/api/files/${document.id}/token`).expect(200);
    await testApp
      .http()
      .get(token.body.url as string)
      .expect(200);
    await viewer.agent.get(`/api/files/${document.filename}?download=1`).expect(200);

    const session = await viewer.agent.post(`/api/qa/sessions/${projectId}`).send({}).expect(201);
    const asked = await ask(viewer.agent, {
      project_id: projectId,
      sessionId: session.body.session.id,
      question: 'Which law governs the agreement?',
    });
    expect(asked.status).toBe(200);

    const review = await editor.agent
      .post(`/api/projects/${projectId}/reviews`)
      .send({
        name: 'Law',
        columns: [{ label: 'Law', question: 'Which law governs?', type: 'text' }],
      })
      .expect(201);
    await viewer.agent.get(`/api/reviews/${review.body.review.id}/export?format=csv`).expect(200);
    await viewer.agent.get(`/api/projects/${projectId}/clauses/export?format=csv`).expect(200);
    await editor.agent.post(`/api/projects/${projectId}/extract-deal-details`).expect(200);
    await editor.agent
      .patch(`/api/projects/${projectId}`)
      .send({ industry: 'Shipping', revenue: '$5M' })
      .expect(200);
    await owner.agent
      .patch(`/api/projects/${projectId}`)
      .send({ name: 'Project Ibis II' })
      .expect(200);
    await owner.agent
      .patch(`/api/projects/${projectId}/members/${viewer.user.id}`)
      .send({ role: 'editor' })
      .expect(200);
    await owner.agent.delete(`/api/projects/${projectId}/members/${viewer.user.id}`).expect(200);

    const entries = await activity(owner, projectId);
    const counts: Record<string, number> = {};
    for (const entry of entries) counts[entry.action] = (counts[entry.action] ?? 0) + 1;
    expect(counts).toEqual({
      'project.created': 1,
      'member.added': 2,
      'document.uploaded': 2,
      'document.deleted': 1,
      'document.viewed': 2,
      'document.downloaded': 1,
      'question.asked': 1,
      'review.run': 1,
      'review.exported': 1,
      'clauses.exported': 1,
      'deal_details.extracted': 1,
      'project.details_edited': 1,
      'project.renamed': 1,
      'member.role_changed': 1,
      'member.removed': 1,
    });
    const question = entries.find((entry) => entry.action === 'question.asked')!;
    expect(question).toMatchObject({
      actor: { id: viewer.user.id, username: viewer.user.username },
      details: { question: 'Which law governs the agreement?' },
      address: expect.stringMatching(/127\.0\.0\.1/),
    });
    expect(JSON.stringify(question.details)).not.toMatch(/Delaware/);
    const viaSignedUrl = entries.filter((entry) => entry.action === 'document.viewed');
    expect(viaSignedUrl.every((entry) => entry.actor?.id === viewer.user.id)).toBe(true);
    expect(viaSignedUrl[0]!.document).toEqual({ id: document.id, name: 'msa.txt' });
    // Newest first, keyset pages.
    expect(entries.map((entry) => entry.id)).toEqual(
      [...entries.map((entry) => entry.id)].sort((a, b) => b - a),
    );
    const firstPage = await owner.agent
      .get(`/api/projects/${projectId}/activity?limit=3`)
      .expect(200);
    expect(firstPage.body.entries).toHaveLength(3);
    const next = await owner.agent
      .get(`/api/projects/${projectId}/activity?limit=3&before=${firstPage.body.nextBefore}`)
      .expect(200);
    expect(next.body.entries[0].id).toBeLessThan(firstPage.body.entries[2].id);
    const byViewer = await activity(owner, projectId, `&actor=${viewer.user.id}`);
    expect(byViewer.every((entry) => entry.actor?.id === viewer.user.id)).toBe(true);
    // Two views, a download, a question, two exports.
    expect(byViewer.length).toBe(6);
    const ofDocument = await activity(owner, projectId, `&documentId=${document.id}`);
    expect(ofDocument.map((entry) => entry.action).sort()).toEqual([
      'document.downloaded',
      'document.uploaded',
      'document.viewed',
      'document.viewed',
    ]);
    const summary = await owner.agent
      .get(`/api/projects/${projectId}/activity/documents`)
      .expect(200);
    expect(summary.body.documents).toEqual([
      { documentId: document.id, viewers: 1, lastViewedAt: expect.stringMatching(/^\d{4}-/) },
    ]);
    const csv = await owner.agent.get(`/api/projects/${projectId}/activity/export`).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,time,user,action,document,address,details');
    expect(lines).toHaveLength(entries.length + 1);

    // No route changes or deletes an entry.
    for (const method of ['put', 'patch', 'delete', 'post'] as const) {
      await owner.agent[method](`/api/projects/${projectId}/activity`).expect(404);
      await owner.agent[method](`/api/projects/${projectId}/activity/${entries[0]!.id}`).expect(
        404,
      );
    }
    expect(await activity(owner, projectId)).toEqual(entries);
  });

  it('keeps a tombstone of a deleted project, which administrators see', async () => {
    const projectId = await createProject(owner.agent, 'Project Gone');
    await uploadDocument(owner.agent, projectId, 'a.txt', 'First document.\n');
    await owner.agent.delete(`/api/projects/${projectId}`).expect(200);
    const tombstones = await admin.agent.get('/api/admin/deleted-projects').expect(200);
    expect(tombstones.body.entries).toContainEqual(
      expect.objectContaining({
        projectId,
        action: 'project.deleted',
        actor: { id: owner.user.id, username: owner.user.username },
        details: { name: 'Project Gone', documentCount: 1 },
      }),
    );
  });
});

describe('activity retention (ACTIVITY_RETENTION_DAYS)', () => {
  let testApp: TestApp;
  afterAll(() => testApp.drop());

  it('the cleanup job removes entries older than the retention, and only those', async () => {
    testApp = await startTestApp({ ACTIVITY_RETENTION_DAYS: '1' });
    const owner = await person(testApp);
    const projectId = await createProject(owner.agent, 'Project Lapwing');
    const retention = testApp.app.get(ActivityRetention);
    expect(await retention.run()).toBe(0);
    expect((await activity(owner, projectId)).map((entry) => entry.action)).toEqual([
      'project.created',
    ]);
    // Two days on, the entry is past the one-day retention.
    expect(await retention.run(Date.now() + 2 * 86_400_000)).toBe(1);
    expect(await activity(owner, projectId)).toEqual([]);
  });
});
