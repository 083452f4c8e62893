import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import type { INestApplication, LoggerService } from '@nestjs/common';
import { shutDownGracefully } from './graceful-shutdown.js';
import { ShutdownSignal } from './modules/health/shutdown-signal.js';

const quiet: LoggerService = {
  log: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** An application whose parts record what happens to them, in order. */
async function fakeApp(queueStop: (graceMs: number) => Promise<void>) {
  const events: string[] = [];
  const shutdown = new ShutdownSignal();
  shutdown.signal.addEventListener('abort', () => events.push('shutdown signal'));
  let finishRequest!: () => void;
  let onReceived!: () => void;
  const received = new Promise<void>((resolve) => (onReceived = resolve));
  const server: Server = createServer((_request, response) => {
    events.push('request received');
    onReceived();
    finishRequest = () => {
      events.push('request answered');
      response.end('done');
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const app = {
    get: (token: unknown) => (token === ShutdownSignal ? shutdown : { stop: queueStop }),
    getHttpServer: () => server,
    close: () => {
      events.push('app closed');
      return Promise.resolve();
    },
  } as unknown as INestApplication;
  const port = (server.address() as AddressInfo).port;
  return { app, server, port, events, received, finishRequest: () => finishRequest() };
}

function inFlightRequest(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    request({ port, host: '127.0.0.1', path: '/' }, (response) => {
      let body = '';
      response.on('data', (part: Buffer) => (body += part.toString()));
      response.on('end', () => resolve(body));
    })
      .on('error', reject)
      .end();
  });
}

describe('shutDownGracefully', () => {
  it('signals shutdown, drains requests and jobs together, then closes the app and exits 0', async () => {
    let stopGrace = -1;
    let finishJob!: () => void;
    const fake = await fakeApp((graceMs) => {
      stopGrace = graceMs;
      fake.events.push('queue stopping');
      return new Promise<void>((resolve) => (finishJob = resolve)).then(() => {
        fake.events.push('queue stopped');
      });
    });
    const answered = inFlightRequest(fake.port);
    // The request is in flight (not merely sent) when the shutdown begins.
    await fake.received;
    const exits: number[] = [];
    const done = shutDownGracefully(fake.app, 'SIGTERM', {
      timeoutMs: 30_000,
      logger: quiet,
      exit: (code) => exits.push(code),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // No new connections once draining.
    await expect(inFlightRequest(fake.port)).rejects.toThrow(/ECONNREFUSED/);
    fake.finishRequest();
    expect(await answered).toBe('done');
    expect(fake.events).not.toContain('app closed');
    finishJob();
    await done;
    expect(fake.events).toEqual([
      'request received',
      'shutdown signal',
      'queue stopping',
      'request answered',
      'queue stopped',
      'app closed',
    ]);
    // The job gets the timeout less what closing needs: 5 s of 30.
    expect(stopGrace).toBe(25_000);
    expect(exits).toEqual([0]);
  });

  it('exits 1 when the drain outlasts the timeout', async () => {
    const fake = await fakeApp(() => new Promise<void>(() => undefined));
    const exits: number[] = [];
    const started = Date.now();
    void shutDownGracefully(fake.app, 'SIGTERM', {
      timeoutMs: 300,
      logger: quiet,
      exit: (code) => exits.push(code),
    });
    while (exits.length === 0 && Date.now() - started < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(exits).toEqual([1]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(fake.events).not.toContain('app closed');
    fake.server.close();
  });

  it('cuts connections still busy when the drain time is up, and still exits 0', async () => {
    const fake = await fakeApp(() => Promise.resolve());
    const answered = inFlightRequest(fake.port);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const exits: number[] = [];
    await shutDownGracefully(fake.app, 'SIGTERM', {
      timeoutMs: 1_000,
      logger: quiet,
      exit: (code) => exits.push(code),
    });
    await expect(answered).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(exits).toEqual([0]);
  });
});
