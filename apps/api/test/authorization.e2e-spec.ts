import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { createProject } from './support/documents.js';
import { addMember, dealTeam, type DealTeam, person, type Person } from './support/deal-team.js';
import { ask } from './support/sse.js';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app.js';

/**
 * Issue 17: every route × every kind of caller, with the status each must get. The table is
 * checked against the routes Nest actually registered, so a route added without an entry (or an
 * entry left for a route that is gone) fails this test.
 */

const callers = [
  'owner',
  'editor',
  'viewer',
  'nonMember',
  'admin',
  'anonymous',
  'disabled',
] as const;
type Caller = (typeof callers)[number];

type Context = {
  team: DealTeam;
  testApp: TestApp;
  reviewId: number;
  columnId: number;
  /** A member whose role the owner may set (PATCH members). */
  target: Person;
  /** The caller's own chat session in the project, or the owner's when the caller has none. */
  sessionOf: (caller: Caller) => number;
};

type Case = {
  /** One request as `agent` (for `caller`); the response's status is compared. */
  send: (agent: TestAgent, caller: Caller, context: Context) => Promise<Response | number>;
  expected: Record<Caller, number>;
};

/** Expected statuses; anonymous callers get 401, and so do disabled accounts (ACCOUNT_DISABLED). */
const statuses = (
  owner: number,
  editor: number,
  viewer: number,
  nonMember: number,
  admin: number,
): Record<Caller, number> => ({
  owner,
  editor,
  viewer,
  nonMember,
  admin,
  anonymous: 401,
  disabled: 401,
});
/** Any member reads; nobody else learns that the project exists. */
const members = (ok = 200) => statuses(ok, ok, ok, 404, 404);
/** Editors and owners; viewers are told what they can't do. */
const editors = (ok = 200) => statuses(ok, ok, 403, 404, 404);
const ownersOnly = (ok = 200) => statuses(ok, 403, 403, 404, 404);
/** Any signed-in user (not tied to a project). */
const signedIn = (ok = 200) => statuses(ok, ok, ok, ok, ok);
const adminsOnly = () => statuses(403, 403, 403, 403, 200);
/** Public routes answer everyone alike. */
const everyone = (status: number): Record<Caller, number> =>
  Object.fromEntries(callers.map((caller) => [caller, status])) as Record<Caller, number>;

const column = { label: 'Governing law', question: 'Which law governs?', type: 'text' } as const;

/** A project of the whole team, to delete. */
async function teamProject(context: Context): Promise<number> {
  const { owner, editor, viewer, disabled } = context.team;
  const id = await createProject(owner.agent, 'To delete');
  await addMember(owner.agent, id, editor, 'editor');
  await addMember(owner.agent, id, viewer, 'viewer');
  await addMember(owner.agent, id, disabled, 'editor').catch(() => undefined);
  return id;
}

const table: Record<string, Case> = {
  // --- Projects
  'GET /api/projects': { send: (a) => a.get('/api/projects'), expected: signedIn() },
  'POST /api/projects': {
    send: (a) => a.post('/api/projects').send({ name: 'Mine' }),
    expected: signedIn(201),
  },
  'PATCH /api/projects/:id': {
    send: (a, _, c) => a.patch(`/api/projects/${c.team.projectId}`).send({ industry: 'Logistics' }),
    expected: editors(),
  },
  'DELETE /api/projects/:id': {
    send: async (a, _, c) => a.delete(`/api/projects/${await teamProject(c)}`),
    expected: ownersOnly(),
  },
  // --- Members
  'GET /api/projects/:id/members': {
    send: (a, _, c) => a.get(`/api/projects/${c.team.projectId}/members`),
    expected: members(),
  },
  'POST /api/projects/:id/members': {
    send: async (a, _, c) => {
      const newcomer = await person(c.testApp);
      return a
        .post(`/api/projects/${c.team.projectId}/members`)
        .send({ username: newcomer.user.username, role: 'viewer' });
    },
    expected: ownersOnly(201),
  },
  'PATCH /api/projects/:id/members/:userId': {
    send: (a, _, c) =>
      a
        .patch(`/api/projects/${c.team.projectId}/members/${c.target.user.id}`)
        .send({ role: 'viewer' }),
    expected: ownersOnly(),
  },
  'DELETE /api/projects/:id/members/:userId': {
    send: async (a, _, c) => {
      const leaving = await person(c.testApp);
      await addMember(c.team.owner.agent, c.team.projectId, leaving, 'viewer');
      return a.delete(`/api/projects/${c.team.projectId}/members/${leaving.user.id}`);
    },
    expected: ownersOnly(),
  },
  // --- Activity log
  'GET /api/projects/:id/activity': {
    send: (a, _, c) => a.get(`/api/projects/${c.team.projectId}/activity`),
    expected: editors(),
  },
  'GET /api/projects/:id/activity/documents': {
    send: (a, _, c) => a.get(`/api/projects/${c.team.projectId}/activity/documents`),
    expected: editors(),
  },
  'GET /api/projects/:id/activity/export': {
    send: (a, _, c) => a.get(`/api/projects/${c.team.projectId}/activity/export`),
    expected: editors(),
  },
  // --- Documents
  'GET /api/projects/:projectId/files': {
    send: (a, _, c) => a.get(`/api/projects/${c.team.projectId}/files`),
    expected: members(),
  },
  'POST /api/projects/:projectId/files': {
    send: (a, caller, c) =>
      a
        .post(`/api/projects/${c.team.projectId}/files`)
        .attach('files', Buffer.from(`Notes of ${caller}, ${Date.now()}\n`), `${caller}.txt`),
    expected: editors(201),
  },
  'DELETE /api/files/:id': {
    send: async (a, caller, c) => {
      const uploaded = await c.team.owner.agent
        .post(`/api/projects/${c.team.projectId}/files`)
        .attach('files', Buffer.from(`To delete by ${caller}, ${Date.now()}\n`), 'old.txt')
        .expect(201);
      return a.delete(`/api/files/${uploaded.body.files[0].file.id}`);
    },
    expected: editors(),
  },
  'GET /api/files/:id/token': {
    send: (a, _, c) => a.get(`/api/files/${c.team.document.id}/token`),
    expected: members(),
  },
  'GET /api/files/:id/pages/:pageNumber': {
    send: (a, _, c) => a.get(`/api/files/${c.team.document.id}/pages/1`),
    expected: members(),
  },
  'GET /api/files/:filename': {
    send: (a, _, c) => a.get(`/api/files/${c.team.document.filename}`),
    expected: members(),
  },
  'GET /api/files/:id/clauses': {
    send: (a, _, c) => a.get(`/api/files/${c.team.document.id}/clauses`),
    expected: members(),
  },
  // --- Search, clauses, AI Extract
  'GET /api/projects/:projectId/search': {
    send: (a, _, c) => a.get(`/api/projects/${c.team.projectId}/search?q=governing%20law`),
    expected: members(),
  },
  'GET /api/projects/:projectId/clauses': {
    send: (a, _, c) => a.get(`/api/projects/${c.team.projectId}/clauses`),
    expected: members(),
  },
  'GET /api/projects/:projectId/clauses/matrix': {
    send: (a, _, c) => a.get(`/api/projects/${c.team.projectId}/clauses/matrix`),
    expected: members(),
  },
  'GET /api/projects/:projectId/clauses/export': {
    send: (a, _, c) => a.get(`/api/projects/${c.team.projectId}/clauses/export?format=csv`),
    expected: members(),
  },
  'POST /api/projects/:id/extract-deal-details': {
    send: (a, _, c) => a.post(`/api/projects/${c.team.projectId}/extract-deal-details`),
    expected: editors(),
  },
  // --- Chat (sessions are private to whoever created them)
  'GET /api/qa/sessions/:projectId': {
    send: (a, _, c) => a.get(`/api/qa/sessions/${c.team.projectId}`),
    expected: members(),
  },
  'POST /api/qa/sessions/:projectId': {
    send: (a, _, c) => a.post(`/api/qa/sessions/${c.team.projectId}`).send({}),
    expected: members(201),
  },
  'PATCH /api/qa/sessions/:sessionId': {
    send: (a, caller, c) =>
      a.patch(`/api/qa/sessions/${c.sessionOf(caller)}`).send({ name: `Renamed by ${caller}` }),
    expected: members(),
  },
  'DELETE /api/qa/sessions/:sessionId': {
    send: async (a, caller, c) => {
      const own = await a.post(`/api/qa/sessions/${c.team.projectId}`).send({});
      const id = own.status === 201 ? (own.body.session.id as number) : c.sessionOf(caller);
      return a.delete(`/api/qa/sessions/${id}`);
    },
    expected: members(),
  },
  'GET /api/qa/sessions/:sessionId/history': {
    send: (a, caller, c) => a.get(`/api/qa/sessions/${c.sessionOf(caller)}/history`),
    expected: members(),
  },
  'POST /api/qa/ask-stream': {
    send: async (a, caller, c) =>
      (
        await ask(a, {
          project_id: c.team.projectId,
          sessionId: c.sessionOf(caller),
          question: 'Which law governs the agreement?',
        })
      ).status,
    expected: members(),
  },
  // --- Reviews
  'GET /api/projects/:id/reviews': {
    send: (a, _, c) => a.get(`/api/projects/${c.team.projectId}/reviews`),
    expected: members(),
  },
  'POST /api/projects/:id/reviews': {
    send: (a, caller, c) =>
      a
        .post(`/api/projects/${c.team.projectId}/reviews`)
        .send({ name: `Review by ${caller}`, columns: [column] }),
    expected: editors(201),
  },
  'GET /api/reviews/:id': {
    send: (a, _, c) => a.get(`/api/reviews/${c.reviewId}`),
    expected: members(),
  },
  'PATCH /api/reviews/:id/cells/:documentId/:columnId': {
    send: (a, _, c) =>
      a
        .patch(`/api/reviews/${c.reviewId}/cells/${c.team.document.id}/${c.columnId}`)
        .send({ flagged: true }),
    expected: editors(),
  },
  'POST /api/reviews/:id/columns': {
    send: (a, caller, c) =>
      a
        .post(`/api/reviews/${c.reviewId}/columns`)
        .send({ label: `Term (${caller})`, question: 'What is the term?', type: 'duration' }),
    expected: editors(201),
  },
  'DELETE /api/reviews/:id': {
    send: async (a, _, c) => {
      const review = await c.team.owner.agent
        .post(`/api/projects/${c.team.projectId}/reviews`)
        .send({ name: 'To delete', columns: [column] })
        .expect(201);
      return a.delete(`/api/reviews/${review.body.review.id}`);
    },
    expected: editors(),
  },
  'GET /api/reviews/:id/export': {
    send: (a, _, c) => a.get(`/api/reviews/${c.reviewId}/export?format=csv`),
    expected: members(),
  },
  'GET /api/review-templates': {
    send: (a) => a.get('/api/review-templates'),
    expected: signedIn(),
  },
  'POST /api/review-templates': {
    send: (a) => a.post('/api/review-templates').send({ name: 'Mine', columns: [column] }),
    expected: signedIn(201),
  },
  // --- Dashboard, administration
  'GET /api/dashboard/stats': { send: (a) => a.get('/api/dashboard/stats'), expected: signedIn() },
  'GET /api/admin/users': { send: (a) => a.get('/api/admin/users'), expected: adminsOnly() },
  'PATCH /api/admin/users/:id': {
    send: (a, _, c) => a.patch(`/api/admin/users/${c.target.user.id}`).send({ disabled: false }),
    expected: adminsOnly(),
  },
  'GET /api/admin/deleted-projects': {
    send: (a) => a.get('/api/admin/deleted-projects'),
    expected: adminsOnly(),
  },
  // --- Public routes: no project, no role; they answer every caller alike.
  'GET /api/health/live': { send: (a) => a.get('/api/health/live'), expected: everyone(200) },
  'GET /api/health/ready': { send: (a) => a.get('/api/health/ready'), expected: everyone(200) },
  'GET /api/config': { send: (a) => a.get('/api/config'), expected: signedIn() },
  'GET /api/auth/config': { send: (a) => a.get('/api/auth/config'), expected: everyone(200) },
  'GET /api/auth/user': { send: (a) => a.get('/api/auth/user'), expected: signedIn() },
  'POST /api/auth/register': {
    // Registration does not depend on who asks; a fresh agent keeps the caller's session.
    send: (_, caller, c) =>
      c.testApp
        .http()
        .post('/api/auth/register')
        .send({ username: `new-${caller}-${Date.now()}`, password: 'correct horse battery' }),
    expected: everyone(201),
  },
  'POST /api/auth/login': {
    send: (_, __, c) =>
      c.testApp
        .http()
        .post('/api/auth/login')
        .send({ username: c.target.user.username, password: 'correct horse battery' }),
    expected: everyone(200),
  },
  'POST /api/auth/logout': {
    // Logging out ends the caller's session: done with a session of its own.
    send: async (_, __, c) => (await person(c.testApp)).agent.post('/api/auth/logout'),
    expected: everyone(200),
  },
  // Single sign-on is off here (AUTH_DRIVER=local); oidc.e2e-spec.ts covers these routes.
  'GET /api/auth/oidc/login': {
    send: (a) => a.get('/api/auth/oidc/login'),
    expected: everyone(404),
  },
  'GET /api/auth/oidc/callback': {
    send: (a) => a.get('/api/auth/oidc/callback'),
    expected: everyone(404),
  },
  'POST /api/auth/oidc/backchannel-logout': {
    send: (a) => a.post('/api/auth/oidc/backchannel-logout'),
    expected: everyone(404),
  },
};

/** Every route Nest registered, as "METHOD /path" (Express's router, as Nest set it up). */
function registeredRoutes(testApp: TestApp): string[] {
  type Layer = { route?: { path: string; methods: Record<string, boolean> } };
  const instance = testApp.app.getHttpAdapter().getInstance() as {
    router?: { stack: Layer[] };
    _router?: { stack: Layer[] };
  };
  const stack = (instance.router ?? instance._router)!.stack;
  return stack.flatMap((layer) =>
    // `/api{/*splat}` is Nest's answer to unknown routes (404 ROUTE_NOT_FOUND), not a route.
    layer.route && !layer.route.path.includes('*')
      ? Object.keys(layer.route.methods)
          .filter((method) => method !== '_all')
          .map((method) => `${method.toUpperCase()} ${layer.route!.path}`)
      : [],
  );
}

describe('authorisation of every route (issue 17)', () => {
  let testApp: TestApp;
  let context: Context;

  beforeAll(async () => {
    testApp = await startTestApp();
    const team = await dealTeam(testApp);
    const target = await person(testApp);
    await addMember(team.owner.agent, team.projectId, target, 'viewer');
    const review = await team.owner.agent
      .post(`/api/projects/${team.projectId}/reviews`)
      .send({ name: 'Governing law', columns: [column] })
      .expect(201);
    const sessions = new Map<Caller, number>();
    for (const caller of ['owner', 'editor', 'viewer'] as const) {
      const created = await team[caller].agent
        .post(`/api/qa/sessions/${team.projectId}`)
        .send({})
        .expect(201);
      sessions.set(caller, created.body.session.id as number);
    }
    context = {
      team,
      testApp,
      target,
      reviewId: review.body.review.id as number,
      columnId: review.body.review.columns[0].id as number,
      sessionOf: (caller) => sessions.get(caller) ?? sessions.get('owner')!,
    };
  }, 120_000);
  afterAll(() => testApp.drop());

  it('has an entry for every registered route, and no entry for a route that does not exist', () => {
    // (The back-channel logout route is mounted twice: its own body parser, then Nest's handler.)
    const registered = [...new Set(registeredRoutes(testApp))].sort();
    expect(registered.length).toBeGreaterThan(40);
    expect(Object.keys(table).sort()).toEqual(registered);
  });

  const agentOf = (caller: Caller): TestAgent => {
    if (caller === 'anonymous') return testApp.http();
    const { team } = context;
    const people: Record<Exclude<Caller, 'anonymous'>, Person> = {
      owner: team.owner,
      editor: team.editor,
      viewer: team.viewer,
      nonMember: team.outsider,
      admin: team.admin,
      disabled: team.disabled,
    };
    return people[caller].agent;
  };

  describe.each(Object.entries(table))('%s', (_route, { send, expected }) => {
    it.each(callers)('as %s', async (caller) => {
      const response = await send(agentOf(caller), caller, context);
      const status = typeof response === 'number' ? response : response.status;
      const body = typeof response === 'number' ? null : (response.body as Record<string, unknown>);
      expect({ caller, status }).toEqual({ caller, status: expected[caller] });
      if (body === null || typeof body !== 'object') return;
      if (status === 403) {
        // The message names what the role can't do.
        expect(body).toMatchObject({ code: 'FORBIDDEN' });
        expect(String(body['error'])).toMatch(/^(Viewers|Editors) can't |^Only administrators/);
      }
      if (status === 401 && caller === 'disabled') {
        expect(body).toMatchObject({ code: 'ACCOUNT_DISABLED' });
      }
      if (status === 404 && (caller === 'nonMember' || caller === 'admin')) {
        // No hint that the project exists.
        expect(body['code']).toBe('NOT_FOUND');
      }
    });
  });
});
