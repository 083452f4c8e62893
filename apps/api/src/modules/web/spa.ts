import { existsSync } from 'node:fs';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import type { ErrorResponse } from '@clearroom/contracts';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { AppRequest } from '../../common/request.js';

const isApiPath = (request: Request) => request.path === '/api' || request.path.startsWith('/api/');

/**
 * Serves the built web app: hashed assets (immutable, pre-compressed), root files such as the
 * favicon, and index.html (never cached) for every other page so the client-side router can show
 * the page or its 404. Anything else outside /api (a POST to a page, a missing asset, a request
 * that does not accept HTML) is answered like the API's unknown routes: a JSON 404.
 */
export function serveSpa(app: Express, webDir: string): boolean {
  const indexHtml = path.join(webDir, 'index.html');
  if (!existsSync(indexHtml)) {
    answerOutsideApiWithJson(app);
    return false;
  }

  // Hashed names never change content: cached for a year, sent pre-compressed (brotli, gzip).
  const assets = expressStaticGzip(path.join(webDir, 'assets'), {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: { immutable: true, maxAge: '1y' },
  });
  const rootFiles = express.static(webDir, { index: false, maxAge: '1h' });

  app.use((request: Request, response: Response, next: NextFunction) => {
    // API requests go straight on: no file-system lookup on the hot path.
    if (isApiPath(request)) return next();
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead) return sendNotFound(request, response);
    if (request.path.startsWith('/assets/')) {
      request.url = request.url.slice('/assets'.length);
      return assets(request, response, (error?: unknown) =>
        error ? next(error) : sendNotFound(request, response),
      );
    }
    rootFiles(request, response, (error?: unknown) => {
      if (error) return next(error);
      if (request.accepts('html') !== 'html') return sendNotFound(request, response);
      response.setHeader('Cache-Control', 'no-cache');
      response.sendFile(indexHtml);
    });
  });
  answerOutsideApiWithJson(app);
  return true;
}

/**
 * Answers every request outside /api that nothing before it answered, and every failure there, with
 * JSON (spec §8: every non-OK response is `{ error, code }`), never Express's HTML pages. Nest's
 * own not-found handler and exception filter cover /api only (the global prefix).
 */
export function answerOutsideApiWithJson(app: Express): void {
  app.use((request: Request, response: Response, next: NextFunction) =>
    isApiPath(request) ? next() : sendNotFound(request, response),
  );
  app.use(answerErrorsOutsideApi);
}

/** The same answer as the API's unknown routes (see common/http-exception.filter.ts). */
function sendNotFound(request: Request, response: Response): void {
  const body: ErrorResponse = {
    error: `No such endpoint: ${request.method} ${request.originalUrl.split('?')[0]}`,
    code: 'ROUTE_NOT_FOUND',
  };
  response.status(404).json(body);
}

const logger = new Logger('WebApp');

/**
 * Failures of the middleware in front of the web app (a body that cannot be parsed, a file that
 * cannot be read) on paths outside /api, which Nest's exception filter does not see: JSON too,
 * never Express's HTML error page. A client error there is a 404, since no endpoint exists.
 */
function answerErrorsOutsideApi(
  error: unknown,
  request: Request,
  response: Response,
  next: NextFunction,
): void {
  if (isApiPath(request)) return next(error);
  if (response.headersSent) {
    response.end();
    return;
  }
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return sendNotFound(request, response);
  }
  const id = (request as AppRequest).id;
  const requestId = typeof id === 'string' ? id : undefined;
  logger.error(
    { err: error, requestId, method: request.method, url: request.originalUrl },
    'Unhandled error',
  );
  const body: ErrorResponse = {
    error: `Something went wrong on our side${requestId ? ` (reference ${requestId})` : ''}. Please try again.`,
    code: 'INTERNAL_ERROR',
    ...(requestId ? { requestId } : {}),
  };
  response.status(500).json(body);
}
