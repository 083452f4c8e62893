import type { HealthProbe } from '../../common/health-probe.js';
/** Every job the system runs, with its payload. */
export type JobPayloads = {
  /** Extract, chunk, embed and index one uploaded document. */
  ingest: { documentId: number };
  /** Re-classify a completed document's clauses from its stored pages (a new clause model). */
  classify: { documentId: number };
  /** Answer the pending cells of one document's row of a review grid. */
  'review-cells': { reviewId: number; documentId: number };
};
export type JobName = keyof JobPayloads;

export type JobContext = {
  /** The queue's id of the job, for logs. */
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
  /** When true, a thrown error ends the job for good: the handler should record the failure. */
  isLastAttempt: boolean;
  /** Aborted when the queue shuts down; the job is then run again later. */
  signal: AbortSignal;
  /**
   * Every allowed attempt ended with its worker process dying (e.g. a file that crashes the
   * parser). The handler must not try again: it only records the failure.
   */
  attemptsExhausted: boolean;
};

export type JobHandler<N extends JobName> = (
  payload: JobPayloads[N],
  context: JobContext,
) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };
/** A handler whose payload type is known only at run time, from the job's name. */
export type StoredJobHandler = (payload: unknown, context: JobContext) => Promise<void>;

/** The handler of a job read back from a queue's store, where its name and payload were written together. */
export function handlerFor(handlers: JobHandlers, name: string): StoredJobHandler {
  return handlers[name as JobName] as StoredJobHandler;
}

export interface JobQueue extends HealthProbe {
  /**
   * Queues a job. A job with the same key that has not finished yet is not queued twice, so
   * enqueueing is safe to repeat (e.g. when recovering after a crash).
   */
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], key: string): Promise<void>;
  /** Starts running jobs in this process (the worker role). */
  start(handlers: JobHandlers): Promise<void>;
  /** Jobs waiting, running or delayed (the sum of `counts()`). */
  depth(): Promise<number>;
  /** Jobs by state, for the queue depth metric. */
  counts(): Promise<JobCounts>;
  /** Throws when the queue's store cannot be reached (readiness probe). */
  ping(): Promise<void>;
  /**
   * Graceful stop: takes no more jobs and lets running ones finish for up to `graceMs`; those still
   * running then are aborted and go back to the queue without spending an attempt. Jobs can still
   * be enqueued afterwards (requests being drained may upload). Calling it again waits for the first call.
   */
  stop(graceMs: number): Promise<void>;
  /** `stop(0)`: running jobs are aborted and go back to the queue; then releases connections. */
  close(): Promise<void>;
}

/**
 * waiting: due and free to take; active: held by a running worker; delayed: waiting for a retry.
 */
export type JobCounts = { waiting: number; active: number; delayed: number };

export const JOB_QUEUE = Symbol('JOB_QUEUE');

/** Exponential backoff between attempts: 2 s, 4 s, 8 s, … capped at 5 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(2_000 * 2 ** (attempt - 1), 300_000);
}
