import type { Metrics } from '../metrics/metrics.port.js';
import {
  handlerFor,
  type JobCounts,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobQueue,
  type StoredJobHandler,
} from './job-queue.port.js';

/** Runs `work` so that every line it logs carries `bindings` (nestjs-pino's `runInContext`). */
export type LogContext = <T>(
  bindings: Record<string, unknown>,
  work: () => Promise<T>,
) => Promise<T>;

/**
 * Wraps a queue adapter with what operations need: every job attempt logs with its job id, name,
 * attempt and payload (the document id), failed attempts are counted, and the queue's depth is
 * read at each metrics scrape.
 */
export class InstrumentedJobQueue implements JobQueue {
  constructor(
    private readonly inner: JobQueue,
    private readonly metrics: Metrics,
    private readonly inLogContext: LogContext,
  ) {
    metrics.observeQueue(() => inner.counts());
  }

  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], key: string): Promise<void> {
    return this.inner.enqueue(name, payload, key);
  }

  start(handlers: JobHandlers): Promise<void> {
    const wrapped: Partial<Record<JobName, StoredJobHandler>> = {};
    for (const name of Object.keys(handlers) as JobName[]) {
      wrapped[name] = this.observed(name, handlerFor(handlers, name));
    }
    return this.inner.start(wrapped as JobHandlers);
  }

  depth(): Promise<number> {
    return this.inner.depth();
  }

  counts(): Promise<JobCounts> {
    return this.inner.counts();
  }

  get health(): JobQueue['health'] {
    return this.inner.health;
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  stop(graceMs: number): Promise<void> {
    return this.inner.stop(graceMs);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private observed(name: JobName, handler: StoredJobHandler): StoredJobHandler {
    return (payload, context) =>
      this.inLogContext(
        { job: name, jobId: context.jobId, attempt: context.attempt, ...(payload as object) },
        async () => {
          try {
            await handler(payload, context);
          } catch (error) {
            // An attempt interrupted by a shutdown is not a failure: it runs again.
            if (!context.signal.aborted) this.metrics.queueJobsFailed.inc({ job: name });
            throw error;
          }
        },
      );
  }
}
