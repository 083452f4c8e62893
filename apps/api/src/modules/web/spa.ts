import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';

/**
 * Serves the built web app: hashed assets (immutable, pre-compressed), root files such as the
 * favicon, and index.html (never cached) for every other page so the client-side router can show
 * the page or its 404.
 */
export function serveSpa(app: Express, webDir: string): boolean {
  const indexHtml = path.join(webDir, 'index.html');
  if (!existsSync(indexHtml)) return false;

  // Hashed names never change content: cached for a year, sent pre-compressed (brotli, gzip).
  const assets = expressStaticGzip(path.join(webDir, 'assets'), {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: { immutable: true, maxAge: '1y', fallthrough: false },
  });
  const rootFiles = express.static(webDir, { index: false, maxAge: '1h' });

  app.use((request: Request, response: Response, next: NextFunction) => {
    // API requests go straight on: no file-system lookup on the hot path.
    if (request.path === '/api' || request.path.startsWith('/api/')) return next();
    if (request.path.startsWith('/assets/')) {
      request.url = request.url.slice('/assets'.length);
      return assets(request, response, next);
    }
    rootFiles(request, response, () => {
      if (
        (request.method !== 'GET' && request.method !== 'HEAD') ||
        request.accepts('html') !== 'html'
      ) {
        return next();
      }
      response.setHeader('Cache-Control', 'no-cache');
      response.sendFile(indexHtml);
    });
  });
  return true;
}
