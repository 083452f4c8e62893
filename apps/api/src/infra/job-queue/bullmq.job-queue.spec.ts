import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import {
  deleteRedisPrefix,
  redisIsAvailable,
  testRedisUrl,
  uniqueRedisPrefix,
} from '../../../test/support/test-redis.js';
import { BullMqJobQueue } from './bullmq.job-queue.js';
import { type JobContext, type JobQueue, retryDelayMs } from './job-queue.port.js';

/**
 * The BullMQ adapter against the real Redis (TEST_REDIS_URL, default 127.0.0.1:6379), beyond the
 * shared JobQueue contract (test/job-queue.e2e-spec.ts): a worker process killed in the middle of
 * a job, and the backoff between retries. Without Redis: skipped with a notice, failed in CI.
 */
const logger = new Logger('BullMqJobQueueTest');
logger.warn = () => undefined;
logger.error = () => undefined;

const REPOSITORY = fileURLToPath(new URL('../../../../../', import.meta.url));
const LOCK_MS = 1_000;
/** These tests queue ingest jobs only. */
const unexpectedReviewJob = () =>
  Promise.reject(new Error('No review job is queued in these tests'));

const waitFor = async (condition: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('retryDelayMs (the production backoff)', () => {
  it('doubles from 2 s after each failed attempt, up to 5 minutes', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
    expect(retryDelayMs(20)).toBe(300_000);
  });
});

const redisReady = await redisIsAvailable();

(redisReady ? describe : describe.skip)('BullMQ queue on Redis', () => {
  // Each test has a prefix of its own: one test's leftovers never show in another's counts.
  const prefixes: string[] = [];
  let prefix = '';
  const open: JobQueue[] = [];
  const children: ChildProcess[] = [];
  const queue = (options: { maxAttempts?: number } = {}) => {
    const created = new BullMqJobQueue(
      {
        redisUrl: testRedisUrl,
        prefix,
        concurrency: 1,
        maxAttempts: options.maxAttempts ?? 3,
        lockDurationMs: LOCK_MS,
      },
      logger,
    );
    open.push(created);
    return created;
  };

  beforeEach(() => {
    prefix = uniqueRedisPrefix();
    prefixes.push(prefix);
  });
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    await Promise.all(open.splice(0).map((q) => q.close()));
  });
  afterAll(async () => {
    for (const used of prefixes) await deleteRedisPrefix(used);
  });

  /**
   * Another worker process, with the worker options BullMqJobQueue gives BullMQ (queue, prefix,
   * lock duration, stalled-check interval), whose handler never ends. It prints "ready", then
   * "started <documentId>" when it takes a job. (Every worker must check for stalled jobs at the
   * same interval: a check claims the next one for its own interval.)
   */
  const startDoomedWorker = async (): Promise<{ child: ChildProcess; lines: string[] }> => {
    const script = `
      import { Worker } from 'bullmq';
      import { Redis } from 'ioredis';
      const connection = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: null });
      const worker = new Worker('jobs', async (job) => {
        process.stdout.write('started ' + job.data.documentId + '\\n');
        await new Promise(() => {});
      }, {
        connection, prefix: process.env.PREFIX, concurrency: 1,
        lockDuration: ${LOCK_MS}, stalledInterval: ${LOCK_MS}, maxStalledCount: 2,
      });
      await worker.waitUntilReady();
      process.stdout.write('ready\\n');
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: REPOSITORY,
      env: { ...process.env, REDIS_URL: testRedisUrl, PREFIX: prefix },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    const lines: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n')));
    await waitFor(() => lines.includes('ready'));
    return { child, lines };
  };

  it('a job whose worker process is killed mid-job is taken over by another worker', async () => {
    const doomed = await startDoomedWorker();
    const producer = queue();
    await producer.enqueue('ingest', { documentId: 70 }, 'ingest:70');
    await waitFor(() => doomed.lines.includes('started 70'));
    doomed.child.kill('SIGKILL');
    await new Promise((resolve) => doomed.child.once('exit', resolve));
    const killedAt = Date.now();
    expect(await producer.counts()).toEqual({ waiting: 0, active: 1, delayed: 0 });

    const seen: { documentId: number; context: JobContext; after: number }[] = [];
    const survivor = queue();
    await survivor.start({
      ingest: async ({ documentId }, context) => {
        seen.push({ documentId, context, after: Date.now() - killedAt });
        await Promise.resolve();
      },
      classify: () => Promise.reject(new Error('no classify jobs in this test')),
      'review-cells': unexpectedReviewJob,
    });
    await waitFor(() => seen.length === 1, 15_000);
    // Taken over by the second stalled-job check that finds its lock gone, and run once.
    expect(seen[0]!.documentId).toBe(70);
    expect(seen[0]!.after).toBeGreaterThanOrEqual(LOCK_MS / 2);
    expect(seen[0]!.context.attemptsExhausted).toBe(false);
    await waitFor(() => seen.length > 1, 1_500).catch(() => undefined);
    expect(seen).toHaveLength(1);
    expect(await producer.depth()).toBe(0);
  }, 30_000);

  it('waits longer before each retry (2 s, then 4 s)', async () => {
    const attempts: { attempt: number; at: number }[] = [];
    const worker = queue({ maxAttempts: 3 });
    await worker.start({
      ingest: async (_payload, { attempt }) => {
        attempts.push({ attempt, at: Date.now() });
        await Promise.resolve();
        throw new Error('extractor down');
      },
      classify: () => Promise.reject(new Error('no classify jobs in this test')),
      'review-cells': unexpectedReviewJob,
    });
    await worker.enqueue('ingest', { documentId: 80 }, 'ingest:80');
    await waitFor(() => attempts.length === 1);
    // Between attempts the job is delayed, not waiting.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await worker.counts()).toEqual({ waiting: 0, active: 0, delayed: 1 });
    await waitFor(() => attempts.length === 3, 15_000);
    const [first, second, third] = attempts;
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    const gaps = [second!.at - first!.at, third!.at - second!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(retryDelayMs(1) - 50);
    expect(gaps[1]).toBeGreaterThanOrEqual(retryDelayMs(2) - 50);
    expect(gaps[1]! - gaps[0]!).toBeGreaterThan(1_500);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await worker.depth()).toBe(0);
  }, 30_000);
});
