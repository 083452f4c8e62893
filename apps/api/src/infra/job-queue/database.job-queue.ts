import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from '@nestjs/common';
import { Job } from './job.entity.js';
import {
  handlerFor,
  type JobCounts,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobQueue,
  retryDelayMs,
} from './job-queue.port.js';

export type InlineQueueOptions = {
  concurrency: number;
  maxAttempts: number;
  /** How long a claimed job stays ours without a heartbeat before another worker may take it. */
  leaseMs?: number;
  /** How often to look for jobs queued by other processes. */
  pollMs?: number;
  /**
   * Release every claimed job at start. Right for SQLite, where this process is the only worker
   * of its database file, so any job still claimed belonged to a process that died.
   */
  releaseAllOnStart: boolean;
  retryDelayMs?: (attempt: number) => number;
};

/**
 * The embedded queue: jobs are rows of the `jobs` table, claimed with a lease that a heartbeat
 * renews. A crash leaves the rows behind, so every unfinished job runs again after a restart;
 * several worker processes on one MySQL database share the table safely.
 */
export class DatabaseJobQueue implements JobQueue {
  readonly health = { name: 'queue', dependency: 'the job queue (in the database)' };
  private readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly running = new Map<
    number,
    { controller: AbortController; done: Promise<void> }
  >();
  private handlers: JobHandlers | null = null;
  private stopped = false;
  private stopping: Promise<void> | null = null;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;

  constructor(
    private readonly em: SqlEntityManager,
    private readonly options: InlineQueueOptions,
    private readonly logger: Logger,
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 1_000;
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], key: string): Promise<void> {
    try {
      const now = new Date();
      await this.em
        .fork()
        .insert(Job, { name, jobKey: key, payload, runAfter: now, createdAt: now });
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
    }
    this.wakeUp?.();
  }

  async start(handlers: JobHandlers): Promise<void> {
    this.handlers = handlers;
    if (this.options.releaseAllOnStart) {
      await this.em
        .fork()
        .nativeUpdate(Job, { lockedUntil: { $ne: null } }, { lockedUntil: null, lockedBy: null });
    }
    this.loop = this.runLoop();
  }

  async depth(): Promise<number> {
    return this.em.fork().count(Job, {});
  }

  async counts(): Promise<JobCounts> {
    const em = this.em.fork();
    const now = new Date();
    const [active, delayed, all] = await Promise.all([
      em.count(Job, { lockedUntil: { $gte: now } }),
      em.count(Job, {
        runAfter: { $gt: now },
        $or: [{ lockedUntil: null }, { lockedUntil: { $lt: now } }],
      }),
      em.count(Job, {}),
    ]);
    return { waiting: all - active - delayed, active, delayed };
  }

  async ping(): Promise<void> {
    await this.em.fork().count(Job, { id: 0 });
  }

  stop(graceMs: number): Promise<void> {
    this.stopping ??= this.stopRunning(graceMs);
    return this.stopping;
  }

  /** The jobs live in the database, so there is nothing else to release. */
  close(graceMs = 0): Promise<void> {
    return this.stop(graceMs);
  }

  private async stopRunning(graceMs: number): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    // Once the loop has ended, no job can be claimed any more.
    await this.loop;
    const allDone = () => Promise.all([...this.running.values()].map(({ done }) => done));
    if (this.running.size > 0 && graceMs > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        allDone(),
        new Promise((resolve) => (timer = setTimeout(resolve, graceMs))),
      ]).finally(() => clearTimeout(timer));
    }
    for (const { controller } of this.running.values()) {
      controller.abort(new Error('shutting down'));
    }
    await allDone();
  }

  private async runLoop(): Promise<void> {
    while (!this.stopped) {
      try {
        while (!this.stopped && this.running.size < this.options.concurrency) {
          const job = await this.claimNext();
          if (!job) break;
          const controller = new AbortController();
          const done = this.run(job, controller.signal).finally(() => {
            this.running.delete(job.id);
            this.wakeUp?.();
          });
          this.running.set(job.id, { controller, done });
        }
      } catch (error) {
        this.logger.error(`Job queue: could not claim jobs: ${String(error)}`);
      }
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }

  /** Takes the oldest due job nobody holds; the conditional update makes the claim atomic. */
  private async claimNext(): Promise<Job | null> {
    const em = this.em.fork();
    const now = new Date();
    const free = {
      runAfter: { $lte: now },
      $or: [{ lockedUntil: null }, { lockedUntil: { $lt: now } }],
    };
    const candidates = await em.find(Job, free, {
      orderBy: { id: 'asc' },
      limit: 5,
      exclude: [],
    });
    for (const candidate of candidates) {
      const claimed = await em.nativeUpdate(
        Job,
        { id: candidate.id, ...free },
        {
          lockedUntil: new Date(now.getTime() + this.leaseMs),
          lockedBy: this.workerId,
          attempts: candidate.attempts + 1,
        },
      );
      if (claimed === 1) {
        candidate.attempts += 1;
        return candidate;
      }
    }
    return null;
  }

  private async run(job: Job, signal: AbortSignal): Promise<void> {
    const mine = { id: job.id, lockedBy: this.workerId };
    const heartbeat = setInterval(() => {
      this.em
        .fork()
        .nativeUpdate(Job, mine, { lockedUntil: new Date(Date.now() + this.leaseMs) })
        .catch((error: unknown) =>
          this.logger.warn(`Job ${job.id}: heartbeat failed: ${String(error)}`),
        );
    }, this.leaseMs / 3);
    const isLastAttempt = job.attempts >= this.options.maxAttempts;
    try {
      const handler = handlerFor(this.handlers!, job.name);
      await handler(job.payload, {
        jobId: String(job.id),
        attempt: job.attempts,
        isLastAttempt,
        signal,
        // Claimed more often than allowed: the earlier runs died without finishing.
        attemptsExhausted: job.attempts > this.options.maxAttempts,
      });
      await this.em.fork().nativeDelete(Job, mine);
    } catch (error) {
      const em = this.em.fork();
      if (signal.aborted) {
        // Interrupted by shutdown: not the job's fault, so the attempt does not count.
        await em.nativeUpdate(Job, mine, {
          lockedUntil: null,
          lockedBy: null,
          attempts: job.attempts - 1,
        });
      } else if (isLastAttempt) {
        this.logger.error(`Job ${job.name} ${job.jobKey} failed for good: ${String(error)}`);
        await em.nativeDelete(Job, mine);
      } else {
        this.logger.warn(`Job ${job.name} ${job.jobKey} failed, will retry: ${String(error)}`);
        await em.nativeUpdate(Job, mine, {
          lockedUntil: null,
          lockedBy: null,
          runAfter: new Date(
            Date.now() + (this.options.retryDelayMs ?? retryDelayMs)(job.attempts),
          ),
          lastError: String(error).slice(0, 2000),
        });
      }
    } finally {
      clearInterval(heartbeat);
    }
  }
}
