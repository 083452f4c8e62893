import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signUp, startTestApp, type TestApp } from './support/test-app.js';

/** The projects list and the stats are cached per user until that user's data changes. */
describe('cached reads (projects list, dashboard stats)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.drop());

  it('answers 304 to a matching If-None-Match, and a new ETag and body after a change', async () => {
    const { agent } = await signUp(testApp);
    const first = await agent.get('/api/projects').expect(200);
    const etag = first.headers['etag'];
    expect(etag).toMatch(/^W\/"projects-\d+-\d+"$/);
    await agent.get('/api/projects').set('If-None-Match', String(etag)).expect(304);

    await agent.post('/api/projects').send({ name: 'Fresh deal' }).expect(201);
    const after = await agent.get('/api/projects').set('If-None-Match', String(etag)).expect(200);
    expect(after.headers['etag']).not.toBe(etag);
    expect(after.body.projects.map((p: { name: string }) => p.name)).toEqual(['Fresh deal']);
  });

  it('sends the body with brotli to browsers, which accept it', async () => {
    const { cookie } = await signUp(testApp);
    const response = await testApp
      .http()
      .get('/api/projects')
      .set('Cookie', cookie)
      .set('Accept-Encoding', 'gzip, deflate, br')
      .expect(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.body).toEqual({ projects: [] });
  });

  it('sends the body gzipped to clients that accept only gzip, and plain to the others', async () => {
    const { cookie } = await signUp(testApp);
    // superagent inflates a gzip body itself, and fails the request if it is not valid gzip.
    const gzipped = await testApp
      .http()
      .get('/api/dashboard/stats')
      .set('Cookie', cookie)
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.body).toMatchObject({ activeProjects: 0 });

    const plain = await testApp
      .http()
      .get('/api/dashboard/stats')
      .set('Cookie', cookie)
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatchObject({ activeProjects: 0 });
  });

  it('never serves one user the cached list of another', async () => {
    const alice = await signUp(testApp);
    const bob = await signUp(testApp);
    await alice.agent.post('/api/projects').send({ name: 'Alice only' }).expect(201);
    expect((await alice.agent.get('/api/projects')).body.projects).toHaveLength(1);
    expect((await bob.agent.get('/api/projects')).body.projects).toEqual([]);
  });

  it('a change made through another API process is seen at once (the version lives in the database)', async () => {
    const other = await startTestApp({}, testApp.db);
    try {
      const { cookie } = await signUp(testApp);
      const before = await testApp
        .http()
        .get('/api/dashboard/stats')
        .set('Cookie', cookie)
        .expect(200);
      expect(before.body.activeProjects).toBe(0);
      await other
        .http()
        .post('/api/projects')
        .set('Cookie', cookie)
        .send({ name: 'Via B', valuation: '$3M' })
        .expect(201);
      const after = await testApp
        .http()
        .get('/api/dashboard/stats')
        .set('Cookie', cookie)
        .expect(200);
      expect(after.body).toMatchObject({ activeProjects: 1, totalDealValue: 3_000_000 });
      const list = await testApp.http().get('/api/projects').set('Cookie', cookie).expect(200);
      expect(list.body.projects.map((p: { name: string }) => p.name)).toEqual(['Via B']);
    } finally {
      await other.close();
    }
  });
});
