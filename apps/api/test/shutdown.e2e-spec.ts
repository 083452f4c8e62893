import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { AskStreamEvent } from '@clearroom/contracts';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { RESTARTING_MESSAGE } from '../src/modules/qa/qa.controller.js';
import { answer, FakeOllama } from './support/fake-ollama.js';
import { FakeTika } from './support/fake-tika.js';
import { ProductClient } from './support/product-client.js';
import {
  ensureBuilt,
  killHard,
  type ProductProcess,
  startProduct,
} from './support/product-process.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import {
  deleteRedisPrefix,
  redisIsAvailable,
  testRedisUrl,
  uniqueRedisPrefix,
} from './support/test-redis.js';

type Exit = { code: number | null; signal: NodeJS.Signals | null; ms: number };

/** Sends SIGTERM and resolves when the process has exited, with how long that took. */
function terminate(product: ProductProcess): Promise<Exit> {
  const started = Date.now();
  const exited = new Promise<Exit>((resolve) =>
    product.child.once('exit', (code, signal) =>
      resolve({ code, signal, ms: Date.now() - started }),
    ),
  );
  product.child.kill('SIGTERM');
  return exited;
}

type JobRow = { locked_by: string | null; attempts: number };

/** The inline queue's rows, read straight from the database the product used. */
async function inlineJobs(db: TestDatabase): Promise<JobRow[]> {
  const sql = 'select locked_by, attempts from jobs';
  if (db.driver === 'sqlite') {
    const sqlite = new Database(path.join(db.env['DATA_DIR']!, 'clearroom.sqlite'), {
      readonly: true,
    });
    try {
      return sqlite.prepare(sql).all() as JobRow[];
    } finally {
      sqlite.close();
    }
  }
  const connection = await createConnection(db.env['DATABASE_URL']!.replace(/^mariadb:/, 'mysql:'));
  try {
    const [rows] = await connection.query(sql);
    return rows as JobRow[];
  } finally {
    await connection.end();
  }
}

const until = async (condition: () => boolean, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** The shutdown scenarios, for one queue driver; `queueEnv` adds its settings. */
function gracefulShutdown(queueEnv: () => Record<string, string>) {
  const tika = new FakeTika();
  const ollama = new FakeOllama();
  let db: TestDatabase;
  let product: ProductProcess | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    ensureBuilt();
    db = await createTestDatabase();
    env = {
      ...db.env,
      WEB_DIR: db.env['DATA_DIR']!,
      EXTRACTOR_DRIVER: 'tika',
      TIKA_URL: await tika.start(),
      LLM_DRIVER: 'ollama',
      OLLAMA_URL: await ollama.start(),
      INGEST_CONCURRENCY: '1',
      ...queueEnv(),
    };
  });
  afterEach(async () => {
    if (product && product.child.exitCode === null && product.child.signalCode === null) {
      await killHard(product);
    }
    product = null;
    tika.extractDelayMs = 0;
  });
  afterAll(async () => {
    await db.drop();
    await tika.stop();
    await ollama.stop();
  });

  it('on SIGTERM drains: an in-flight upload completes, the running analysis finishes, an open answer stream ends with an error asking to ask again; exit 0', async () => {
    product = await startProduct({ ...env, SHUTDOWN_TIMEOUT_SECONDS: '20' });
    const client = new ProductClient(product.url);
    await client.signUp('drain');
    const projectId = await client.createProject('Drain');
    const answered = await client.upload(projectId, 'answered.pdf', 'The term is five years.');
    expect((await client.waitForStatus(projectId, answered, ['completed'])).processingStatus).toBe(
      'completed',
    );
    const sessionId = await client.createSession(projectId);

    // An analysis that takes 3 s, under way when the signal comes.
    tika.extractDelayMs = 3_000;
    const extractions = tika.requests.length;
    const running = await client.upload(projectId, 'running.pdf', 'Governed by Delaware law.');
    await until(() => tika.requests.length > extractions);

    // An answer streaming slowly.
    ollama.onChat = () =>
      answer(
        Array.from({ length: 40 }, (_, i) => `word${i} `),
        { delayMs: 250 },
      );
    let firstChunk!: () => void;
    const chunkArrived = new Promise<void>((resolve) => (firstChunk = resolve));
    const asking = client.ask(
      // FakeTika gives every document the same text: an assignment clause.
      { project_id: projectId, sessionId, question: 'May the licensor assign this agreement?' },
      (event: AskStreamEvent) => {
        if (event.type === 'chunk') firstChunk();
      },
    );
    await chunkArrived;

    // An upload whose body is still arriving.
    let firstHalf!: () => void;
    const halfSent = new Promise<void>((resolve) => (firstHalf = resolve));
    const uploading = client.slowUpload(projectId, 'slow.pdf', 'Signed in London.', 1_500, () =>
      firstHalf(),
    );
    await halfSent;

    const exit = terminate(product);
    const asked = await asking;
    expect(asked.events.at(-1)).toEqual({
      type: 'error',
      error: RESTARTING_MESSAGE,
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(asked.events.filter((event) => event.type === 'complete')).toEqual([]);
    const uploaded = await uploading;
    expect(uploaded.status).toBe(201);
    const slow = (JSON.parse(uploaded.body) as { files: { file: { id: number } }[] }).files[0]!.file
      .id;
    expect(await exit).toEqual({ code: 0, signal: null, ms: expect.any(Number) });
    expect((await exit).ms).toBeGreaterThanOrEqual(1_000);
    expect((await exit).ms).toBeLessThan(20_000);

    // Started again on the same data, with a fast Tika.
    tika.extractDelayMs = 0;
    product = await startProduct(env);
    client.moveTo(product.url);
    // The analysis under way finished before the exit.
    expect((await client.file(projectId, running)).processingStatus).toBe('completed');
    // The upload that arrived during the drain is analysed by the new process.
    expect((await client.waitForStatus(projectId, slow, ['completed'])).processingStatus).toBe(
      'completed',
    );
    // Three files, three extractions: nothing was extracted twice.
    expect(tika.requests.filter((request) => request.method === 'PUT')).toHaveLength(3);
    // Nothing was stored for the answer that was cut short.
    const history = await client.json<{ history: unknown[] }>(
      'GET',
      `/api/qa/sessions/${sessionId}/history`,
    );
    expect(history.history).toEqual([]);
    expect(await terminate(product)).toMatchObject({ code: 0, signal: null });
  }, 180_000);

  it('on SIGTERM releases an analysis still running at the timeout, which runs again after a restart; exit 0 in time', async () => {
    product = await startProduct({ ...env, SHUTDOWN_TIMEOUT_SECONDS: '3' });
    const client = new ProductClient(product.url);
    await client.signUp('release');
    const projectId = await client.createProject('Release');

    tika.extractDelayMs = 120_000;
    const extractions = tika.requests.length;
    const stuck = await client.upload(
      projectId,
      'stuck.pdf',
      'Notices go to the registered office.',
    );
    await until(() => tika.requests.length > extractions);

    const exit = await terminate(product);
    expect(exit).toMatchObject({ code: 0, signal: null });
    // 3 s in all: the job gets the drain time (2.4 s), then the application closes.
    expect(exit.ms).toBeGreaterThanOrEqual(2_000);
    expect(exit.ms).toBeLessThan(3_000 + 1_000);
    if (queueEnv()['QUEUE_DRIVER'] !== 'bullmq') {
      // Free for any worker, and the interrupted attempt not counted.
      expect(await inlineJobs(db)).toEqual([{ locked_by: null, attempts: 0 }]);
    }

    tika.extractDelayMs = 0;
    product = await startProduct(env);
    client.moveTo(product.url);
    const file = await client.waitForStatus(projectId, stuck, ['completed', 'failed'], 20_000);
    expect(file.processingStatus).toBe('completed');
    expect(await terminate(product)).toMatchObject({ code: 0, signal: null });
  }, 120_000);
}

describe('graceful shutdown with the inline queue', () => {
  gracefulShutdown(() => ({}));
});

const redisReady = await redisIsAvailable();
const prefix = uniqueRedisPrefix();
(redisReady ? describe : describe.skip)('graceful shutdown with BullMQ on Redis', () => {
  afterAll(() => deleteRedisPrefix(prefix));
  gracefulShutdown(() => ({
    QUEUE_DRIVER: 'bullmq',
    REDIS_URL: testRedisUrl,
    QUEUE_PREFIX: prefix,
  }));
});
