import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { controlCharactersMessage, type TextKind } from '@clearroom/contracts';
import { createProject, waitForAnalysis } from './support/documents.js';
import { signUp, startTestApp, type TestAgent, type TestApp } from './support/test-app.js';

/** Control characters a client can put in JSON, and a lone surrogate (ill-formed UTF-16). */
const CONTROL_CHARACTERS = ['\u0000', '\u0007', '\u0008', '\u001b', '\u007f', '\u0085', '\u009f'];
const LINE_BREAKS_AND_TABS = ['\t', '\n', '\r\n'];
const LONE_SURROGATE = '\ud800';
const codePoint = (char: string) =>
  `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** `agent` is the signed-in owner; `anonymous()` a client without cookies (sign-up signs in). */
/** Percent-encoded, a lone surrogate as the (invalid) UTF-8 bytes it would take. */
const pathSegment = (text: string) =>
  [...text]
    .map((char) => (char === LONE_SURROGATE ? '%ED%A0%80' : encodeURIComponent(char)))
    .join('');

type Context = {
  agent: TestAgent;
  anonymous: () => TestAgent;
  projectId: number;
  sessionId: number;
};
type Send = (context: Context, value: string) => Promise<{ status: number; body: unknown }>;

/**
 * Every text field of every route that takes text. `kind` says what the field accepts:
 * one line, several lines (tabs and line breaks are fine), anything (a password, only hashed),
 * or control characters removed rather than refused (history, which may quote a document).
 * A new field is one more line here.
 */
type Field = {
  name: string;
  label: string;
  kind: TextKind | 'anything' | 'stripped';
  send: Send;
};

const post = (path: (c: Context) => string, body: (value: string) => object): Send => {
  return (context, value) => context.agent.post(path(context)).send(body(value));
};
const patch = (path: (c: Context) => string, body: (value: string) => object): Send => {
  return (context, value) => context.agent.patch(path(context)).send(body(value));
};

const dealFields: [key: string, label: string, kind: TextKind][] = [
  ['description', 'Description', 'multi-line'],
  ['companyName', 'Company name', 'single-line'],
  ['industry', 'Industry', 'single-line'],
  ['businessModel', 'Business model', 'multi-line'],
  ['ceoName', 'CEO/MD name', 'single-line'],
  ['ceoContact', 'CEO contact', 'single-line'],
  ['revenue', 'Revenue', 'single-line'],
  ['profitMargin', 'Profit margin', 'single-line'],
  ['employeeCount', 'Employees', 'single-line'],
  ['valuation', 'Valuation', 'single-line'],
];

let registrations = 0;
const FIELDS: Field[] = [
  {
    name: 'register username',
    label: 'Username',
    kind: 'single-line',
    send: (c, value) =>
      c
        .anonymous()
        .post('/api/auth/register')
        .send({ username: `new${registrations++}${value}x`, password: 'long enough' }),
  },
  {
    name: 'register password',
    label: 'Password',
    kind: 'anything',
    send: (c, value) =>
      c
        .anonymous()
        .post('/api/auth/register')
        .send({ username: `pw${registrations++}`, password: `long enough${value}` }),
  },
  {
    name: 'login username',
    label: 'Username',
    kind: 'single-line',
    send: (c, value) =>
      c
        .anonymous()
        .post('/api/auth/login')
        .send({ username: `a${value}b`, password: 'x' }),
  },
  {
    name: 'login password',
    label: 'Password',
    kind: 'anything',
    send: (c, value) =>
      c.anonymous().post('/api/auth/login').send({ username: 'nobody', password: value }),
  },
  {
    name: 'create project name',
    label: 'Project name',
    kind: 'single-line',
    send: post(
      () => '/api/projects',
      (value) => ({ name: `Deal ${value} x` }),
    ),
  },
  {
    name: 'rename project',
    label: 'Project name',
    kind: 'single-line',
    send: patch(
      (c) => `/api/projects/${c.projectId}`,
      (value) => ({ name: `Deal ${value} x` }),
    ),
  },
  ...dealFields.flatMap(([key, label, kind]): Field[] => [
    {
      name: `create project ${key}`,
      label,
      kind,
      send: post(
        () => '/api/projects',
        (value) => ({ name: 'Deal', [key]: `a${value}b` }),
      ),
    },
    {
      name: `update project ${key}`,
      label,
      kind,
      send: patch(
        (c) => `/api/projects/${c.projectId}`,
        (value) => ({ [key]: `a${value}b` }),
      ),
    },
  ]),
  {
    name: 'create chat session name',
    label: 'Session name',
    kind: 'single-line',
    send: post(
      (c) => `/api/qa/sessions/${c.projectId}`,
      (value) => ({ name: `Chat ${value} x` }),
    ),
  },
  {
    name: 'rename chat session',
    label: 'Session name',
    kind: 'single-line',
    send: patch(
      (c) => `/api/qa/sessions/${c.sessionId}`,
      (value) => ({ name: `Chat ${value} x` }),
    ),
  },
  {
    name: 'question',
    label: 'The question',
    kind: 'multi-line',
    send: (c, value) =>
      c.agent.post('/api/qa/ask-stream').send({
        project_id: c.projectId,
        sessionId: c.sessionId,
        question: `When does the ${value} agreement end?`,
      }),
  },
  {
    name: 'conversation history',
    label: "A message's content",
    kind: 'stripped',
    send: (c, value) =>
      c.agent.post('/api/qa/ask-stream').send({
        project_id: c.projectId,
        sessionId: c.sessionId,
        question: 'And the term?',
        conversation_history: [{ role: 'user', content: `What is the ${value} term?` }],
      }),
  },
  {
    name: 'search text',
    label: 'The search text (q)',
    kind: 'multi-line',
    send: (c, value) =>
      c.agent.get(`/api/projects/${c.projectId}/search`).query({ q: `term ${value} renewal` }),
  },
  {
    name: 'single sign-on returnTo',
    label: 'returnTo',
    kind: 'anything',
    send: (c, value) => c.agent.get('/api/auth/oidc/login').query({ returnTo: `/a${value}b` }),
  },
  {
    name: 'file name in the path',
    label: 'File name',
    kind: 'anything',
    send: (c, value) => c.agent.get(`/api/files/${pathSegment(`a${value}b.pdf`)}`),
  },
];

describe('control characters in every text field', () => {
  let testApp: TestApp;
  let context: Context;
  let bystander: TestAgent;
  let bystanderProjects: unknown;

  beforeAll(async () => {
    testApp = await startTestApp();
    const owner = await signUp(testApp);
    const projectId = await createProject(owner.agent, 'Northwind');
    await owner.agent
      .post(`/api/projects/${projectId}/files`)
      .attach(
        'files',
        Buffer.from('The agreement has an initial term of five years and renews yearly.\n'),
        'terms.txt',
      )
      .expect(201);
    await waitForAnalysis(owner.agent, projectId);
    const session = await owner.agent.post(`/api/qa/sessions/${projectId}`).send({}).expect(201);
    context = {
      agent: owner.agent,
      anonymous: () => testApp.http(),
      projectId,
      sessionId: session.body.session.id as number,
    };
    ({ agent: bystander } = await signUp(testApp));
    await createProject(bystander, 'Bystander deal');
    bystanderProjects = (await bystander.get('/api/projects').expect(200)).body;
  });
  afterAll(() => testApp.drop());

  describe.each(FIELDS.map((field) => [field.name, field] as const))('%s', (_name, field) => {
    it.each(CONTROL_CHARACTERS.map((char) => [codePoint(char), char]))(
      '%s: never a 500; refused with a 400 naming the field unless the field takes anything',
      async (_shown, char) => {
        const response = await field.send(context, char);
        expect(response.status).toBeLessThan(500);
        if (field.kind === 'single-line' || field.kind === 'multi-line') {
          expect({ status: response.status, body: response.body }).toEqual({
            status: 400,
            body: {
              error: controlCharactersMessage(field.label, field.kind),
              code: 'VALIDATION_FAILED',
            },
          });
        }
        if (field.kind === 'stripped') expect(response.status).toBe(200);
      },
    );

    it.each(LINE_BREAKS_AND_TABS.map((char) => [[...char].map(codePoint).join(' '), char]))(
      '%s: refused in a one-line field, accepted in a multi-line one',
      async (_shown, char) => {
        const response = await field.send(context, char);
        expect(response.status).toBeLessThan(500);
        if (field.kind === 'single-line') {
          expect(response.body).toEqual({
            error: controlCharactersMessage(field.label, 'single-line'),
            code: 'VALIDATION_FAILED',
          });
        }
        if (field.kind === 'multi-line' || field.kind === 'stripped') {
          expect(response.status).toBeGreaterThanOrEqual(200);
          expect(response.status).toBeLessThan(300);
        }
      },
    );

    it('a lone surrogate is never a 500', async () => {
      const response = await field.send(context, LONE_SURROGATE);
      expect(response.status).toBeLessThan(500);
    });
  });

  it('harmed no other data: the project keeps its document and session; another user is untouched', async () => {
    const files = await context.agent.get(`/api/projects/${context.projectId}/files`).expect(200);
    expect(files.body.files).toEqual([
      expect.objectContaining({ originalname: 'terms.txt', processingStatus: 'completed' }),
    ]);
    const sessions = await context.agent.get(`/api/qa/sessions/${context.projectId}`).expect(200);
    expect(sessions.body.sessions).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: context.sessionId })]),
    );
    expect((await bystander.get('/api/projects').expect(200)).body).toEqual(bystanderProjects);
  });
});
