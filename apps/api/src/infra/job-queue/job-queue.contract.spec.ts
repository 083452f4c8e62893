import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { SqlEntityManager } from '@mikro-orm/sql';
import { BullMqJobQueue } from './bullmq.job-queue.js';
import { DatabaseJobQueue } from './database.job-queue.js';
import { Job } from './job.entity.js';
import type { JobContext, JobHandlers, JobQueue } from './job-queue.port.js';
import {
  deleteRedisPrefix,
  redisIsAvailable,
  testRedisUrl,
  uniqueRedisPrefix,
} from '../../../test/support/test-redis.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

/** The app provides the database; its own worker must not take the jobs these tests queue. */
const NO_WORKER = { APP_ROLE: 'api' };

const logger = new Logger('JobQueueTest');
logger.warn = () => undefined;
logger.error = () => undefined;

type Adapter = {
  /** A queue on the shared store; several calls model several processes (or a restart). */
  create(options: { concurrency?: number; maxAttempts?: number }): JobQueue;
  cleanUp(): Promise<void>;
};

const waitFor = async (condition: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** Handlers from a plain function: whatever it throws becomes the job's failure. */
const recordingHandlers = (
  ingest: (payload: { documentId: number }, context: JobContext) => unknown,
): JobHandlers => ({
  ingest: async (payload, context) => {
    await ingest(payload, context);
  },
  classify: () => Promise.reject(new Error('no classify jobs in this test')),
  'review-cells': () => Promise.reject(new Error('No review job is queued in these tests')),
});

function jobQueueContract(name: string, setUp: () => Adapter | Promise<Adapter>) {
  describe(`JobQueue contract: ${name}`, () => {
    let adapter: Adapter;
    const open: JobQueue[] = [];
    const queue = (options: { concurrency?: number; maxAttempts?: number } = {}) => {
      const created = adapter.create(options);
      open.push(created);
      return created;
    };

    beforeAll(async () => {
      adapter = await setUp();
    });
    afterEach(async () => {
      await Promise.all(open.splice(0).map((q) => q.close()));
    });
    afterAll(() => adapter.cleanUp());

    it('runs an enqueued job once with its payload', async () => {
      const seen: number[] = [];
      const q = queue();
      await q.start(recordingHandlers(({ documentId }) => void seen.push(documentId)));
      await q.enqueue('ingest', { documentId: 7 }, 'ingest:7');
      await waitFor(() => seen.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen).toEqual([7]);
      expect(await q.depth()).toBe(0);
    });

    it('keeps jobs enqueued before any worker starts, and runs them once started', async () => {
      const producer = queue();
      await producer.enqueue('ingest', { documentId: 1 }, 'ingest:1');
      await producer.enqueue('ingest', { documentId: 2 }, 'ingest:2');
      expect(await producer.depth()).toBe(2);
      const seen: number[] = [];
      const worker = queue();
      await worker.start(recordingHandlers(({ documentId }) => void seen.push(documentId)));
      await waitFor(() => seen.length === 2);
      expect(seen.sort()).toEqual([1, 2]);
    });

    it('does not queue the same key twice while it is pending', async () => {
      const q = queue();
      await q.enqueue('ingest', { documentId: 3 }, 'ingest:3');
      await q.enqueue('ingest', { documentId: 3 }, 'ingest:3');
      expect(await q.depth()).toBe(1);
      const seen: number[] = [];
      await q.start(recordingHandlers(({ documentId }) => void seen.push(documentId)));
      await waitFor(() => seen.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seen).toEqual([3]);
    });

    it('retries a failing job and tells the handler which attempt is the last', async () => {
      const attempts: { attempt: number; isLastAttempt: boolean }[] = [];
      const q = queue({ maxAttempts: 3 });
      await q.start(
        recordingHandlers((_payload, { attempt, isLastAttempt }) => {
          attempts.push({ attempt, isLastAttempt });
          throw new Error('extractor down');
        }),
      );
      await q.enqueue('ingest', { documentId: 4 }, 'ingest:4');
      await waitFor(() => attempts.length === 3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(attempts).toEqual([
        { attempt: 1, isLastAttempt: false },
        { attempt: 2, isLastAttempt: false },
        { attempt: 3, isLastAttempt: true },
      ]);
      expect(await q.depth()).toBe(0);
    });

    it('succeeds on a later attempt after a transient failure', async () => {
      let calls = 0;
      let done = false;
      const q = queue({ maxAttempts: 3 });
      await q.start(
        recordingHandlers(() => {
          calls += 1;
          if (calls === 1) throw new Error('transient');
          done = true;
        }),
      );
      await q.enqueue('ingest', { documentId: 5 }, 'ingest:5');
      await waitFor(() => done);
      expect(calls).toBe(2);
    });

    it('runs at most `concurrency` jobs at once', async () => {
      let active = 0;
      let peak = 0;
      let finished = 0;
      const q = queue({ concurrency: 2 });
      await q.start(
        recordingHandlers(async () => {
          active += 1;
          peak = Math.max(peak, active);
          await new Promise((resolve) => setTimeout(resolve, 100));
          active -= 1;
          finished += 1;
        }),
      );
      for (let id = 10; id < 16; id++)
        await q.enqueue('ingest', { documentId: id }, `ingest:${id}`);
      await waitFor(() => finished === 6);
      expect(peak).toBe(2);
    });

    it('counts jobs by state: waiting and active', async () => {
      const producer = queue();
      await producer.enqueue('ingest', { documentId: 40 }, 'ingest:40');
      await producer.enqueue('ingest', { documentId: 41 }, 'ingest:41');
      expect(await producer.counts()).toEqual({ waiting: 2, active: 0, delayed: 0 });

      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let started = 0;
      const worker = queue({ concurrency: 1 });
      await worker.start(
        recordingHandlers(async () => {
          started += 1;
          await released;
        }),
      );
      await waitFor(() => started === 1);
      expect(await producer.counts()).toEqual({ waiting: 1, active: 1, delayed: 0 });
      expect(await producer.depth()).toBe(2);
      release();
      await waitFor(() => started === 2);
    });

    it('stop(grace) lets the running job finish and takes no new one; another worker does', async () => {
      const finished: number[] = [];
      let aborted = false;
      let started = false;
      const first = queue({ concurrency: 1 });
      await first.start(
        recordingHandlers(async ({ documentId }, { signal }) => {
          started = true;
          signal.addEventListener('abort', () => (aborted = true));
          await new Promise((resolve) => setTimeout(resolve, 300));
          finished.push(documentId);
        }),
      );
      await first.enqueue('ingest', { documentId: 50 }, 'ingest:50');
      await waitFor(() => started);
      const stopping = first.stop(10_000);
      await first.enqueue('ingest', { documentId: 51 }, 'ingest:51');
      await stopping;
      expect(finished).toEqual([50]);
      expect(aborted).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(finished).toEqual([50]);
      expect(await first.depth()).toBe(1);

      const seen: number[] = [];
      const second = queue();
      await second.start(recordingHandlers(({ documentId }) => void seen.push(documentId)));
      await waitFor(() => seen.length === 1);
      expect(seen).toEqual([51]);
    });

    it('stop(grace) aborts a job still running when the grace is over; it runs again on the same attempt', async () => {
      let started = false;
      const first = queue({ maxAttempts: 2 });
      await first.start(
        recordingHandlers(
          (_payload, { signal }) =>
            new Promise<void>((_resolve, reject) => {
              started = true;
              signal.addEventListener('abort', () => reject(new Error('aborted')));
            }),
        ),
      );
      await first.enqueue('ingest', { documentId: 60 }, 'ingest:60');
      await waitFor(() => started);
      const stopStarted = Date.now();
      await first.stop(300);
      expect(Date.now() - stopStarted).toBeGreaterThanOrEqual(250);

      const seen: { attempt: number; isLastAttempt: boolean }[] = [];
      const second = queue({ maxAttempts: 2 });
      await second.start(
        recordingHandlers((_payload, { attempt, isLastAttempt }) =>
          seen.push({ attempt, isLastAttempt }),
        ),
      );
      await waitFor(() => seen.length === 1, 20_000);
      expect(seen).toEqual([{ attempt: 1, isLastAttempt: false }]);
    });

    it('on close, aborts a running job, which a later worker runs again', async () => {
      let started = false;
      let aborted = false;
      const first = queue({ maxAttempts: 1 });
      await first.start(
        recordingHandlers(
          (_payload, { signal }) =>
            new Promise<void>((_resolve, reject) => {
              started = true;
              signal.addEventListener('abort', () => {
                aborted = true;
                reject(new Error('aborted'));
              });
            }),
        ),
      );
      await first.enqueue('ingest', { documentId: 20 }, 'ingest:20');
      await waitFor(() => started);
      await (first as JobQueue & { close(graceMs?: number): Promise<void> }).close(50);
      open.splice(open.indexOf(first), 1);
      expect(aborted).toBe(true);

      const seen: number[] = [];
      const second = queue({ maxAttempts: 1 });
      await second.start(recordingHandlers(({ documentId }) => void seen.push(documentId)));
      await waitFor(() => seen.length === 1, 20_000);
      expect(seen).toEqual([20]);
    });
  });
}

jobQueueContract('inline (database)', async () => {
  const testApp: TestApp = await startTestApp(NO_WORKER);
  const em = testApp.app.get(SqlEntityManager);
  return {
    create: ({ concurrency = 1, maxAttempts = 3 }) =>
      new DatabaseJobQueue(
        em,
        {
          concurrency,
          maxAttempts,
          releaseAllOnStart: true,
          pollMs: 50,
          retryDelayMs: () => 10,
        },
        logger,
      ),
    cleanUp: () => testApp.drop(),
  };
});

describe('inline queue: a worker that died', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(NO_WORKER);
  });
  afterAll(() => testApp.drop());

  const claimedByDeadWorker = async (documentId: number, lockedUntil: Date, attempts = 1) => {
    const now = new Date();
    await testApp.app
      .get(SqlEntityManager)
      .fork()
      .insert(Job, {
        name: 'ingest',
        jobKey: `ingest:${documentId}`,
        payload: { documentId },
        attempts,
        runAfter: now,
        createdAt: now,
        lockedBy: 'a-process-that-was-killed',
        lockedUntil,
      });
  };
  const options = { concurrency: 1, maxAttempts: 3, pollMs: 50 };

  it('its claimed job is taken over once its lease expires', async () => {
    await claimedByDeadWorker(30, new Date(Date.now() + 400));
    const seen: { documentId: number; attempt: number }[] = [];
    const survivor = new DatabaseJobQueue(
      testApp.app.get(SqlEntityManager),
      { ...options, releaseAllOnStart: false },
      logger,
    );
    await survivor.start({
      ...recordingHandlers(({ documentId }, { attempt }) => seen.push({ documentId, attempt })),
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([]);
    await waitFor(() => seen.length === 1, 5_000);
    expect(seen).toEqual([{ documentId: 30, attempt: 2 }]);
    await survivor.close();
  });

  it('a job whose every attempt died is handed over as exhausted, to record the failure', async () => {
    await claimedByDeadWorker(32, new Date(Date.now() - 1), 3);
    const seen: { attempt: number; attemptsExhausted: boolean }[] = [];
    const survivor = new DatabaseJobQueue(
      testApp.app.get(SqlEntityManager),
      { ...options, releaseAllOnStart: false },
      logger,
    );
    await survivor.start(
      recordingHandlers((_payload, { attempt, attemptsExhausted }) =>
        seen.push({ attempt, attemptsExhausted }),
      ),
    );
    await waitFor(() => seen.length === 1, 2_000);
    expect(seen).toEqual([{ attempt: 4, attemptsExhausted: true }]);
    await survivor.close();
    expect(await testApp.app.get(SqlEntityManager).fork().count(Job, { jobKey: 'ingest:32' })).toBe(
      0,
    );
  });

  it('with SQLite (one worker per file), its jobs are released at start', async () => {
    await claimedByDeadWorker(31, new Date(Date.now() + 3_600_000));
    const seen: number[] = [];
    const restarted = new DatabaseJobQueue(
      testApp.app.get(SqlEntityManager),
      { ...options, releaseAllOnStart: true },
      logger,
    );
    await restarted.start(recordingHandlers(({ documentId }) => seen.push(documentId)));
    await waitFor(() => seen.length === 1, 2_000);
    expect(seen).toEqual([31]);
    await restarted.close();
  });
});

const redisReady = await redisIsAvailable();
(redisReady ? jobQueueContract : describe.skip)('BullMQ (Redis)', () => {
  const prefix = uniqueRedisPrefix();
  return {
    create: ({ concurrency = 1, maxAttempts = 3 }) =>
      new BullMqJobQueue(
        {
          redisUrl: testRedisUrl,
          prefix,
          concurrency,
          maxAttempts,
          lockDurationMs: 1_000,
          retryDelayMs: () => 10,
        },
        logger,
      ),
    cleanUp: () => deleteRedisPrefix(prefix),
  };
});
