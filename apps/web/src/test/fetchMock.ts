import { vi } from 'vitest';

export type MockResponse = { status?: number; body?: unknown };
export type MockRequest = { method: string; path: string; search: string; body: unknown };
export type MockHandler =
  MockResponse | ((request: MockRequest) => MockResponse | Promise<MockResponse>);

/**
 * Replaces `fetch` with a small router keyed by 'METHOD /path' (query string ignored). Every
 * request is recorded in `calls`; an unknown route answers 404 so that a missing mock shows.
 */
export function mockFetch(routes: Record<string, MockHandler>) {
  const calls: MockRequest[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const recorded: MockRequest = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(recorded);
    const handler = routes[`${request.method} ${url.pathname}`];
    const response: MockResponse = !handler
      ? {
          status: 404,
          body: { error: `No mock for ${request.method} ${url.pathname}`, code: 'ROUTE_NOT_FOUND' },
        }
      : typeof handler === 'function'
        ? await handler(recorded)
        : handler;
    const status = response.status ?? 200;
    return new Response(response.body === undefined ? null : JSON.stringify(response.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchFn);
  return {
    calls,
    fetchFn,
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path),
  };
}

/** A promise the test settles when it wants (to observe pending states). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
