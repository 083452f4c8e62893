import type { Logger } from '@nestjs/common';
import { type Job, Queue, WaitingError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import {
  handlerFor,
  type JobCounts,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobQueue,
  retryDelayMs,
} from './job-queue.port.js';

export type BullMqOptions = {
  redisUrl: string;
  concurrency: number;
  maxAttempts: number;
  /** Key prefix in Redis, so several installations can share one server. */
  prefix?: string;
  /** A job whose worker stops renewing its lock for this long is taken over (stalled-job recovery). */
  lockDurationMs?: number;
  retryDelayMs?: (attempt: number) => number;
};

const QUEUE_NAME = 'jobs';
/**
 * BullMQ's `close()` can wait forever on a connection left "reconnecting" by a Redis outage
 * (taskforcesh/bullmq#4656): past this margin the connection is dropped instead.
 */
const CLOSE_MARGIN_MS = 5_000;

/**
 * Production queue on Redis. Retries with exponential backoff, stalled jobs (a worker that died)
 * are picked up again, and `close()` waits for running jobs after aborting them.
 * Redis should run with `appendonly yes` and `maxmemory-policy noeviction`.
 */
/**
 * A BullMQ worker that can stop renewing its jobs' locks. `close()` stops the renewal only after
 * the running jobs finish, which never happens while Redis is unreachable; the renewal timer would
 * then keep the process alive. A job whose lock lapses is taken over by another worker.
 */
class ReleasableWorker extends Worker {
  stopRenewingLocks(): Promise<void> {
    return this.lockManager.close();
  }
}

export class BullMqJobQueue implements JobQueue {
  readonly health = { name: 'queue', dependency: 'Redis (REDIS_URL)' };
  private readonly connection: Redis;
  private readonly queue: Queue;
  private worker: ReleasableWorker | null = null;
  private readonly workerConnection: Redis;
  private closing = false;
  private stopping: Promise<void> | null = null;

  constructor(
    private readonly options: BullMqOptions,
    private readonly logger: Logger,
  ) {
    // BullMQ requires unlimited retries per request on its blocking connections.
    this.connection = new Redis(options.redisUrl, {
      maxRetriesPerRequest: null,
      lazyConnect: true,
    });
    this.workerConnection = this.connection.duplicate();
    this.queue = new Queue(QUEUE_NAME, {
      connection: this.connection,
      prefix: options.prefix ?? 'clearroom',
      defaultJobOptions: {
        attempts: options.maxAttempts,
        backoff: { type: 'custom' },
        removeOnComplete: true,
        removeOnFail: true,
      },
    });
    // Every reconnection attempt during a Redis outage lands here; readiness reports the outage.
    this.queue.on('error', (error) => this.logger.debug(`Job queue connection: ${error.message}`));
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], key: string): Promise<void> {
    // BullMQ ignores an add whose id is still queued, running or delayed.
    await this.queue.add(name, payload, { jobId: key.replaceAll(':', '-') });
  }

  async start(handlers: JobHandlers): Promise<void> {
    this.worker = new ReleasableWorker(
      QUEUE_NAME,
      async (job: Job, token?: string, signal?: AbortSignal) => {
        const attempt = job.attemptsMade + 1;
        const handler = handlerFor(handlers, job.name);
        try {
          await handler(job.data, {
            jobId: String(job.id),
            attempt,
            isLastAttempt: attempt >= this.options.maxAttempts,
            signal: signal ?? new AbortController().signal,
            attemptsExhausted: false,
          });
        } catch (error) {
          // A job that fails by itself while the worker drains is an ordinary failure.
          if (!this.closing || !signal?.aborted) throw error;
          // Interrupted by shutdown: back to the queue without spending an attempt.
          await job.moveToWait(token);
          throw new WaitingError();
        }
      },
      {
        connection: this.workerConnection,
        prefix: this.options.prefix ?? 'clearroom',
        concurrency: this.options.concurrency,
        lockDuration: this.options.lockDurationMs ?? 30_000,
        stalledInterval: Math.min(this.options.lockDurationMs ?? 30_000, 30_000),
        maxStalledCount: 2,
        settings: { backoffStrategy: this.options.retryDelayMs ?? retryDelayMs },
      },
    );
    this.worker.on('failed', (job, error) => {
      // BullMQ gives up on a job whose workers kept dying (stalled too often) without running it.
      if (job && /stalled more than allowable limit/.test(error.message)) {
        const handler = handlerFor(handlers, job.name);
        void handler(job.data, {
          jobId: String(job.id),
          attempt: job.attemptsMade + 1,
          isLastAttempt: true,
          signal: new AbortController().signal,
          attemptsExhausted: true,
        }).catch((cause: unknown) => this.logger.error(`Job ${job.id}: ${String(cause)}`));
      }
      this.logger.warn(
        `Job ${job?.name} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`,
      );
    });
    this.worker.on('error', (error) => this.logger.error(`Job queue: ${error.message}`));
    await this.worker.waitUntilReady();
  }

  async depth(): Promise<number> {
    const { waiting, active, delayed } = await this.counts();
    return waiting + active + delayed;
  }

  async counts(): Promise<JobCounts> {
    const counts = await this.queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed');
    return {
      waiting: (counts['waiting'] ?? 0) + (counts['prioritized'] ?? 0),
      active: counts['active'] ?? 0,
      delayed: counts['delayed'] ?? 0,
    };
  }

  async ping(): Promise<void> {
    await this.connection.ping();
  }

  /**
   * `worker.close()` takes no more jobs and waits for running ones; after `graceMs` they are
   * cancelled, and the processor puts each back in the queue (see `start`).
   */
  stop(graceMs: number): Promise<void> {
    this.stopping ??= this.stopWorker(graceMs);
    return this.stopping;
  }

  async close(graceMs = 0): Promise<void> {
    await this.stop(graceMs);
    if (!(await settlesWithin(this.queue.close(), CLOSE_MARGIN_MS))) {
      this.logger.warn('The BullMQ queue did not close in time: dropping its Redis connection');
    }
    this.connection.disconnect();
    this.workerConnection.disconnect();
  }

  private async stopWorker(graceMs: number): Promise<void> {
    this.closing = true;
    if (!this.worker) return;
    const closing = this.worker.close();
    const timer = setTimeout(() => this.worker?.cancelAllJobs('shutting down'), graceMs);
    const closed = await settlesWithin(closing, graceMs + CLOSE_MARGIN_MS);
    clearTimeout(timer);
    if (!closed) {
      this.logger.warn('The BullMQ worker did not close in time: dropping its Redis connection');
      await this.worker.stopRenewingLocks();
      this.workerConnection.disconnect();
    }
  }
}

/** Whether `promise` settles within `ms` (it is left running otherwise). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = promise.then(
    () => true as const,
    () => true as const,
  );
  try {
    return await Promise.race([settled, expired]);
  } finally {
    clearTimeout(timer);
  }
}
