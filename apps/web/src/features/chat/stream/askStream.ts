import type { AskRequest, AskStreamEvent } from '@clearroom/contracts';
import { parseAskStreamEvent, SseParser } from './sseParser';

export const ASK_STREAM_URL = '/api/qa/ask-stream';

/** Why a question got no answer: the server's message when it gave one. */
export class AskError extends Error {
  constructor(
    message: string,
    /** True when `message` is the server's own (shown as it is). */
    readonly fromServer: boolean,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AskError';
  }
}

async function readErrorResponse(response: Response): Promise<AskError> {
  try {
    const body = (await response.json()) as { error?: unknown; code?: unknown };
    if (typeof body.error === 'string' && body.error.trim()) {
      return new AskError(
        body.error,
        true,
        response.status,
        typeof body.code === 'string' ? body.code : undefined,
      );
    }
  } catch {
    // Not JSON: fall through to the generic message.
  }
  return new AskError(`HTTP ${response.status}`, false, response.status);
}

/**
 * Posts a question to the ask stream and calls `onEvent` for each event, in order, as it arrives
 * (spec §7). Resolves when the stream ends; rejects with an {@link AskError} when the server
 * refuses the question before streaming (a JSON error), or with the fetch's own error (network
 * failure, or an `AbortError` when `signal` aborts). Malformed events are skipped.
 */
export async function askStream(
  request: AskRequest,
  { signal, onEvent }: { signal: AbortSignal; onEvent: (event: AskStreamEvent) => void },
): Promise<void> {
  const response = await fetch(ASK_STREAM_URL, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(request),
    signal,
  });
  if (!response.ok) throw await readErrorResponse(response);
  if (!response.body) throw new AskError('The answer stream is empty', false, response.status);

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  const deliver = (payloads: string[]) => {
    for (const payload of payloads) {
      const event = parseAskStreamEvent(payload);
      if (event) onEvent(event);
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      deliver(parser.feed(decoder.decode(value, { stream: true })));
    }
    deliver(parser.feed(decoder.decode()));
    deliver(parser.end());
  } finally {
    reader.releaseLock();
  }
}
