/**
 * A streaming client of `POST /api/qa/ask-stream` (spec §7): reads the `data: <json>` events
 * as they arrive and times them (autocannon cannot measure server-sent events).
 */
import type { AskRequest, AskStreamEvent } from '@clearroom/contracts';
import type { ApiClient } from './api-client.ts';

type EventOf<T extends AskStreamEvent['type']> = Extract<AskStreamEvent, { type: T }>;

export type AskResult = {
  /** ms from sending the request to the first `data:` event (comment lines do not count). */
  firstEventMs: number | null;
  /** ms to the first `chunk` of the answer. */
  firstChunkMs: number | null;
  /** ms to the `complete` event. */
  completeMs: number | null;
  metadata: EventOf<'metadata'> | null;
  complete: EventOf<'complete'> | null;
  /** The `chunk` contents joined, to compare with `complete.fullAnswer`. */
  streamedAnswer: string;
  /** An `error` event, a refused request, a broken stream or one that ended without `complete`. */
  error: string | null;
};

export async function askStream(client: ApiClient, body: AskRequest): Promise<AskResult> {
  const result: AskResult = {
    firstEventMs: null,
    firstChunkMs: null,
    completeMs: null,
    metadata: null,
    complete: null,
    streamedAnswer: '',
    error: null,
  };
  const started = performance.now();
  let response: Response;
  try {
    response = await client.request('POST', '/api/qa/ask-stream', body);
  } catch (error) {
    return { ...result, error: `request failed: ${String(error)}` };
  }
  if (!response.ok || !response.body) {
    const text = await response.text();
    return { ...result, error: `HTTP ${response.status}: ${text.slice(0, 300)}` };
  }

  const onEvent = (event: AskStreamEvent) => {
    const at = performance.now() - started;
    result.firstEventMs ??= at;
    switch (event.type) {
      case 'metadata':
        result.metadata = event;
        break;
      case 'chunk':
        result.firstChunkMs ??= at;
        result.streamedAnswer += event.content;
        break;
      case 'session_updated':
        break;
      case 'complete':
        result.complete = event;
        result.completeMs = at;
        break;
      case 'error':
        result.error = `${event.code}: ${event.error}`;
        break;
    }
  };

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending += value;
      let boundary: number;
      while ((boundary = pending.indexOf('\n\n')) >= 0) {
        const block = pending.slice(0, boundary);
        pending = pending.slice(boundary + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice('data:'.length).replace(/^ /, ''))
          .join('\n');
        if (data) onEvent(JSON.parse(data) as AskStreamEvent);
      }
    }
  } catch (error) {
    result.error ??= `stream broke: ${String(error)}`;
  }
  if (!result.complete && !result.error) result.error = 'the stream ended without `complete`';
  return result;
}
