/**
 * The part of the xk6-sse extension (github.com/phymbert/xk6-sse, `import sse from 'k6/x/sse'`)
 * that ask-sse.ts uses. `sse.open` blocks until the stream ends or `client.close()` is called.
 */
declare module 'k6/x/sse' {
  import type { CookieJar } from 'k6/http';

  export interface SseParams {
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    tags?: Record<string, string>;
    /** Defaults to the VU's cookie jar. */
    jar?: CookieJar;
  }

  /** One event; a keep-alive comment (`: …`) arrives as an event with empty `data`. */
  export interface SseEvent {
    id: string;
    name: string;
    data: string;
    comment: string;
  }

  export interface SseError {
    error(): string;
  }

  export interface SseClient {
    on(event: 'open', handler: () => void): void;
    on(event: 'event', handler: (event: SseEvent) => void): void;
    on(event: 'error', handler: (error: SseError) => void): void;
    close(): void;
  }

  export interface SseResponse {
    url: string;
    status: number;
    headers: Record<string, string>;
    /** Set when the connection could not be made. */
    error: string;
  }

  const sse: {
    open(url: string, params: SseParams, setup: (client: SseClient) => void): SseResponse;
  };
  export default sse;
}
