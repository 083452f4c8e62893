/**
 * A small client of the running product for benchmarks and evaluations: it keeps the session
 * cookie, sends the Origin that state-changing requests need, and wraps the calls they share
 * (sign in, create a project, upload, wait for analysis).
 */
import type { ClausesResponse, ProjectFile, UploadResponse } from '@clearroom/contracts';

export type ApiClient = {
  readonly baseUrl: string;
  /** A raw request; a JSON body is sent as JSON, FormData as multipart. */
  request(method: string, url: string, body?: unknown): Promise<Response>;
  /** A request whose response must be OK; throws with the status and body otherwise. */
  json<T>(method: string, url: string, body?: unknown): Promise<T>;
  /** The session cookie (`name=value`), e.g. for a browser opening the product signed in. */
  cookie(): string;
};

export function createClient(baseUrl: string): ApiClient {
  let cookie = '';
  const request = async (method: string, url: string, body?: unknown): Promise<Response> => {
    const isForm = body instanceof FormData;
    const response = await fetch(baseUrl + url, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        origin: baseUrl,
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      },
      body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) cookie = setCookie.split(';')[0]!;
    return response;
  };
  return {
    baseUrl,
    request,
    cookie: () => cookie,
    async json<T>(method: string, url: string, body?: unknown): Promise<T> {
      const response = await request(method, url, body);
      const text = await response.text();
      if (!response.ok) {
        throw new Error(`${method} ${url} failed: HTTP ${response.status} ${text.slice(0, 300)}`);
      }
      return JSON.parse(text) as T;
    },
  };
}

/** Registers the user, or signs in when it already exists (a kept data directory). */
export async function signIn(client: ApiClient, username: string, password: string) {
  const registered = await client.request('POST', '/api/auth/register', { username, password });
  await registered.body?.cancel();
  if (registered.ok) return;
  await client.json('POST', '/api/auth/login', { username, password });
}

export async function createProject(client: ApiClient, name: string): Promise<number> {
  const { project } = await client.json<{ project: { id: number } }>('POST', '/api/projects', {
    name,
  });
  return project.id;
}

export async function findProject(client: ApiClient, name: string): Promise<number | null> {
  const { projects } = await client.json<{ projects: { id: number; name: string }[] }>(
    'GET',
    '/api/projects',
  );
  return projects.find((project) => project.name === name)?.id ?? null;
}

export async function listFiles(client: ApiClient, projectId: number): Promise<ProjectFile[]> {
  return (await client.json<{ files: ProjectFile[] }>('GET', `/api/projects/${projectId}/files`))
    .files;
}

export type UploadItem = { name: string; data: Uint8Array | string };

/** Uploads in one multipart request; throws when any file is rejected. */
export async function uploadFiles(
  client: ApiClient,
  projectId: number,
  items: UploadItem[],
): Promise<void> {
  const form = new FormData();
  for (const item of items) form.append('files', new Blob([item.data]), item.name);
  const response = await client.request('POST', `/api/projects/${projectId}/files`, form);
  const body = (await response.json()) as UploadResponse;
  const rejected = body.files.filter((outcome) => outcome.status === 'rejected');
  if (response.status !== 201 || rejected.length > 0) {
    throw new Error(
      `upload failed: HTTP ${response.status} ${body.error ?? ''} ${rejected.map((r) => r.originalname).join(', ')}`,
    );
  }
}

/**
 * Polls the project's files until none is waiting or in progress, and returns them (failed ones
 * included: the caller decides whether that is fatal).
 */
export async function waitForAnalysis(
  client: ApiClient,
  projectId: number,
  { pollMs = 250, timeoutMs = 3_600_000, onPoll = (_files: ProjectFile[]) => {} } = {},
): Promise<ProjectFile[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await listFiles(client, projectId);
    onPoll(files);
    const done = files.every(
      (file) => file.processingStatus === 'completed' || file.processingStatus === 'failed',
    );
    if (done) return files;
    if (Date.now() > deadline) throw new Error(`analysis not finished after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * Waits while the server re-classifies the project's stored pages with a newer clause model (it
 * does so in the background at start after a model change), printing progress every 30 s;
 * returns the model version.
 */
export async function waitForReclassification(
  client: ApiClient,
  projectId: number,
): Promise<string> {
  let lastReport = 0;
  for (;;) {
    const { reclassifying, modelVersion } = await client.json<ClausesResponse>(
      'GET',
      `/api/projects/${projectId}/clauses`,
    );
    if (!reclassifying) return modelVersion;
    if (performance.now() - lastReport > 30_000) {
      lastReport = performance.now();
      console.log(
        `  … re-classifying with model ${modelVersion}: ${reclassifying.done} of ${reclassifying.total}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
