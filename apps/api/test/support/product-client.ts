import { request as httpRequest } from 'node:http';
import type { AskRequest, AskStreamEvent, ProjectFile } from '@clearroom/contracts';
import { writePdf } from '../../src/infra/extractor/fixtures/pdf-writer.js';
import { parseEvents } from './sse.js';

/** A signed-in HTTP client of a product running in another process (see product-process.ts). */
export class ProductClient {
  private cookie = '';

  constructor(private base: string) {}

  /** The same user, talking to a restarted product. */
  moveTo(base: string): void {
    this.base = base;
  }

  async send(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const isForm = body instanceof FormData;
    const response = await fetch(this.base + url, {
      method,
      headers: {
        cookie: this.cookie,
        origin: this.base,
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    return response;
  }

  async json<T>(method: string, url: string, body?: unknown, expected = 200): Promise<T> {
    const response = await this.send(method, url, body);
    const text = await response.text();
    if (response.status !== expected) {
      throw new Error(`${method} ${url}: expected ${expected}, got ${response.status}: ${text}`);
    }
    return JSON.parse(text) as T;
  }

  async signUp(username: string): Promise<void> {
    await this.json(
      'POST',
      '/api/auth/register',
      { username, password: 'correct horse battery' },
      201,
    );
  }

  async createProject(name: string): Promise<number> {
    const body = await this.json<{ project: { id: number } }>(
      'POST',
      '/api/projects',
      { name },
      201,
    );
    return body.project.id;
  }

  async createSession(projectId: number): Promise<number> {
    const body = await this.json<{ session: { id: number } }>(
      'POST',
      `/api/qa/sessions/${projectId}`,
      {},
      201,
    );
    return body.session.id;
  }

  async upload(projectId: number, name: string, text: string): Promise<number> {
    const form = new FormData();
    form.append('files', new Blob([writePdf([text])]), name);
    const response = await this.send('POST', `/api/projects/${projectId}/files`, form);
    const body = (await response.json()) as { files: { file?: { id: number } }[] };
    if (response.status !== 201) throw new Error(`Upload failed: ${JSON.stringify(body)}`);
    return body.files[0]!.file!.id;
  }

  async files(projectId: number): Promise<ProjectFile[]> {
    return (await this.json<{ files: ProjectFile[] }>('GET', `/api/projects/${projectId}/files`))
      .files;
  }

  async file(projectId: number, id: number): Promise<ProjectFile> {
    const file = (await this.files(projectId)).find((candidate) => candidate.id === id);
    if (!file) throw new Error(`No document ${id} in project ${projectId}`);
    return file;
  }

  /** Polls until the document reaches one of `statuses`. */
  async waitForStatus(
    projectId: number,
    id: number,
    statuses: ProjectFile['processingStatus'][],
    timeoutMs = 60_000,
  ): Promise<ProjectFile> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const file = await this.file(projectId, id);
      if (statuses.includes(file.processingStatus) || Date.now() > deadline) return file;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Opens the ask stream and calls `onEvent` as events arrive; resolves with all of them at the end. */
  async ask(
    body: AskRequest,
    onEvent: (event: AskStreamEvent) => void = () => undefined,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; events: AskStreamEvent[] }> {
    const response = await this.send('POST', '/api/qa/ask-stream', body, headers);
    const events: AskStreamEvent[] = [];
    if (!response.body) return { status: response.status, events };
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const part of response.body) {
      buffered += decoder.decode(part as Uint8Array, { stream: true });
      const complete = buffered.lastIndexOf('\n\n');
      if (complete < 0) continue;
      for (const event of parseEvents(buffered.slice(0, complete))) {
        events.push(event);
        onEvent(event);
      }
      buffered = buffered.slice(complete + 2);
    }
    return { status: response.status, events };
  }

  /**
   * Uploads one PDF as a multipart body sent in two halves `pauseMs` apart: a request that is
   * still in flight for that long. `onFirstHalfSent` runs once the first half is on the wire.
   */
  slowUpload(
    projectId: number,
    name: string,
    text: string,
    pauseMs: number,
    onFirstHalfSent: () => void,
  ): Promise<{ status: number; body: string }> {
    const boundary = `----clearroom${Date.now()}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      writePdf([text]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const url = new URL(`/api/projects/${projectId}/files`, this.base);
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        url,
        {
          method: 'POST',
          headers: {
            cookie: this.cookie,
            origin: this.base,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': body.length,
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (part: string) => (text += part));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      const half = Math.floor(body.length / 2);
      request.write(body.subarray(0, half), () => {
        onFirstHalfSent();
        setTimeout(() => request.end(body.subarray(half)), pauseMs);
      });
    });
  }
}
