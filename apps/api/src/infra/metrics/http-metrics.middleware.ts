import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from './metrics.port.js';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Route label of an API path no route matched: one label, whatever the URL, to bound the series. */
export const UNMATCHED_ROUTE = 'unmatched';
/** Route label of everything outside /api: the web app's pages and assets. */
export const WEB_ROUTE = 'web';

/**
 * Times every request into `http_request_duration_seconds`, labelled with the route template
 * (`/api/projects/:id`) rather than the URL, so ids never multiply the series.
 */
export function httpMetrics(metrics: Metrics) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const end = metrics.httpRequestDuration.startTimer();
    response.once('close', () => {
      end({
        method: KNOWN_METHODS.has(request.method) ? request.method : 'OTHER',
        route: routeLabel(request),
        status: response.writableFinished ? String(response.statusCode) : 'aborted',
      });
    });
    next();
  };
}

/**
 * Express keeps the matched route on the request: its path is the template Nest registered. Nest's
 * own catch-all (`*path`, which answers 404) is no route of ours.
 */
function routeLabel(request: Request): string {
  const template: unknown = (request as { route?: { path?: unknown } }).route?.path;
  if (typeof template === 'string' && template.startsWith('/api') && !template.includes('*')) {
    return template;
  }
  return /^\/api(?:[/?]|$)/.test(request.originalUrl) ? UNMATCHED_ROUTE : WEB_ROUTE;
}
