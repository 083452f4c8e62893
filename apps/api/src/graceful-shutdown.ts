import type { Server } from 'node:http';
import type { INestApplication, LoggerService } from '@nestjs/common';
import { JOB_QUEUE, type JobQueue } from './infra/job-queue/job-queue.port.js';
import { ShutdownSignal } from './modules/health/shutdown-signal.js';

export type GracefulShutdownOptions = {
  /** Everything must be over by then; past it, the process exits with code 1. */
  timeoutMs: number;
  /** Closed last, so Prometheus can scrape while the process drains (the metrics server). */
  closeLast?: () => Promise<void>;
  logger: LoggerService;
  /** Ends the process; tests replace it. */
  exit?: (code: number) => void;
};

/** What closing the application and its connections may take after the drain (database, Redis). */
const CLOSE_RESERVE_MS = 5_000;
/** How often idle keep-alive connections are closed while requests drain. */
const IDLE_SWEEP_MS = 250;

/**
 * Stops the process on SIGTERM or SIGINT without losing work, within `timeoutMs`:
 * 1. readiness answers 503 at once, and open answer streams end with an `error` event;
 * 2. the HTTP server takes no new connections and lets in-flight requests finish;
 * 3. at the same time the worker takes no new jobs and lets running ones finish; any still
 *    running when the drain time is up are aborted and go back to the queue;
 * 4. the application closes (database, search index, queue connections) and the process exits 0.
 * A second signal exits at once with code 1.
 */
export function installGracefulShutdown(
  app: INestApplication,
  options: GracefulShutdownOptions,
): void {
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) {
      options.logger.warn?.(`${signal} again: exiting without waiting`, 'Shutdown');
      (options.exit ?? process.exit)(1);
      return;
    }
    started = true;
    void shutDownGracefully(app, signal, options);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/** The shutdown itself (see installGracefulShutdown); ends by calling `exit`. */
export async function shutDownGracefully(
  app: INestApplication,
  signal: NodeJS.Signals,
  { timeoutMs, closeLast, logger, exit = (code) => process.exit(code) }: GracefulShutdownOptions,
): Promise<void> {
  const startedAt = Date.now();
  const deadline = setTimeout(() => {
    logger.error(`Shutdown took longer than ${timeoutMs / 1000} s: exiting`, undefined, 'Shutdown');
    exit(1);
  }, timeoutMs);
  deadline.unref();
  const drainMs = Math.max(0, timeoutMs - Math.min(CLOSE_RESERVE_MS, timeoutMs / 5));
  logger.log(`${signal}: draining for up to ${Math.round(drainMs / 1000)} s`, 'Shutdown');
  try {
    app.get(ShutdownSignal).begin();
    const queue = app.get<JobQueue>(JOB_QUEUE);
    await Promise.all([drainHttp(app.getHttpServer() as Server, drainMs), queue.stop(drainMs)]);
    await app.close();
    await closeLast?.();
    logger.log(`Stopped in ${Date.now() - startedAt} ms`, 'Shutdown');
    clearTimeout(deadline);
    exit(0);
  } catch (error) {
    logger.error(`Shutdown failed: ${String(error)}`, undefined, 'Shutdown');
    clearTimeout(deadline);
    exit(1);
  }
}

/**
 * Stops accepting connections and waits for in-flight requests; idle keep-alive connections are
 * closed as they become idle. Connections still busy after `drainMs` are cut.
 */
function drainHttp(server: Server, drainMs: number): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const cut = setTimeout(() => server.closeAllConnections(), drainMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}
