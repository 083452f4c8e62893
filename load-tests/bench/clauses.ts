/**
 * Clause Review figures on the embedded defaults (npm run bench:clauses): the whole CUAD corpus
 * (449 contracts, about 8,300 pages) uploaded into one project of the built product, then
 * - the classify stage's share of analysis time, and pages and clauses classified per second;
 * - `GET /api/projects/:id/clauses` as the Clause Review loads it (?minScore=0.2) and by default;
 * - the matrix's export to xlsx and CSV.
 * Latencies are medians of RUNS runs (default 5).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import path from 'node:path';
import { startBuiltServer } from './built-server.ts';

const CUAD = path.resolve('../shared/corpus/cuad/pdf');
const RUNS = Number(process.env['RUNS'] ?? 5);
const BATCH = 40;

if (!existsSync(CUAD)) {
  console.log(`bench:clauses skipped: the CUAD corpus is not at ${CUAD}`);
  process.exit(0);
}

type Ingested = {
  pages: number;
  totalMs: number;
  clauses?: number;
  timings: { classify?: number };
};
const ingested: Ingested[] = [];
const server = await startBuiltServer(
  { UPLOAD_MAX_FILES: String(BATCH), OCR: 'off', LOG_LEVEL: 'info' },
  (line) => {
    if (line.includes('"document ingested"')) ingested.push(JSON.parse(line) as Ingested);
  },
);
let cookie = '';
const call = async (method: string, url: string, body?: unknown) => {
  const response = await fetch(server.baseUrl + url, {
    method,
    headers: {
      cookie,
      origin: server.baseUrl,
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  cookie = response.headers.get('set-cookie')?.split(';')[0] ?? cookie;
  return response;
};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const fmt = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms (runs: ${values.map((v) => v.toFixed(0)).join(', ')})`;
const timed = async (url: string): Promise<{ ms: number; bytes: number }> => {
  const started = performance.now();
  const response = await call('GET', url);
  if (response.status !== 200)
    throw new Error(`${url}: ${response.status} ${await response.text()}`);
  const bytes = (await response.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, bytes };
};

try {
  console.log(
    `Clearroom bench:clauses on ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.version}`,
  );
  await call('POST', '/api/auth/register', {
    username: 'bench',
    password: 'correct horse battery',
  });
  const project = (await (await call('POST', '/api/projects', { name: 'CUAD' })).json()) as {
    project: { id: number };
  };
  const projectId = project.project.id;
  const pdfs = readdirSync(CUAD)
    .filter((name) => /\.pdf$/i.test(name))
    .sort();
  const started = performance.now();
  for (let first = 0; first < pdfs.length; first += BATCH) {
    const form = new FormData();
    for (const name of pdfs.slice(first, first + BATCH))
      form.append('files', new Blob([readFileSync(path.join(CUAD, name))]), name);
    const upload = await call('POST', `/api/projects/${projectId}/files`, form);
    if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  }
  for (;;) {
    const { files } = (await (await call('GET', `/api/projects/${projectId}/files`)).json()) as {
      files: { processingStatus: string }[];
    };
    const done = files.filter((f) => ['completed', 'failed'].includes(f.processingStatus));
    if (done.length === files.length) {
      const failed = files.length - files.filter((f) => f.processingStatus === 'completed').length;
      console.log(
        `\n${files.length} contracts analysed in ${((performance.now() - started) / 1000).toFixed(0)} s (${failed} failed)`,
      );
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }

  const pages = ingested.reduce((sum, entry) => sum + entry.pages, 0);
  const classifyMs = ingested.reduce((sum, entry) => sum + (entry.timings.classify ?? 0), 0);
  const totalMs = ingested.reduce((sum, entry) => sum + entry.totalMs, 0);
  const clauses = ingested.reduce((sum, entry) => sum + (entry.clauses ?? 0), 0);
  console.log(
    `Classify stage: ${((100 * classifyMs) / totalMs).toFixed(1)} % of analysis time (goal ≤ 15 %); ` +
      `${(pages / (classifyMs / 1000)).toFixed(0)} pages/s, ${clauses} candidate spans stored, ` +
      `${(classifyMs / pages).toFixed(2)} ms per page`,
  );

  for (const [label, url] of [
    ['Clause Review load (?minScore=0.2)', `/api/projects/${projectId}/clauses?minScore=0.2`],
    ['Clauses at the thresholds', `/api/projects/${projectId}/clauses`],
    ['Export xlsx', `/api/projects/${projectId}/clauses/export?format=xlsx`],
    ['Export CSV', `/api/projects/${projectId}/clauses/export?format=csv`],
  ] as const) {
    await timed(url); // warm
    const runs: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const result = await timed(url);
      runs.push(result.ms);
      bytes = result.bytes;
    }
    const goal = label.startsWith('Export') ? '≤ 5,000 ms' : '≤ 1,000 ms';
    console.log(`${label}: ${fmt(runs)}, ${(bytes / 1024).toFixed(0)} KB (goal ${goal})`);
  }
} finally {
  server.stop();
}
