import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const WELL_FORMED = /^[\w.:-]{1,128}$/;

type WithId = IncomingMessage & { id?: unknown };

/**
 * The request's id: a well-formed incoming X-Request-Id (set by the ingress, so one id follows
 * the request across hops) or a new UUID. Assigned once, echoed in the response's X-Request-Id,
 * and reused by the access log and every log line made while serving the request.
 */
export function requestIdOf(request: IncomingMessage, response: ServerResponse): string {
  const withId = request as WithId;
  if (typeof withId.id === 'string') return withId.id;
  const incoming = request.headers['x-request-id'];
  const id = typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
  withId.id = id;
  if (!response.headersSent) response.setHeader('X-Request-Id', id);
  return id;
}

/** Express middleware: gives the request its id before anything can answer it. */
export function assignRequestId(
  request: IncomingMessage,
  response: ServerResponse,
  next: () => void,
): void {
  requestIdOf(request, response);
  next();
}
