/**
 * `k6/http`, the part the scripts use: request/get/post with k6's params (headers, cookies,
 * tags.name, responseCallback, timeout), multipart bodies with http.file, URL-encoded objects.
 * No VU cookie jar: the scripts send their session cookie themselves.
 */
import { record } from './record.ts';
import { requestSync } from './sync-http.ts';
import type { WireBody, WireResponse } from './wire.ts';

export class CookieJar {}

type FileData = { data: ArrayBuffer | string; filename: string; content_type: string };
type Params = {
  headers?: Record<string, string>;
  cookies?: Record<string, string | { value?: string }>;
  tags?: Record<string, string>;
  timeout?: string | number;
  responseCallback?: { statuses: number[] };
};

export function file(data: ArrayBuffer | string, filename: string, contentType: string): FileData {
  return { data, filename, content_type: contentType };
}

export function expectedStatuses(...statuses: number[]): { statuses: number[] } {
  return { statuses };
}

/** k6 durations ('60s', '2m') or milliseconds. */
export function milliseconds(timeout: string | number | undefined): number {
  if (timeout === undefined) return 60_000;
  if (typeof timeout === 'number') return timeout;
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  for (const [, amount, unit] of timeout.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    total += Number(amount) * units[unit!]!;
  }
  return total;
}

export function headersOf(params: Params | null | undefined): Record<string, string> {
  const headers = { ...params?.headers };
  const cookies = Object.entries(params?.cookies ?? {}).map(
    ([name, cookie]) => `${name}=${typeof cookie === 'string' ? cookie : (cookie.value ?? '')}`,
  );
  if (cookies.length > 0) headers['Cookie'] = cookies.join('; ');
  return headers;
}

function wireBody(body: unknown, headers: Record<string, string>): WireBody {
  if (body === null || body === undefined) return { kind: 'none' };
  if (typeof body === 'string' || body instanceof ArrayBuffer) return { kind: 'bytes', data: body };
  const entries = Object.entries(body as Record<string, string | FileData>);
  if (entries.some(([, value]) => typeof value === 'object')) {
    return {
      kind: 'form',
      fields: entries.map(([name, value]) => ({
        name,
        value:
          typeof value === 'string'
            ? value
            : {
                data:
                  typeof value.data === 'string'
                    ? new TextEncoder().encode(value.data).buffer
                    : value.data,
                filename: value.filename,
                type: value.content_type,
              },
      })),
    };
  }
  headers['Content-Type'] ??= 'application/x-www-form-urlencoded';
  return { kind: 'bytes', data: new URLSearchParams(entries as [string, string][]).toString() };
}

export type Response = ReturnType<typeof responseOf>;

function responseOf(url: string, answer: WireResponse) {
  const cookies: Record<string, { name: string; value: string }[]> = {};
  for (const line of answer.setCookies) {
    const [pair = ''] = line.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    (cookies[name] ??= []).push({ name, value: pair.slice(separator + 1).trim() });
  }
  return {
    url,
    status: answer.status,
    error: answer.error,
    body: answer.status === 0 ? null : answer.body,
    headers: answer.headers,
    cookies,
    timings: {
      waiting: answer.waiting,
      duration: answer.duration,
      receiving: answer.duration - answer.waiting,
      sending: 0,
    },
  };
}

/** Records the request as k6 would count it in http_req_failed. */
export function recordRequest(
  method: string,
  url: string,
  params: Params | null | undefined,
  status: number,
): void {
  const expected = params?.responseCallback?.statuses;
  const failed = expected ? !expected.includes(status) : status === 0 || status >= 400;
  record.requests.push({ method, name: params?.tags?.['name'] ?? url, status, failed });
}

export function request(method: string, url: string, body?: unknown, params?: Params | null) {
  const headers = headersOf(params);
  const answer = requestSync({
    method,
    url,
    headers,
    body: wireBody(body, headers),
    events: false,
    timeoutMs: milliseconds(params?.timeout),
  });
  recordRequest(method, url, params, answer.status);
  return responseOf(url, answer);
}

export function get(url: string, params?: Params | null) {
  return request('GET', url, null, params);
}

export function post(url: string, body?: unknown, params?: Params | null) {
  return request('POST', url, body, params);
}

export default { request, get, post, file, expectedStatuses, CookieJar };
