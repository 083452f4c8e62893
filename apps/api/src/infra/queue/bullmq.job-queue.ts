import type { Logger } from '@nestjs/common';
import { type Job, Queue, WaitingError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import {
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
 * Production queue on Redis. Retries with exponential backoff, stalled jobs (a worker that died)
 * are picked up again, and `close()` waits for running jobs after aborting them.
 * Redis should run with `appendonly yes` and `maxmemory-policy noeviction`.
 */
export class BullMqJobQueue implements JobQueue {
  private readonly connection: Redis;
  private readonly queue: Queue;
  private worker: Worker | null = null;
  private readonly workerConnection: Redis;
  private closing = false;

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
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], key: string): Promise<void> {
    // BullMQ ignores an add whose id is still queued, running or delayed.
    await this.queue.add(name, payload, { jobId: key.replaceAll(':', '-') });
  }

  async start(handlers: JobHandlers): Promise<void> {
    this.worker = new Worker(
      QUEUE_NAME,
      async (job: Job, token?: string, signal?: AbortSignal) => {
        const attempt = job.attemptsMade + 1;
        const handler = handlers[job.name as JobName];
        try {
          await handler(job.data as JobPayloads[JobName], {
            attempt,
            isLastAttempt: attempt >= this.options.maxAttempts,
            signal: signal ?? new AbortController().signal,
            attemptsExhausted: false,
          });
        } catch (error) {
          if (!this.closing) throw error;
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
        const handler = handlers[job.name as JobName];
        void handler(job.data as JobPayloads[JobName], {
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
    const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Object.values(counts).reduce((sum, count) => sum + count, 0);
  }

  async ping(): Promise<void> {
    await this.connection.ping();
  }

  /** Lets running jobs finish for up to `graceMs`, then aborts them (they are retried later). */
  async close(graceMs = 20_000): Promise<void> {
    this.closing = true;
    if (this.worker) {
      const closing = this.worker.close();
      const timer = setTimeout(() => this.worker?.cancelAllJobs('shutting down'), graceMs);
      await closing.finally(() => clearTimeout(timer));
    }
    await this.queue.close();
    this.connection.disconnect();
    this.workerConnection.disconnect();
  }
}
