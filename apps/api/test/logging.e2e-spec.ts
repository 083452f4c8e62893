import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ProductClient } from './support/product-client.js';
import {
  ensureBuilt,
  type ProductProcess,
  startProduct,
  stopGracefully,
} from './support/product-process.js';

type LogLine = Record<string, unknown> & { msg?: string; level?: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The product's stdout: JSON lines only, its start line included (stdout is not a terminal). */
function logLines(product: ProductProcess): LogLine[] {
  return product
    .output()
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as LogLine);
}

async function waitForLog(
  product: ProductProcess,
  matches: (line: LogLine) => boolean,
): Promise<LogLine> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = logLines(product).find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('No such log line');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('JSON logs with request ids (the built product)', () => {
  let dataDir: string;
  let product: ProductProcess;
  let client: ProductClient;

  beforeAll(async () => {
    ensureBuilt();
    dataDir = mkdtempSync(path.join(tmpdir(), 'clearroom-logs-'));
    product = await startProduct({ DATA_DIR: dataDir, WEB_DIR: dataDir, LOG_LEVEL: 'info' });
    client = new ProductClient(product.url);
  });
  afterAll(async () => {
    await stopGracefully(product);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes every log line as JSON, the start line with where to open it and what it runs on', async () => {
    await client.send('GET', '/api/health/live');
    const [start] = logLines(product).filter((line) => line['context'] === 'Clearroom');
    expect(start).toMatchObject({
      level: 30,
      msg: `Clearroom is running on Node.js ${process.version}: open ${product.url}`,
      url: product.url,
      dataDir,
      role: 'all',
      drivers: {
        database: `SQLite (${path.join(dataDir, 'clearroom.sqlite')})`,
        queue: 'database (jobs in the database)',
        search: 'embedded (SQLite FTS5)',
        signIn: 'local accounts',
      },
    });
  });

  it("logs Nest's start-up chatter (modules loaded, routes mapped) at debug level only", () => {
    const contexts = new Set(logLines(product).map((line) => line['context']));
    for (const chatter of ['RoutesResolver', 'RouterExplorer', 'InstanceLoader', 'NestFactory']) {
      expect(contexts.has(chatter)).toBe(false);
    }
    expect(contexts.has('Migrations')).toBe(true);
  });

  it('keeps a well-formed X-Request-Id from the ingress, returns it, and logs the request with it', async () => {
    const response = await client.send('GET', '/api/projects', undefined, {
      'x-request-id': 'ingress-7f3a.1:2',
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('x-request-id')).toBe('ingress-7f3a.1:2');
    const line = await waitForLog(product, (entry) => entry['requestId'] === 'ingress-7f3a.1:2');
    expect(line).toMatchObject({
      req: { method: 'GET', url: '/api/projects' },
      res: { statusCode: 401 },
    });
    // Headers are never logged: no cookie or token can leak through the access log.
    expect(JSON.stringify(line)).not.toContain('headers');
  });

  it('replaces a malformed X-Request-Id with a fresh UUID', async () => {
    for (const bad of ['has spaces in it', 'x'.repeat(129), '<script>']) {
      const response = await client.send('GET', '/api/health/live', undefined, {
        'x-request-id': bad,
      });
      expect(response.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it('gives an id to responses refused before any route, such as a foreign origin', async () => {
    const response = await fetch(`${product.url}/api/projects`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('x-request-id')).toMatch(UUID);
  });

  it('carries the request id on lines logged inside the request, and the job on lines of the worker', async () => {
    await client.signUp('logger');
    const projectId = await client.createProject('Logs');
    const documentId = await client.upload(
      projectId,
      'msa.pdf',
      'Assignment. Neither party may assign this Agreement without the prior written consent of the other party.',
    );
    await client.waitForStatus(projectId, documentId, ['completed']);
    const ingested = await waitForLog(product, (line) => line.msg === 'document ingested');
    expect(ingested).toMatchObject({
      job: 'ingest',
      jobId: expect.any(String),
      documentId,
      attempt: 1,
    });
    expect(ingested['requestId']).toBeUndefined();

    const sessionId = await client.createSession(projectId);
    const asked = await client.ask(
      { project_id: projectId, sessionId, question: 'May a party assign this Agreement?' },
      () => undefined,
      { 'x-request-id': 'ask-0001' },
    );
    expect(asked.events.at(-1)?.type).toBe('complete');
    const answered = await waitForLog(product, (line) => line.msg === 'question answered');
    expect(answered).toMatchObject({ requestId: 'ask-0001', projectId });
  });
});

describe('the start on a terminal, and its warnings', () => {
  let dataDir: string;
  beforeAll(() => {
    ensureBuilt();
    dataDir = mkdtempSync(path.join(tmpdir(), 'clearroom-start-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('LOG_FORMAT=pretty prints a short banner and readable log lines, no JSON', async () => {
    const product = await startProduct({
      DATA_DIR: dataDir,
      WEB_DIR: dataDir,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'pretty',
    });
    try {
      await new ProductClient(product.url).send('GET', '/api/projects');
      await waitForOutput(
        product,
        / INFO {2}GET \/api\/projects 401 \d+ ms \(request [0-9a-f-]{36}\)/,
      );
      const output = product.output();
      expect(output).toContain(`Clearroom is running on Node.js ${process.version}\n`);
      expect(output).toMatch(new RegExp(`\n {2}Open {6}${product.url.replace(/\./g, '\\.')}\n`));
      expect(output).toContain(`\n  Data      ${dataDir}\n`);
      expect(output).toContain('\n  Database  SQLite (');
      expect(output).not.toMatch(/^\{/m);
      expect(output).not.toContain('Mapped {');
    } finally {
      await stopGracefully(product);
    }
  });

  it('warns when PUBLIC_URL is unset and it listens beyond this machine', async () => {
    const warning =
      /WARN .*PUBLIC_URL is not set, and Clearroom listens on 0\.0\.0\.0, beyond this machine/;
    const open = await startProduct({
      DATA_DIR: dataDir,
      WEB_DIR: dataDir,
      LOG_FORMAT: 'pretty',
      HOST: '0.0.0.0',
    });
    try {
      await waitForOutput(open, warning);
    } finally {
      await stopGracefully(open);
    }
    const local = await startProduct({ DATA_DIR: dataDir, WEB_DIR: dataDir, LOG_FORMAT: 'pretty' });
    await stopGracefully(local);
    expect(local.output()).toContain('Clearroom is running');
    expect(local.output()).not.toContain('PUBLIC_URL');
  });
});

async function waitForOutput(product: ProductProcess, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!pattern.test(product.output())) {
    if (Date.now() > deadline)
      throw new Error(`No output matching ${pattern}:\n${product.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
