import type { AskStreamEvent, ChatHistoryEntry, ChatSession, Citation } from '@clearroom/contracts';
import { vi } from 'vitest';
import { mockFetch, type MockHandler } from '../../../test/fetchMock';

/** A `text/event-stream` response body the test writes to as it likes. */
export class ScriptedStream {
  readonly response: Response;
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  #encoder = new TextEncoder();
  closed = false;

  constructor() {
    const stream = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#controller = controller;
      },
    });
    this.response = new Response(stream, {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
    });
  }

  /** Sends one event as the server does: `data: <json>` and a blank line. */
  send(event: AskStreamEvent) {
    this.raw(`data: ${JSON.stringify(event)}\n\n`);
  }

  raw(text: string | Uint8Array) {
    this.#controller.enqueue(typeof text === 'string' ? this.#encoder.encode(text) : text);
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.#controller.close();
  }

  fail(error: unknown) {
    if (this.closed) return;
    this.closed = true;
    this.#controller.error(error);
  }
}

export type AskCall = { body: Record<string, unknown>; signal: AbortSignal | undefined };

type AskHandler = (call: AskCall) => Response | Promise<Response>;

/**
 * `mockFetch` for every route but `POST /api/qa/ask-stream`, which `onAsk` answers with a
 * streamed response (or anything else). Aborting the request errors its stream, as fetch does.
 */
export function mockChatServer(routes: Record<string, MockHandler>, onAsk: AskHandler) {
  const server = mockFetch(routes);
  const asks: AskCall[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (new URL(url, window.location.href).pathname !== '/api/qa/ask-stream') {
      return server.fetchFn(input, init);
    }
    const call: AskCall = {
      body: JSON.parse(init?.body as string) as Record<string, unknown>,
      signal: init?.signal ?? undefined,
    };
    asks.push(call);
    if (call.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    return onAsk(call);
  });
  vi.stubGlobal('fetch', fetchFn);
  return { ...server, asks };
}

/** Connects a scripted stream to the request's abort signal, as a real fetch body is. */
export function streamFor(call: AskCall): ScriptedStream {
  const stream = new ScriptedStream();
  call.signal?.addEventListener('abort', () =>
    stream.fail(new DOMException('The operation was aborted.', 'AbortError')),
  );
  return stream;
}

export function makeSession(overrides: Partial<ChatSession> = {}): ChatSession {
  return {
    id: 11,
    projectId: 3,
    name: 'New Chat',
    createdAt: '2026-03-14T10:00:00.000Z',
    updatedAt: '2026-03-14T10:00:00.000Z',
    ...overrides,
  };
}

export function makeCitation(overrides: Partial<Citation> = {}): Citation {
  return {
    n: 1,
    documentId: 5,
    originalname: 'License Agreement.txt',
    filename: 'a1b2c3.txt',
    mimetype: 'text/plain',
    pageNumber: 2,
    quote: 'The term of this Agreement is ten years.',
    start: 10,
    end: 50,
    ...overrides,
  };
}

export function makeEntry(overrides: Partial<ChatHistoryEntry> = {}): ChatHistoryEntry {
  const citations = overrides.citations ?? [makeCitation()];
  return {
    id: 100,
    sessionId: 11,
    question: 'What is the term?',
    answer: 'The term is ten years [1].',
    sources: citations.map((c) => `${c.originalname} (Page ${c.pageNumber})`),
    sourceFiles: JSON.stringify([...new Set(citations.map((c) => c.originalname))]),
    citations,
    createdAt: '2026-03-14T10:05:00.000Z',
    ...overrides,
  };
}
