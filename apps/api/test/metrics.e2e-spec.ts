import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChatSession } from '@clearroom/contracts';
import { writePdf } from '../src/infra/extractor/fixtures/pdf-writer.js';
import { Metrics } from '../src/infra/metrics/metrics.port.js';
import {
  closeMetricsServer,
  metricsServerPort,
  startMetricsServer,
} from '../src/infra/metrics/metrics.server.js';
import { createProject, waitForAnalysis } from './support/documents.js';
import { answer, FakeOllama, httpError } from './support/fake-ollama.js';
import { FakeTika } from './support/fake-tika.js';
import { parseMetrics, type Sample, sampleValue } from './support/metrics-text.js';
import { ask, openAsk } from './support/sse.js';
import { signUp, startTestApp, type TestApp } from './support/test-app.js';

const STAGES = ['extract', 'store', 'chunk', 'embed', 'index'];

/** The metrics server of an in-process app, as main.ts starts it (port 0: any free port). */
async function serveMetrics(testApp: TestApp): Promise<{ server: Server; url: string }> {
  const server = await startMetricsServer(testApp.app.get(Metrics), '127.0.0.1', 0);
  return { server, url: `http://127.0.0.1:${metricsServerPort(server)}` };
}

async function scrape(url: string): Promise<Sample[]> {
  const response = await fetch(`${url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await response.text());
}

const requestCount = (samples: Sample[], labels: Record<string, string>) =>
  sampleValue(samples, 'http_request_duration_seconds_count', labels) ?? 0;

describe('Prometheus metrics', () => {
  let testApp: TestApp;
  let metrics: { server: Server; url: string };
  let owner: Awaited<ReturnType<typeof signUp>>;
  let projectId: number;

  beforeAll(async () => {
    testApp = await startTestApp();
    metrics = await serveMetrics(testApp);
    owner = await signUp(testApp);
    projectId = await createProject(owner.agent);
  });
  afterAll(async () => {
    await closeMetricsServer(metrics.server);
    await testApp.drop();
  });

  it('serves /metrics on its own server only, with the process metrics', async () => {
    const samples = await scrape(metrics.url);
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect((await fetch(`${metrics.url}/`)).status).toBe(404);
    expect((await fetch(`${metrics.url}/api/health/live`)).status).toBe(404);
    expect((await fetch(`${metrics.url}/metrics`, { method: 'POST' })).status).toBe(405);
    // The API port, which the ingress routes, has no metrics.
    await testApp.http().get('/metrics').expect(404);
    await testApp.http().get('/api/metrics').expect(404);
  });

  it('times HTTP requests by method, route template and status, never by raw URL', async () => {
    const before = await scrape(metrics.url);
    const route = '/api/projects/:projectId/files';
    await owner.agent.get(`/api/projects/${projectId}/files`).expect(200);
    await owner.agent.get(`/api/projects/${projectId}/files`).expect(200);
    await owner.agent.get('/api/projects/999999/files').expect(404);
    await testApp.http().get(`/api/projects/${projectId}/files`).expect(401);
    await testApp.http().get('/api/no-such-endpoint/12345').expect(404);
    await testApp.http().get('/api/no-such-endpoint/67890').expect(404);
    await testApp.http().get('/deals/42').expect(404);

    const after = await scrape(metrics.url);
    const increase = (labels: Record<string, string>) =>
      requestCount(after, labels) - requestCount(before, labels);
    expect(increase({ method: 'GET', route, status: '200' })).toBe(2);
    expect(increase({ method: 'GET', route, status: '404' })).toBe(1);
    expect(increase({ method: 'GET', route, status: '401' })).toBe(1);
    expect(increase({ method: 'GET', route: 'unmatched', status: '404' })).toBe(2);
    expect(increase({ method: 'GET', route: 'web', status: '404' })).toBe(1);
    const routes = new Set(
      after
        .filter((sample) => sample.name === 'http_request_duration_seconds_count')
        .map((sample) => sample.labels['route']),
    );
    expect([...routes].filter((label) => /\d/.test(label!))).toEqual([]);
    expect(
      sampleValue(after, 'http_request_duration_seconds_bucket', {
        method: 'GET',
        route,
        status: '200',
        le: '+Inf',
      }),
    ).toBe(requestCount(after, { method: 'GET', route, status: '200' }));
  });

  it('times each ingestion stage, counts documents by outcome, and reads the queue depth', async () => {
    await owner.agent
      .post(`/api/projects/${projectId}/files`)
      .attach(
        'files',
        writePdf(['Term. This Agreement has an initial term of five (5) years.']),
        'term.pdf',
      )
      .attach('files', writePdf(['']), 'blank.pdf')
      .expect(201);
    const files = await waitForAnalysis(owner.agent, projectId);
    expect(files.map((file) => [file.originalname, file.processingStatus]).sort()).toEqual([
      ['blank.pdf', 'failed'],
      ['term.pdf', 'completed'],
    ]);

    const samples = await scrape(metrics.url);
    const stageCount = (stage: string) =>
      sampleValue(samples, 'clearroom_ingestion_stage_duration_seconds_count', { stage });
    // Both documents were extracted and stored; only the one with text got further.
    expect(Object.fromEntries(STAGES.map((stage) => [stage, stageCount(stage)]))).toEqual({
      extract: 2,
      store: 2,
      chunk: 2,
      embed: 1,
      index: 1,
    });
    expect(
      sampleValue(samples, 'clearroom_ingestion_stage_duration_seconds_sum', { stage: 'extract' }),
    ).toBeGreaterThan(0);
    expect(
      sampleValue(samples, 'clearroom_ingestion_documents_total', { outcome: 'completed' }),
    ).toBe(1);
    expect(sampleValue(samples, 'clearroom_ingestion_documents_total', { outcome: 'failed' })).toBe(
      1,
    );
    for (const state of ['waiting', 'active', 'delayed']) {
      expect(sampleValue(samples, 'clearroom_queue_depth', { state })).toBe(0);
    }
  });

  it('times an answer to its first piece of text and to its end, by outcome', async () => {
    const session = (await owner.agent.post(`/api/qa/sessions/${projectId}`).send({}).expect(201))
      .body.session as ChatSession;
    const result = await ask(owner.agent, {
      project_id: projectId,
      sessionId: session.id,
      question: 'What is the initial term?',
    });
    expect(result.events.at(-1)?.type).toBe('complete');

    const samples = await scrape(metrics.url);
    const complete = { outcome: 'complete' };
    expect(sampleValue(samples, 'clearroom_answer_first_token_seconds_count', complete)).toBe(1);
    expect(sampleValue(samples, 'clearroom_answer_duration_seconds_count', complete)).toBe(1);
    const firstToken = sampleValue(samples, 'clearroom_answer_first_token_seconds_sum', complete)!;
    const total = sampleValue(samples, 'clearroom_answer_duration_seconds_sum', complete)!;
    expect(firstToken).toBeGreaterThan(0);
    expect(total).toBeGreaterThanOrEqual(firstToken);
    expect(
      requestCount(samples, { method: 'POST', route: '/api/qa/ask-stream', status: '200' }),
    ).toBe(1);
  });
});

describe('Prometheus metrics: queue depth and failed jobs', () => {
  let testApp: TestApp;
  let metrics: { server: Server; url: string };
  const tika = new FakeTika();

  beforeAll(async () => {
    await tika.start();
    // Tika down for the first attempt: the job fails (retried 2 s later), then Tika is back.
    await tika.stop();
    testApp = await startTestApp({
      EXTRACTOR_DRIVER: 'tika',
      TIKA_URL: tika.url,
      INGEST_MAX_ATTEMPTS: '2',
      INGEST_CONCURRENCY: '1',
    });
    metrics = await serveMetrics(testApp);
  });
  afterAll(async () => {
    await closeMetricsServer(metrics.server);
    await testApp.drop();
    await tika.stop();
  });

  it('counts a failed attempt, shows the retry as delayed, then the document completes', async () => {
    const owner = await signUp(testApp);
    const projectId = await createProject(owner.agent);
    await owner.agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', writePdf(['Anything']), 'contract.pdf')
      .expect(201);

    let samples = await scrapeUntil(metrics.url, (scraped) =>
      sampleValue(scraped, 'clearroom_queue_jobs_failed_total', { job: 'ingest' }),
    );
    expect(sampleValue(samples, 'clearroom_queue_jobs_failed_total', { job: 'ingest' })).toBe(1);
    expect(sampleValue(samples, 'clearroom_queue_depth', { state: 'delayed' })).toBe(1);
    expect(sampleValue(samples, 'clearroom_queue_depth', { state: 'active' })).toBe(0);

    await tika.start();
    const [file] = await waitForAnalysis(owner.agent, projectId);
    expect(file?.processingStatus).toBe('completed');
    // The worker counts the document just after saving its status: wait for the count.
    samples = await scrapeUntil(metrics.url, (scraped) =>
      sampleValue(scraped, 'clearroom_ingestion_documents_total', { outcome: 'completed' }),
    );
    expect(sampleValue(samples, 'clearroom_queue_jobs_failed_total', { job: 'ingest' })).toBe(1);
    expect(sampleValue(samples, 'clearroom_queue_depth', { state: 'delayed' })).toBe(0);
    expect(
      sampleValue(samples, 'clearroom_ingestion_documents_total', { outcome: 'completed' }),
    ).toBe(1);
  });
});

describe('Prometheus metrics: answers that do not complete', () => {
  let testApp: TestApp;
  let metrics: { server: Server; url: string };
  const ollama = new FakeOllama();
  let owner: Awaited<ReturnType<typeof signUp>>;
  let projectId: number;

  beforeAll(async () => {
    testApp = await startTestApp({ LLM_DRIVER: 'ollama', OLLAMA_URL: await ollama.start() });
    metrics = await serveMetrics(testApp);
    owner = await signUp(testApp);
    projectId = await createProject(owner.agent);
    await owner.agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', writePdf(['Term. The initial term is five (5) years.']), 'term.pdf')
      .expect(201);
    await waitForAnalysis(owner.agent, projectId);
  });
  afterAll(async () => {
    await closeMetricsServer(metrics.server);
    await testApp.drop();
    await ollama.stop();
  });

  const newSession = async () =>
    (await owner.agent.post(`/api/qa/sessions/${projectId}`).send({}).expect(201)).body
      .session as ChatSession;

  it('records an answer the asker abandons as aborted, and its request as aborted', async () => {
    ollama.onChat = () => answer(['The term ', 'is five years [1].'], { delayMs: 5_000 });
    const session = await newSession();
    let sawChunk!: () => void;
    const chunkSeen = new Promise<void>((resolve) => (sawChunk = resolve));
    const stream = await openAsk(
      testApp,
      owner.cookie,
      { project_id: projectId, sessionId: session.id, question: 'What is the term?' },
      (event) => {
        if (event.type === 'chunk') sawChunk();
      },
    );
    await chunkSeen;
    stream.destroy();
    await stream.ended;

    const aborted = { outcome: 'aborted' };
    const samples = await scrapeUntil(metrics.url, (scraped) =>
      sampleValue(scraped, 'clearroom_answer_duration_seconds_count', aborted),
    );
    expect(sampleValue(samples, 'clearroom_answer_duration_seconds_count', aborted)).toBe(1);
    expect(sampleValue(samples, 'clearroom_answer_first_token_seconds_count', aborted)).toBe(1);
    expect(
      requestCount(samples, { method: 'POST', route: '/api/qa/ask-stream', status: 'aborted' }),
    ).toBe(1);
  });

  it('records an answer the model fails as error, with no first token', async () => {
    ollama.onChat = () => httpError(500, 'model crashed');
    const session = await newSession();
    const result = await ask(owner.agent, {
      project_id: projectId,
      sessionId: session.id,
      question: 'What is the term?',
    });
    expect(result.events.at(-1)?.type).toBe('error');
    const samples = await scrape(metrics.url);
    const error = { outcome: 'error' };
    expect(sampleValue(samples, 'clearroom_answer_duration_seconds_count', error)).toBe(1);
    expect(sampleValue(samples, 'clearroom_answer_first_token_seconds_count', error)).toBe(
      undefined,
    );
  });
});

/** Scrapes until `ready` holds (at most 10 s), and returns the last scrape. */
async function scrapeUntil(url: string, ready: (samples: Sample[]) => unknown): Promise<Sample[]> {
  const deadline = Date.now() + 10_000;
  let samples = await scrape(url);
  while (!ready(samples) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    samples = await scrape(url);
  }
  return samples;
}
