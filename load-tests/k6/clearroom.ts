/**
 * A k6 client of Clearroom's REST API (spec §7): signing in, the calls the web app makes, and the
 * steps the journeys share. Every request is tagged with its route (`name`), so the summary and
 * thresholds group `/api/projects/17/files` and `/api/projects/18/files` together.
 *
 * The types come from libs/contracts, the same ones the API and the web app use; k6 strips them
 * (`import type`), so the scripts need nothing but this folder at run time.
 */
import { check, fail, sleep } from 'k6';
import http from 'k6/http';
import type { FileData, RefinedResponse } from 'k6/http';
import { Trend } from 'k6/metrics';
import type {
  AskRequest,
  AskStreamEvent,
  AuthConfigResponse,
  ChatSessionResponse,
  ProjectFile,
  ProjectFilesResponse,
  ProjectResponse,
  ProjectsResponse,
  UploadOutcome,
  UploadResponse,
} from '@clearroom/contracts';
import {
  answerTimeout,
  auth,
  type AuthSettings,
  baseUrl,
  contractName,
  ingestTimeoutSeconds,
  origin,
  pollIntervalSeconds,
  projectId as configuredProjectId,
  projectName,
} from './config.ts';

export type Response = RefinedResponse<'text'>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** What signs a request in: a session cookie or an access token, renewed after `renewAt`. */
type Credentials = {
  headers: Record<string, string>;
  cookies: Record<string, { value: string; replace: true }>;
  renewAt: number;
};

const signInTime = new Trend('clearroom_sign_in', true);

/** Each VU signs in once (again when an access token is about to expire). */
let signedIn: Credentials | null = null;

export function credentials(): Credentials {
  if (!signedIn || Date.now() >= signedIn.renewAt) signedIn = signIn(auth);
  return signedIn;
}

/** The `Cookie` header of the credentials (for clients that take headers only, such as SSE). */
export function cookieHeader(who: Credentials): string {
  return Object.entries(who.cookies)
    .map(([name, cookie]) => `${name}=${cookie.value}`)
    .join('; ');
}

function signIn(settings: AuthSettings): Credentials {
  switch (settings.kind) {
    case 'bearer-token':
      return {
        headers: { Authorization: `Bearer ${settings.token}` },
        cookies: {},
        renewAt: Infinity,
      };
    case 'client-credentials':
      return clientCredentials(settings);
    case 'local': {
      const response = login(settings, [200]);
      if (response.status !== 200)
        fail(`Sign-in as ${settings.username} failed: ${describe(response)}`);
      return sessionOf(response);
    }
  }
}

function login(settings: { username: string; password: string }, expected: number[]): Response {
  const response = http.post(
    `${baseUrl}/api/auth/login`,
    JSON.stringify({ username: settings.username, password: settings.password }),
    {
      headers: { 'Content-Type': 'application/json', Origin: origin },
      // A jar of its own: the session cookie is sent explicitly from here on (see sessionOf).
      jar: new http.CookieJar(),
      responseType: 'text',
      tags: { name: 'POST /api/auth/login' },
      responseCallback: http.expectedStatuses(...expected),
    },
  );
  if (response.status === 200) signInTime.add(response.timings.duration);
  return response;
}

/** The cookies a sign-in set (the session cookie), sent with every later request of the VU. */
function sessionOf(response: Response): Credentials {
  const cookies: Credentials['cookies'] = {};
  for (const [name, values] of Object.entries(response.cookies)) {
    const value = values[0]?.value;
    if (value) cookies[name] = { value, replace: true };
  }
  if (Object.keys(cookies).length === 0) fail('Sign-in answered 200 but set no session cookie');
  return { headers: {}, cookies, renewAt: Infinity };
}

type TokenResponse = { access_token?: string; expires_in?: number; error_description?: string };

/** A Keycloak access token for a client with a service account (client credentials grant). */
function clientCredentials(
  settings: Extract<AuthSettings, { kind: 'client-credentials' }>,
): Credentials {
  const response = http.post(
    settings.tokenUrl,
    {
      grant_type: 'client_credentials',
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
    },
    { responseType: 'text', tags: { name: 'POST token endpoint' } },
  );
  const token = parse<TokenResponse>(response, 'the token endpoint');
  if (response.status !== 200 || !token.access_token) {
    fail(
      `No access token from ${settings.tokenUrl}: ${token.error_description ?? describe(response)}`,
    );
  }
  signInTime.add(response.timings.duration);
  const lifetime = token.expires_in ?? 60;
  return {
    headers: { Authorization: `Bearer ${token.access_token}` },
    cookies: {},
    // Renewed a little before it expires (Keycloak's default lifetime is 5 minutes).
    renewAt: Date.now() + Math.max(lifetime - 30, lifetime / 2) * 1000,
  };
}

/**
 * For setup(): makes sure the load test can sign in, creating the local account on first use
 * (REGISTER=true). Stops the test with the reason when it cannot.
 */
export function ensureAccount(): void {
  const config = http.get(`${baseUrl}/api/auth/config`, {
    responseType: 'text',
    tags: { name: 'GET /api/auth/config' },
    responseCallback: http.expectedStatuses(200, 404),
  });
  const mode =
    config.status === 200
      ? parse<AuthConfigResponse>(config, 'GET /api/auth/config').mode
      : 'local';
  if (mode === 'oidc' && auth.kind === 'local') {
    fail(
      'This server signs people in through its identity provider (AUTH_DRIVER=oidc): set ' +
        'K6_BEARER_TOKEN, or OIDC_TOKEN_URL with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
    );
  }
  // Local accounts: this sign-in's session serves setup()'s own requests.
  if (auth.kind === 'local') signedIn = sessionOf(signInOrRegister(auth));
  const user = call('GET', '/api/auth/user', { name: 'GET /api/auth/user', expected: [200, 401] });
  if (user.status !== 200)
    fail(`The server does not accept the load test's credentials: ${describe(user)}`);
}

/** Signs in, creating the account first when it does not exist yet (unless REGISTER=false). */
function signInOrRegister(settings: Extract<AuthSettings, { kind: 'local' }>): Response {
  const response = login(settings, [200, 401]);
  if (response.status === 200) return response;
  if (response.status !== 401)
    fail(`Sign-in as ${settings.username} failed: ${describe(response)}`);
  if (!settings.register) {
    fail(`Sign-in as ${settings.username} refused (REGISTER=false): ${describe(response)}`);
  }
  const registered = http.post(
    `${baseUrl}/api/auth/register`,
    JSON.stringify({ username: settings.username, password: settings.password }),
    {
      headers: { 'Content-Type': 'application/json', Origin: origin },
      jar: new http.CookieJar(),
      responseType: 'text',
      tags: { name: 'POST /api/auth/register' },
      responseCallback: http.expectedStatuses(201, 409),
    },
  );
  if (registered.status === 409) {
    fail(
      `The account ${settings.username} exists with another password: set PASSWORD, or USERNAME`,
    );
  }
  if (registered.status !== 201) {
    fail(`Could not create the account ${settings.username}: ${describe(registered)}`);
  }
  return registered;
}

export type CallOptions = {
  /** The route, for the metrics: e.g. `GET /api/projects/:id/files`. */
  name: string;
  json?: unknown;
  form?: Record<string, string | FileData>;
  /** Statuses that are not failures (http_req_failed); default 200. */
  expected?: number[];
  timeout?: string;
};

/** A request signed in as the VU, with the Origin that state-changing requests need. */
export function call(method: Method, path: string, options: CallOptions): Response {
  const who = credentials();
  const headers: Record<string, string> = { ...who.headers };
  if (method !== 'GET') headers['Origin'] = origin;
  let body: string | Record<string, string | FileData> | null = null;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  return http.request(method, baseUrl + path, body, {
    headers,
    cookies: who.cookies,
    responseType: 'text',
    tags: { name: options.name },
    responseCallback: http.expectedStatuses(...(options.expected ?? [200])),
    ...(options.timeout ? { timeout: options.timeout } : {}),
  });
}

/** The JSON body of a response; stops the iteration when it is not JSON. */
export function parse<T>(response: Response, what: string): T {
  try {
    const value: unknown = JSON.parse(response.body);
    if (typeof value === 'object' && value !== null) return value as T;
  } catch {
    // not JSON: said below
  }
  return fail(`${what} did not answer JSON: ${describe(response)}`);
}

/** Status and the start of the body (the server's `error` message), for failure messages. */
export function describe(response: Response): string {
  if (response.status === 0) return `no response (${response.error})`;
  return `HTTP ${response.status} ${(response.body ?? '').slice(0, 300)}`;
}

function ok(response: Response, name: string, status = 200): boolean {
  return check(response, { [`${name}: ${status}`]: (r) => r.status === status });
}

// --- Pages, as the web app loads them ------------------------------------------------------

/** The dashboard: the signed-in user, the stats cards and the project list. */
export function visitDashboard(): void {
  ok(call('GET', '/api/auth/user', { name: 'GET /api/auth/user' }), 'GET /api/auth/user');
  ok(
    call('GET', '/api/dashboard/stats', { name: 'GET /api/dashboard/stats' }),
    'GET /api/dashboard/stats',
  );
  ok(call('GET', '/api/projects', { name: 'GET /api/projects' }), 'GET /api/projects');
}

/** A project's documents page and chat page: its files and its chat sessions. */
export function visitProject(projectId: number): void {
  const files = call('GET', `/api/projects/${projectId}/files`, {
    name: 'GET /api/projects/:id/files',
  });
  ok(files, 'GET /api/projects/:id/files');
  const sessions = call('GET', `/api/qa/sessions/${projectId}`, {
    name: 'GET /api/qa/sessions/:projectId',
  });
  ok(sessions, 'GET /api/qa/sessions/:projectId');
}

// --- Projects and documents ----------------------------------------------------------------

export function findProjectByName(name: string): number | null {
  const response = call('GET', '/api/projects', { name: 'GET /api/projects' });
  const { projects } = parse<ProjectsResponse>(response, 'GET /api/projects');
  return projects.find((project) => project.name === name)?.id ?? null;
}

export function createProject(name: string): number {
  const response = call('POST', '/api/projects', {
    name: 'POST /api/projects',
    json: { name },
    expected: [201],
  });
  if (!ok(response, 'POST /api/projects', 201))
    fail(`Could not create a project: ${describe(response)}`);
  return parse<ProjectResponse>(response, 'POST /api/projects').project.id;
}

export function deleteProject(projectId: number): void {
  ok(
    call('DELETE', `/api/projects/${projectId}`, { name: 'DELETE /api/projects/:id' }),
    'DELETE /api/projects/:id',
  );
}

export function listFiles(projectId: number, name = 'GET /api/projects/:id/files'): ProjectFile[] {
  return parse<ProjectFilesResponse>(
    call('GET', `/api/projects/${projectId}/files`, { name }),
    name,
  ).files;
}

/** A file the upload stored (accepted), or found already stored (duplicate). */
export type StoredOutcome = Exclude<UploadOutcome, { status: 'rejected' }>;

/** Uploads one file as the documents page does (multipart field `files`). */
export function uploadDocument(
  projectId: number,
  data: ArrayBuffer,
  fileName: string,
): StoredOutcome {
  const contentType = /\.pdf$/i.test(fileName) ? 'application/pdf' : 'application/octet-stream';
  const response = call('POST', `/api/projects/${projectId}/files`, {
    name: 'POST /api/projects/:id/files',
    form: { files: http.file(data, fileName, contentType) },
    expected: [201],
    timeout: '60s',
  });
  if (!ok(response, 'POST /api/projects/:id/files', 201))
    fail(`Upload refused: ${describe(response)}`);
  const outcome = parse<UploadResponse>(response, 'the upload').files[0];
  if (!outcome || outcome.status === 'rejected')
    return fail(`Upload refused: ${describe(response)}`);
  return outcome;
}

export type Analysis = { file: ProjectFile | null; ms: number; timedOut: boolean };

/**
 * Reads the project's files every POLL_INTERVAL_MS until the document is `completed` or
 * `failed` (or INGEST_TIMEOUT_SECONDS pass); `ms` is the time from the call to that answer, so
 * its resolution is the poll interval.
 */
export function waitForAnalysis(projectId: number, documentId: number): Analysis {
  const started = Date.now();
  const deadline = started + ingestTimeoutSeconds * 1000;
  for (;;) {
    const file = listFiles(projectId, 'GET /api/projects/:id/files (poll)').find(
      (f) => f.id === documentId,
    );
    if (!file) return fail(`Document ${documentId} vanished from project ${projectId}`);
    if (file.processingStatus === 'completed' || file.processingStatus === 'failed') {
      return { file, ms: Date.now() - started, timedOut: false };
    }
    if (Date.now() > deadline) return { file, ms: Date.now() - started, timedOut: true };
    sleep(pollIntervalSeconds);
  }
}

/**
 * For setup(): the project the askers question, with the contract analysed: PROJECT_ID, or the
 * project named PROJECT_NAME (created, and the contract uploaded, when missing).
 */
export function prepareProject(contract: ArrayBuffer): number {
  if (configuredProjectId !== null) return configuredProjectId;
  const projectId = findProjectByName(projectName) ?? createProject(projectName);
  const present = listFiles(projectId).find((file) => file.originalname === contractName);
  const document = present ?? uploadDocument(projectId, contract, contractName).file;
  const analysis =
    document.processingStatus === 'completed'
      ? { file: document, ms: 0, timedOut: false }
      : waitForAnalysis(projectId, document.id);
  if (analysis.file?.processingStatus !== 'completed') {
    fail(
      `${contractName} was not analysed (${analysis.timedOut ? `still ${analysis.file?.processingStatus} after INGEST_TIMEOUT_SECONDS` : analysis.file?.failureReason}): the askers need it`,
    );
  }
  return projectId;
}

// --- The assistant ---------------------------------------------------------------------------

export function createChatSession(projectId: number): number {
  const response = call('POST', `/api/qa/sessions/${projectId}`, {
    name: 'POST /api/qa/sessions/:projectId',
    json: {},
    expected: [201],
  });
  if (!ok(response, 'POST /api/qa/sessions/:projectId', 201))
    fail(`No chat session: ${describe(response)}`);
  return parse<ChatSessionResponse>(response, 'POST /api/qa/sessions/:projectId').session.id;
}

/** One answer as the stream's events tell it. */
export type AnswerOutcome = {
  /** The full answer (`complete.fullAnswer`), or null when the stream did not complete. */
  answer: string | null;
  /** Citations the answer uses. */
  citations: number;
  /** Why there is no answer: a refused request, an `error` event, a stream cut short. */
  error: string | null;
};

/** Reads the `data: <json>` events of an ask stream (comment lines are keep-alives). */
export function readEvents(stream: string): AskStreamEvent[] {
  const events: AskStreamEvent[] = [];
  for (const block of stream.split(/\r?\n\r?\n/)) {
    const data = block
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data) events.push(JSON.parse(data) as AskStreamEvent);
  }
  return events;
}

/** What a stream's events amount to. */
export function outcomeOf(events: AskStreamEvent[]): AnswerOutcome {
  for (const event of events) {
    if (event.type === 'error')
      return { answer: null, citations: 0, error: `${event.code}: ${event.error}` };
    if (event.type === 'complete') {
      return { answer: event.fullAnswer, citations: event.citations.length, error: null };
    }
  }
  return { answer: null, citations: 0, error: 'the stream ended without a complete event' };
}

/**
 * `POST /api/qa/ask-stream` with k6's http module, which hands over the body once the stream has
 * ended: `timings.waiting` is the time to the first byte (the server sends the headers once it
 * has accepted the question, before it searches) and `timings.duration` the time to the full
 * answer. ask-sse.ts times the events themselves.
 */
export function askOverHttp(request: AskRequest): { response: Response; outcome: AnswerOutcome } {
  const response = call('POST', '/api/qa/ask-stream', {
    name: 'POST /api/qa/ask-stream',
    json: request,
    timeout: answerTimeout,
  });
  if (response.status !== 200)
    return { response, outcome: { answer: null, citations: 0, error: describe(response) } };
  try {
    return { response, outcome: outcomeOf(readEvents(response.body)) };
  } catch (error) {
    return {
      response,
      outcome: { answer: null, citations: 0, error: `unreadable stream: ${String(error)}` },
    };
  }
}
