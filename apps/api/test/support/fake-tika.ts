import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A fake Apache Tika 3.x server: `GET /version` and `GET /tika` answer as Tika does, and
 * `PUT /tika` answers XHTML with one `div.page` per entry of `pages`, after `extractDelayMs`.
 * `stop()` then `start()` again comes back on the same URL, so a test can take it down and bring
 * it back. With `hang`, every request is accepted and never answered.
 */
export class FakeTika {
  /** Every request received, oldest first. */
  readonly requests: { method: string; path: string }[] = [];
  pages: string[] = ['The licensor may assign this agreement to an affiliate.'];
  extractDelayMs = 0;
  hang = false;
  private port = 0;
  private readonly server: Server = createServer((request, response) => {
    void this.handle(request, response);
  });

  /** Listens on 127.0.0.1 (the same port as before after a stop) and returns the base URL. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Closes every connection, including requests still waiting for their answer. */
  stop(): Promise<void> {
    if (!this.server.listening) return Promise.resolve();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Tika reads the whole document before answering.
    await new Promise((resolve) => {
      request.on('end', resolve);
      request.resume();
    });
    const path = request.url ?? '';
    this.requests.push({ method: request.method ?? '', path });
    if (this.hang) return;
    if (request.method === 'GET' && path === '/version') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('Apache Tika 3.3.0');
    } else if (request.method === 'GET' && path === '/tika') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('This is Tika Server (3.3.0).');
    } else if (request.method === 'PUT' && path === '/tika') {
      const gone = new AbortController();
      response.on('close', () => gone.abort());
      try {
        if (this.extractDelayMs)
          await sleep(this.extractDelayMs, undefined, { signal: gone.signal });
      } catch {
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html' }).end(xhtml(this.pages));
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    }
  }
}

function xhtml(pages: string[]): string {
  const escape = (text: string) =>
    text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const body = pages.map((text) => `<div class="page"><p>${escape(text)}</p></div>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>Agreement</title></head><body>${body}</body></html>`;
}
