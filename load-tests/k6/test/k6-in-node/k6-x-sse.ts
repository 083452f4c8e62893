/**
 * `k6/x/sse` (xk6-sse): connects, runs the setup function, emits `open`, then each event in
 * order until the stream ends or `close()` is called. The events are read by the worker as they
 * arrive and handed over at the end, so the script's own timing of them is not meaningful here.
 */
import { headersOf, recordRequest } from './k6-http.ts';
import { requestSync } from './sync-http.ts';

type Handler = (argument?: unknown) => void;
type Params = {
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  tags?: Record<string, string>;
};

function open(url: string, params: Params, setup: (client: unknown) => void) {
  const handlers = new Map<string, Handler[]>();
  let closed = false;
  const client = {
    on(event: string, handler: Handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
    },
    close() {
      closed = true;
    },
  };
  const emit = (event: string, argument?: unknown) => {
    for (const handler of handlers.get(event) ?? []) handler(argument);
  };
  const method = params.method ?? 'GET';
  const answer = requestSync({
    method,
    url,
    headers: { Accept: 'text/event-stream', ...headersOf(params) },
    body: params.body ? { kind: 'bytes', data: params.body.trim() } : { kind: 'none' },
    events: true,
    timeoutMs: 120_000,
  });
  recordRequest(
    method,
    url,
    { tags: params.tags ?? {}, responseCallback: { statuses: [200] } },
    answer.status,
  );
  if (answer.status === 0) {
    emit('error', { error: () => answer.error });
    return { url, status: 0, headers: {}, error: answer.error };
  }
  setup(client);
  emit('open');
  for (const event of answer.events) {
    if (closed) break;
    emit('event', { id: '', name: '', data: event.data, comment: event.comment });
  }
  return { url, status: answer.status, headers: answer.headers, error: '' };
}

export default { open };
