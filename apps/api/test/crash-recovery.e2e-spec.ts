import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import type { ProjectFile } from '@clearroom/contracts';
import { chunkDocument } from '../src/modules/ingestion/chunking/chunker.js';
import { CORPUS_DIR, corpusFile, describeWithCorpus } from './support/corpus.js';
import {
  ensureBuilt,
  killHard,
  type ProductProcess,
  startProduct,
  stopGracefully,
} from './support/product-process.js';
import {
  deleteRedisPrefix,
  redisIsAvailable,
  testRedisUrl,
  uniqueRedisPrefix,
} from './support/test-redis.js';

/** A signed-in HTTP client of a running product. */
class Client {
  private cookie = '';
  constructor(private readonly base: string) {}
  rebase(base: string) {
    return Object.assign(new Client(base), { cookie: this.cookie });
  }
  async send(method: string, url: string, body?: unknown): Promise<Response> {
    const isForm = body instanceof FormData;
    const response = await fetch(this.base + url, {
      method,
      headers: {
        cookie: this.cookie,
        origin: this.base,
        ...(body && !isForm ? { 'content-type': 'application/json' } : {}),
      },
      body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    return response;
  }
  async files(projectId: number): Promise<ProjectFile[]> {
    const response = await this.send('GET', `/api/projects/${projectId}/files`);
    return ((await response.json()) as { files: ProjectFile[] }).files;
  }
}

const corpusPdfs = () => readdirSync(CORPUS_DIR).filter((name) => /\.pdf$/i.test(name));
const finished = (file: ProjectFile) =>
  file.processingStatus === 'completed' || file.processingStatus === 'failed';

/**
 * Uploads the corpus, kills the product with SIGKILL while it is ingesting, starts it again on
 * the same data: every document must end completed or failed, none stuck, and the index must
 * hold each document's chunks exactly once.
 */
function crashRecoveryScenario(queueEnv: () => Record<string, string>) {
  let dataDir: string;
  let product: ProductProcess | null = null;

  beforeAll(() => {
    ensureBuilt();
    dataDir = mkdtempSync(path.join(tmpdir(), 'clearroom-crash-'));
  });
  afterAll(async () => {
    if (product) await stopGracefully(product);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every document ends completed or failed after a SIGKILL mid-ingestion, with no duplicate chunks', async () => {
    const env = { DATA_DIR: dataDir, WEB_DIR: dataDir, ...queueEnv() };
    product = await startProduct(env);
    let client = new Client(product.url);
    expect(
      (
        await client.send('POST', '/api/auth/register', {
          username: 'crash',
          password: 'correct horse battery',
        })
      ).status,
    ).toBe(201);
    const created = await client.send('POST', '/api/projects', { name: 'Crash test' });
    const projectId = ((await created.json()) as { project: { id: number } }).project.id;

    const form = new FormData();
    const names = corpusPdfs();
    for (const name of names) form.append('files', new Blob([corpusFile(name)]), name);
    expect((await client.send('POST', `/api/projects/${projectId}/files`, form)).status).toBe(201);

    // Kill it while some documents are done and others are not.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const files = await client.files(projectId);
      if (files.some(finished) || files.some((file) => file.processingStatus === 'processing')) {
        if (files.some(finished) || Date.now() > deadline) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
    await killHard(product);

    product = await startProduct(env);
    client = client.rebase(product.url);
    let files = await client.files(projectId);
    const interrupted = files.filter((file) => !finished(file)).length;
    expect(interrupted).toBeGreaterThan(0);
    const recoveryDeadline = Date.now() + 150_000;
    while (!files.every(finished) && Date.now() < recoveryDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      files = await client.files(projectId);
    }
    expect(files.filter((file) => !finished(file)).map((file) => file.originalname)).toEqual([]);
    expect(files).toHaveLength(names.length);
    expect(files.filter((file) => file.processingStatus === 'failed')).toEqual([]);

    await stopGracefully(product);
    product = null;
    const db = new Database(path.join(dataDir, 'clearroom.sqlite'), { readonly: true });
    const index = new Database(path.join(dataDir, 'search-index.sqlite'), { readonly: true });
    try {
      for (const file of files) {
        const pages = db
          .prepare('select number, text from document_pages where document_id = ? order by number')
          .all(file.id) as { number: number; text: string }[];
        expect(pages).toHaveLength(file.pageCount!);
        const indexed = index
          .prepare('select count(*) as n from chunks where document_id = ?')
          .get(file.id) as { n: number };
        expect({ name: file.originalname, chunks: indexed.n }).toEqual({
          name: file.originalname,
          chunks: (await chunkDocument(pages)).length,
        });
      }
      expect(db.prepare('select count(*) as n from jobs').get()).toEqual({ n: 0 });
    } finally {
      db.close();
      index.close();
    }
  }, 300_000);
}

describeWithCorpus('crash recovery with the inline queue', () => {
  crashRecoveryScenario(() => ({}));
});

const redisReady = await redisIsAvailable();
const prefix = uniqueRedisPrefix();
(redisReady ? describeWithCorpus : describe.skip)('crash recovery with BullMQ on Redis', () => {
  afterAll(() => deleteRedisPrefix(prefix));
  crashRecoveryScenario(() => ({
    QUEUE_DRIVER: 'bullmq',
    REDIS_URL: testRedisUrl,
    QUEUE_PREFIX: prefix,
  }));
});
