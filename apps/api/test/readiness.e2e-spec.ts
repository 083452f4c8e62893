import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ReadinessRegistry } from '../src/modules/health/readiness.registry.js';
import { PROBE_TIMEOUT_MS, RESULT_TTL_MS } from '../src/modules/health/readiness.service.js';
import { ShutdownSignal } from '../src/modules/health/shutdown-signal.js';
import { FakeOllama } from './support/fake-ollama.js';
import { FakeTika } from './support/fake-tika.js';
import { TcpProxy } from './support/tcp-proxy.js';
import { createTestDatabase, mysqlServerUrl, testDbDriver } from './support/test-database.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import {
  deleteRedisPrefix,
  redisIsAvailable,
  testRedisUrl,
  uniqueRedisPrefix,
} from './support/test-redis.js';

type Ready = { status: number; body: Record<string, unknown> };

async function ready(testApp: TestApp): Promise<Ready> {
  const response = await testApp.http().get('/api/health/ready');
  return { status: response.status, body: response.body as Record<string, unknown> };
}

/** Asks until the answer has `status` (results are kept for RESULT_TTL_MS), or gives up. */
async function readyBecomes(testApp: TestApp, status: number, timeoutMs = 15_000): Promise<Ready> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await ready(testApp);
    if (answer.status === status || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('readiness with Tika and Ollama configured', () => {
  let testApp: TestApp;
  const tika = new FakeTika();
  const ollama = new FakeOllama();

  beforeAll(async () => {
    testApp = await startTestApp({
      EXTRACTOR_DRIVER: 'tika',
      TIKA_URL: await tika.start(),
      LLM_DRIVER: 'ollama',
      OLLAMA_URL: await ollama.start(),
    });
  });
  afterAll(async () => {
    await testApp.drop();
    await tika.stop();
    await ollama.stop();
  });

  it('is ready when every configured dependency answers, probing Tika and Ollama by version', async () => {
    const answer = await readyBecomes(testApp, 200);
    expect(answer).toEqual({
      status: 200,
      body: {
        status: 'ok',
        checks: { database: 'ok', queue: 'ok', search: 'ok', tika: 'ok', ollama: 'ok' },
      },
    });
    expect(tika.requests).toContainEqual({ method: 'GET', path: '/version' });
    expect(ollama.requests.map(({ method, path }) => `${method} ${path}`)).toContain(
      'GET /api/version',
    );
  });

  it('probes each dependency at most once per result lifetime, however often it is asked', async () => {
    await new Promise((resolve) => setTimeout(resolve, RESULT_TTL_MS + 50));
    const before = tika.requests.length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => ready(testApp)));
    for (let i = 0; i < 5; i++) answers.push(await ready(testApp));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(tika.requests.length - before).toBe(1);
  });

  it('answers 503 naming Tika while Tika is down, and 200 once it is back; liveness stays 200', async () => {
    await tika.stop();
    const down = await readyBecomes(testApp, 503);
    expect(down).toEqual({
      status: 503,
      body: {
        status: 'unavailable',
        error: 'Not ready: no answer from Apache Tika (TIKA_URL)',
        code: 'SERVICE_UNAVAILABLE',
        checks: { database: 'ok', queue: 'ok', search: 'ok', tika: 'unavailable', ollama: 'ok' },
      },
    });
    await testApp.http().get('/api/health/live').expect(200, { status: 'ok' });

    await tika.start();
    expect((await readyBecomes(testApp, 200)).status).toBe(200);
  });

  it('answers 503 naming Ollama while Ollama is down, and 200 once it is back', async () => {
    await ollama.stop();
    const down = await readyBecomes(testApp, 503);
    expect(down.body).toMatchObject({
      error: 'Not ready: no answer from Ollama (OLLAMA_URL)',
      checks: { tika: 'ok', ollama: 'unavailable' },
    });
    await ollama.start();
    expect((await readyBecomes(testApp, 200)).status).toBe(200);
  });

  it('names every dependency that is down', async () => {
    await Promise.all([tika.stop(), ollama.stop()]);
    const down = await readyBecomes(testApp, 503);
    expect(down.body['error']).toBe(
      'Not ready: no answer from Apache Tika (TIKA_URL), Ollama (OLLAMA_URL)',
    );
    await Promise.all([tika.start(), ollama.start()]);
    expect((await readyBecomes(testApp, 200)).status).toBe(200);
  });

  it('fails a dependency that accepts the connection but never answers, within the probe timeout', async () => {
    tika.hang = true;
    try {
      await new Promise((resolve) => setTimeout(resolve, RESULT_TTL_MS + 50));
      const started = Date.now();
      const answer = await ready(testApp);
      const took = Date.now() - started;
      expect(answer.status).toBe(503);
      expect(answer.body['checks']).toMatchObject({ tika: 'unavailable' });
      expect(took).toBeGreaterThanOrEqual(PROBE_TIMEOUT_MS - 100);
      expect(took).toBeLessThan(PROBE_TIMEOUT_MS + 1_500);
    } finally {
      tika.hang = false;
    }
    expect((await readyBecomes(testApp, 200)).status).toBe(200);
  });

  it('includes the checks other modules register, e.g. an identity provider', async () => {
    let up = false;
    testApp.app.get(ReadinessRegistry).register({
      name: 'oidc',
      dependency: 'Keycloak (OIDC_ISSUER_URL)',
      probe: () => (up ? Promise.resolve() : Promise.reject(new Error('connect ECONNREFUSED'))),
    });
    const down = await readyBecomes(testApp, 503);
    expect(down.body).toMatchObject({
      error: 'Not ready: no answer from Keycloak (OIDC_ISSUER_URL)',
      checks: { oidc: 'unavailable' },
    });
    up = true;
    const back = await readyBecomes(testApp, 200);
    expect(back.body['checks']).toMatchObject({ oidc: 'ok' });
  });

  it('probes the dependencies in parallel: two that hang cost one timeout, not two', async () => {
    const registry = testApp.app.get(ReadinessRegistry);
    const hang = () => new Promise<void>(() => undefined);
    registry.register({ name: 'slow-a', dependency: 'Service A', probe: hang });
    registry.register({ name: 'slow-b', dependency: 'Service B', probe: hang });
    try {
      await new Promise((resolve) => setTimeout(resolve, RESULT_TTL_MS + 50));
      const started = Date.now();
      const answer = await ready(testApp);
      expect(Date.now() - started).toBeLessThan(PROBE_TIMEOUT_MS * 1.5);
      expect(answer.body['error']).toBe('Not ready: no answer from Service A, Service B');
    } finally {
      registry.register({
        name: 'slow-a',
        dependency: 'Service A',
        probe: () => Promise.resolve(),
      });
      registry.register({
        name: 'slow-b',
        dependency: 'Service B',
        probe: () => Promise.resolve(),
      });
    }
    expect((await readyBecomes(testApp, 200)).status).toBe(200);
  });

  it('answers 503 as soon as the process starts shutting down; liveness stays 200', async () => {
    testApp.app.get(ShutdownSignal).begin();
    expect(await ready(testApp)).toEqual({
      status: 503,
      body: {
        status: 'shutting_down',
        error: 'Shutting down: this process takes no new work',
        code: 'SERVICE_UNAVAILABLE',
      },
    });
    await testApp.http().get('/api/health/live').expect(200);
  });
});

describe('readiness checks only what the role uses', () => {
  const tika = new FakeTika();
  const ollama = new FakeOllama();
  let tikaUrl: string;
  let ollamaUrl: string;

  beforeAll(async () => {
    tikaUrl = await tika.start();
    ollamaUrl = await ollama.start();
    // Both down: a role that does not use them must stay ready.
    await tika.stop();
    await ollama.stop();
  });

  it('api: Tika is the worker’s, so an api process is ready without it', async () => {
    const testApp = await startTestApp({
      APP_ROLE: 'api',
      EXTRACTOR_DRIVER: 'tika',
      TIKA_URL: tikaUrl,
    });
    try {
      expect(await ready(testApp)).toEqual({
        status: 200,
        body: { status: 'ok', checks: { database: 'ok', queue: 'ok', search: 'ok' } },
      });
    } finally {
      await testApp.drop();
    }
  });

  it('worker: the chat model is the api’s, so a worker is ready without Ollama', async () => {
    const testApp = await startTestApp({
      APP_ROLE: 'worker',
      LLM_DRIVER: 'ollama',
      OLLAMA_URL: ollamaUrl,
    });
    try {
      expect((await ready(testApp)).status).toBe(200);
    } finally {
      await testApp.drop();
    }
  });
});

const redisReady = await redisIsAvailable();
(redisReady ? describe : describe.skip)('readiness with BullMQ: Redis down and back', () => {
  const prefix = uniqueRedisPrefix();
  const redis = new URL(testRedisUrl);
  const proxy = new TcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
  let testApp: TestApp;

  beforeAll(async () => {
    const port = await proxy.start();
    testApp = await startTestApp({
      QUEUE_DRIVER: 'bullmq',
      REDIS_URL: `redis://127.0.0.1:${port}`,
      QUEUE_PREFIX: prefix,
    });
  });
  afterAll(async () => {
    await proxy.start();
    await testApp.drop();
    await proxy.stop();
    await deleteRedisPrefix(prefix);
  });

  it('answers 503 naming Redis while it cannot be reached, and 200 once it can', async () => {
    expect((await readyBecomes(testApp, 200)).body['checks']).toMatchObject({ queue: 'ok' });
    await proxy.stop();
    const down = await readyBecomes(testApp, 503);
    expect(down.body['error']).toMatch(/^Not ready: no answer from Redis \(REDIS_URL\)/);
    expect(down.body['checks']).toMatchObject({
      database: 'ok',
      queue: 'unavailable',
      search: 'ok',
    });
    await proxy.start();
    expect((await readyBecomes(testApp, 200, 30_000)).status).toBe(200);
  }, 60_000);
});

// A network database can go down while the process runs; the SQLite file cannot. This suite runs
// in the MariaDB/MySQL run of the API tests (npm run test:mysql), which `npm test` includes.
if (testDbDriver === 'mysql') {
  describe('readiness on MariaDB/MySQL: the database down and back', () => {
    const server = new URL(mysqlServerUrl);
    const proxy = new TcpProxy({ host: server.hostname, port: Number(server.port || 3306) });
    let testApp: TestApp;

    beforeAll(async () => {
      const port = await proxy.start();
      const db = await createTestDatabase();
      const url = new URL(db.env['DATABASE_URL']!);
      url.host = `127.0.0.1:${port}`;
      testApp = await startTestApp(
        { APP_ROLE: 'api' },
        { ...db, env: { ...db.env, DATABASE_URL: url.toString() } },
      );
    });
    afterAll(async () => {
      await proxy.start();
      await testApp.drop();
      await proxy.stop();
    });

    it('answers 503 naming the database while it cannot be reached, and 200 once it can', async () => {
      expect((await readyBecomes(testApp, 200)).status).toBe(200);
      await proxy.stop();
      const down = await readyBecomes(testApp, 503);
      expect(down.body).toMatchObject({
        error:
          'Not ready: no answer from the database (DATABASE_URL), the job queue (in the database)',
        checks: { database: 'unavailable', queue: 'unavailable', search: 'ok' },
      });
      await proxy.start();
      expect((await readyBecomes(testApp, 200, 30_000)).status).toBe(200);
    }, 60_000);
  });
}
