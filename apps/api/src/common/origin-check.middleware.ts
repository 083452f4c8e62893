import type { NextFunction, Request, Response } from 'express';
import type { ErrorResponse } from '@clearroom/contracts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's page (cross-site request forgery):
 * the browser's Origin must be ours. Clients that send no Origin (curl, k6) are not browsers
 * acting for a user and pass, unless Fetch Metadata says the request is cross-site.
 */
export function originCheck(publicOrigin: string | null) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(request.method)) return next();
    const origin = request.get('origin');
    const expected = publicOrigin ?? `${request.protocol}://${request.get('host') ?? ''}`;
    const crossSite = origin ? origin !== expected : request.get('sec-fetch-site') === 'cross-site';
    if (!crossSite) return next();
    const body: ErrorResponse = {
      error: `Request refused: it was sent from another site (${origin ?? 'unknown origin'})`,
      code: 'FORBIDDEN_ORIGIN',
    };
    response.status(403).json(body);
  };
}
