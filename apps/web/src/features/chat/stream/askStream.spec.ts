import type { AskStreamEvent } from '@clearroom/contracts';
import { describe, expect, it, vi } from 'vitest';
import { AskError, askStream } from './askStream';

function streamResponse(parts: Array<string | Uint8Array>): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) {
          controller.enqueue(typeof part === 'string' ? encoder.encode(part) : part);
        }
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );
}

async function collect(response: Response) {
  const fetchFn = vi.fn(() => Promise.resolve(response));
  vi.stubGlobal('fetch', fetchFn);
  const events: AskStreamEvent[] = [];
  await askStream(
    { project_id: 3, sessionId: 11, question: 'Q?', conversation_history: [] },
    { signal: new AbortController().signal, onEvent: (event) => events.push(event) },
  );
  return { events, fetchFn };
}

describe('askStream', () => {
  it('posts the question as JSON and yields the events in order, skipping malformed ones', async () => {
    const { events, fetchFn } = await collect(
      streamResponse([
        'data: {"type":"chunk","content":"Hel"}\n\ndata: {"type":"chu',
        'nk","content":"lo"}\n\ndata: {oops}\n\n',
        'data: {"type":"complete","fullAnswer":"Hello"}\n\n',
      ]),
    );
    expect(events).toEqual([
      { type: 'chunk', content: 'Hel' },
      { type: 'chunk', content: 'lo' },
      { type: 'complete', fullAnswer: 'Hello' },
    ]);
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/qa/ask-stream');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(JSON.parse(init.body as string)).toEqual({
      project_id: 3,
      sessionId: 11,
      question: 'Q?',
      conversation_history: [],
    });
  });

  it('decodes a character split between two reads', async () => {
    const bytes = new TextEncoder().encode('data: {"type":"chunk","content":"€"}\n\n');
    const euro = bytes.indexOf(0xe2);
    const { events } = await collect(
      streamResponse([bytes.slice(0, euro + 1), bytes.slice(euro + 1)]),
    );
    expect(events).toEqual([{ type: 'chunk', content: '€' }]);
  });

  it("rejects with the server's message when the question is refused before streaming", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: 'Chat session not found', code: 'NOT_FOUND' }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    const error = await askStream(
      { project_id: 3, sessionId: 11, question: 'Q?' },
      { signal: new AbortController().signal, onEvent: () => undefined },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AskError);
    expect(error).toMatchObject({
      message: 'Chat session not found',
      fromServer: true,
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('rejects without a server message when the error body is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('Bad gateway', { status: 502 }))),
    );
    const error = await askStream(
      { project_id: 3, sessionId: 11, question: 'Q?' },
      { signal: new AbortController().signal, onEvent: () => undefined },
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ fromServer: false, status: 502 });
  });
});
