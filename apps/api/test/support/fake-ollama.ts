import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A fake Ollama server speaking the real wire protocol of Ollama 0.x, for tests of the Ollama
 * adapters and of the ask stream in Ollama mode.
 *
 * ```ts
 * const ollama = new FakeOllama();
 * const url = await ollama.start(); // OLLAMA_URL
 * ollama.onChat = () => answer(['The term is ', 'five years [1].'], { delayMs: 50 });
 * // … run the code under test …
 * ollama.chats[0]!.body.messages; // what was asked
 * await ollama.stop();
 * ```
 *
 * `POST /api/chat` answers with `onChat(body)`: an {@link answer} is streamed as NDJSON when the
 * request streams (Ollama's default), or sent as one JSON object with the pieces joined when it
 * says `stream: false` (so `answer([JSON.stringify(fields)])` answers a `format` request).
 * `POST /api/embed` answers with `onEmbed(body)`: by default, one deterministic 8-number unit vector
 * per input. Both can instead answer {@link httpError} or {@link NEVER}. `GET /` says
 * "Ollama is running" and `GET /api/version` gives a version, as the real server does.
 */
export class FakeOllama {
  /** Every request received, oldest first. */
  readonly requests: FakeRequest[] = [];
  onChat: (body: ChatBody) => ChatReply = () => answer(DEFAULT_ANSWER);
  onEmbed: (body: EmbedBody) => EmbedReply = ({ input }) => ({
    embeddings: (typeof input === 'string' ? [input] : input).map(fakeEmbedding),
  });
  private stopping = false;
  private port = 0;

  private readonly server: Server = createServer((request, response) => {
    void this.handle(request, response);
  });

  /** The `/api/chat` requests, oldest first. */
  get chats(): FakeRequest<ChatBody>[] {
    return this.requests.filter(
      (request) => request.path === '/api/chat',
    ) as FakeRequest<ChatBody>[];
  }

  /**
   * Listens on a free port of 127.0.0.1 and returns the base URL (no trailing slash). After
   * `stop()`, starts again on the same port (a server that went down and came back).
   */
  async start(): Promise<string> {
    this.stopping = false;
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return `http://127.0.0.1:${this.port}`;
  }

  /** Closes every connection, including streams still being sent or never answered. */
  stop(): Promise<void> {
    if (!this.server.listening) return Promise.resolve();
    this.stopping = true;
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = '';
    for await (const part of request) raw += (part as Buffer).toString();
    let markClosed!: () => void;
    const record: FakeRequest = {
      method: request.method ?? '',
      path: request.url ?? '',
      body: parseJson(raw),
      sent: [],
      closedByClient: false,
      closed: new Promise((resolve) => (markClosed = resolve)),
    };
    this.requests.push(record);
    // Ends the scripted delays once the connection is gone (client abort, stop()).
    const gone = new AbortController();
    response.on('close', () => {
      record.closedByClient =
        !response.writableFinished && !droppedByFake.has(response) && !this.stopping;
      gone.abort();
      markClosed();
    });

    if (request.method === 'GET' && record.path === '/') {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Ollama is running');
      return;
    }
    if (request.method === 'GET' && record.path === '/api/version') {
      sendJson(response, 200, { version: '0.12.6' });
      return;
    }
    const reply: ChatReply | EmbedReply | null =
      request.method !== 'POST'
        ? httpError(405, 'method not allowed')
        : record.path === '/api/chat'
          ? this.onChat(record.body as ChatBody)
          : record.path === '/api/embed'
            ? this.onEmbed(record.body as EmbedBody)
            : null;
    if (reply === null) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('404 page not found');
      return;
    }
    if (reply === NEVER) return;
    try {
      if ('status' in reply) {
        sendJson(response, reply.status, { error: reply.error });
      } else if ('embeddings' in reply) {
        sendJson(response, 200, embedResult(record.body as EmbedBody, reply.embeddings));
      } else if ((record.body as ChatBody).stream === false) {
        await sendWhole(response, record, reply, gone.signal);
      } else {
        await sendStream(response, record, reply, gone.signal);
      }
    } catch (error) {
      if (!gone.signal.aborted) throw error;
    }
  }
}

/** What the fake received: the JSON body as sent, and how the exchange went. */
export type FakeRequest<Body = Record<string, unknown>> = {
  method: string;
  path: string;
  body: Body;
  /** The chat content sent so far: each streamed piece, or the whole `stream: false` answer. */
  sent: string[];
  /** True when the client closed the connection before the reply was complete. */
  closedByClient: boolean;
  /** Resolves when the connection is closed, by either side. */
  closed: Promise<void>;
};

export type ChatBody = {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  format?: unknown;
  keep_alive?: string | number;
  options?: Record<string, unknown>;
};
export type EmbedBody = { model: string; input: string | string[] };

/** A scripted chat answer; see {@link answer}. */
export type ChatAnswer = {
  pieces: string[];
  /** Wait before the first piece (a model loading, or slow to start). */
  firstDelayMs?: number;
  /** Wait before each later piece. */
  delayMs?: number;
  /** Awaited before piece `index` is sent: lets a test decide exactly when each piece goes. */
  beforePiece?: (index: number) => Promise<void> | void;
  /** Write each line in two halves (split mid-character when possible) to test line reassembly. */
  splitLines?: boolean;
  /**
   * How a stream ends after the pieces: `'done'` (the final line, as Ollama sends it), an
   * `{ error }` line (Ollama's way to fail mid-stream), `'drop'` (the connection is destroyed),
   * `'eof'` (the body ends without the final line) or `'hang'` (nothing more is ever sent).
   */
  end?: 'done' | 'drop' | 'eof' | 'hang' | { error: string };
  /** The `model` reported in each line (default: the requested model). */
  model?: string;
};
export type HttpErrorReply = { status: number; error: string };
export type ChatReply = ChatAnswer | HttpErrorReply | typeof NEVER;
export type EmbedReply = { embeddings: number[][] } | HttpErrorReply | typeof NEVER;

/** The default chat answer: it cites passage 1. */
export const DEFAULT_ANSWER = ['According to the documents', ', the answer is stated there [1].'];

/** Do not answer at all: the request stays open until the client gives up or `stop()`. */
export const NEVER = 'never';

export function answer(pieces: string[], options: Omit<ChatAnswer, 'pieces'> = {}): ChatAnswer {
  return { pieces, ...options };
}

/** An error status with Ollama's `{"error": "..."}` body. */
export function httpError(status: number, error: string): HttpErrorReply {
  return { status, error };
}

/** Ollama's answer for a model it has not pulled. */
export function modelNotFound(model: string): HttpErrorReply {
  return httpError(404, `model "${model}" not found, try pulling it first`);
}

async function sendStream(
  response: ServerResponse,
  record: FakeRequest,
  script: ChatAnswer,
  signal: AbortSignal,
): Promise<void> {
  const model = script.model ?? (record.body as ChatBody).model;
  response.writeHead(200, { 'content-type': 'application/x-ndjson' });
  for (const [index, content] of script.pieces.entries()) {
    const wait = index === 0 ? script.firstDelayMs : script.delayMs;
    if (wait) await sleep(wait, undefined, { signal });
    await script.beforePiece?.(index);
    if (signal.aborted) return;
    await writeLine(response, chunk(model, content), script.splitLines, signal);
    record.sent.push(content);
  }
  const end = script.end ?? 'done';
  if (end === 'hang') return;
  if (end === 'drop') return drop(response);
  if (end === 'eof') {
    response.end();
    return;
  }
  if (end !== 'done') {
    await writeLine(response, { error: end.error }, script.splitLines, signal);
    response.end();
    return;
  }
  await writeLine(response, finalChunk(model, script.pieces), script.splitLines, signal);
  response.end();
}

async function sendWhole(
  response: ServerResponse,
  record: FakeRequest,
  script: ChatAnswer,
  signal: AbortSignal,
): Promise<void> {
  const delay = (script.firstDelayMs ?? 0) + (script.delayMs ?? 0) * script.pieces.length;
  if (delay) await sleep(delay, undefined, { signal });
  if (script.end === 'hang') return;
  if (script.end === 'drop') return drop(response);
  if (script.end === 'eof') {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end();
    return;
  }
  if (typeof script.end === 'object') {
    sendJson(response, 500, { error: script.end.error });
    return;
  }
  const model = script.model ?? (record.body as ChatBody).model;
  const content = script.pieces.join('');
  record.sent.push(content);
  sendJson(response, 200, {
    ...finalChunk(model, script.pieces),
    message: { role: 'assistant', content },
  });
}

async function writeLine(
  response: ServerResponse,
  value: object,
  split: boolean | undefined,
  signal: AbortSignal,
): Promise<void> {
  const line = Buffer.from(`${JSON.stringify(value)}\n`);
  if (!split) return flush(response, line);
  const middle = Math.floor(line.length / 2);
  await flush(response, line.subarray(0, middle));
  // Long enough for the halves to reach the client as separate reads.
  await sleep(15, undefined, { signal });
  await flush(response, line.subarray(middle));
}

/** Writes and waits until the bytes are handed to the socket, as Ollama flushes each line. */
function flush(response: ServerResponse, bytes: Buffer): Promise<void> {
  return new Promise((resolve) => response.write(bytes, () => resolve()));
}

const droppedByFake = new WeakSet<ServerResponse>();

/** Destroys the connection mid-reply, as a crashed server would. */
function drop(response: ServerResponse): void {
  droppedByFake.add(response);
  response.socket?.destroy();
}

function chunk(model: string, content: string) {
  return {
    model,
    created_at: new Date().toISOString(),
    message: { role: 'assistant', content },
    done: false,
  };
}

function finalChunk(model: string, pieces: string[]) {
  return {
    model,
    created_at: new Date().toISOString(),
    message: { role: 'assistant', content: '' },
    done_reason: 'stop',
    done: true,
    total_duration: 4_883_583_458,
    load_duration: 1_334_875,
    prompt_eval_count: 26,
    prompt_eval_duration: 342_546_000,
    eval_count: pieces.length,
    eval_duration: 4_535_599_000,
  };
}

function embedResult(body: EmbedBody, embeddings: number[][]) {
  return {
    model: body.model,
    embeddings,
    total_duration: 14_143_917,
    load_duration: 1_019_500,
    prompt_eval_count: embeddings.length * 4,
  };
}

/** A unit vector derived from the text, so equal texts get equal vectors. */
export function fakeEmbedding(text: string): number[] {
  const vector = Array.from({ length: 8 }, () => 1e-3);
  for (const [index, char] of [...text.toLowerCase()].entries()) {
    vector[(char.codePointAt(0)! + index) % 8]! += 1;
  }
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

function parseJson(raw: string): Record<string, unknown> {
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return {};
  }
}
