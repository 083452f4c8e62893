/**
 * Review grid figures on the embedded defaults (npm run bench:review), on the CUAD corpus
 * (449 contracts) in one project:
 * - a 12-column "M&A contract review" over every document: time from the build's response to the
 *   last cell answered, in cells per second, and the peak memory of the process answering them;
 * - the grid page's first screen: GET /api/reviews/:id?offset=0&limit=100, the page the grid asks
 *   for first, once the grid is complete (median of RUNS); the whole grid unpaged beside it;
 * - the xlsx export of the whole grid (median of RUNS).
 * The API and the worker run in one process here (APP_ROLE=all, the embedded default).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import path from 'node:path';
import { BUILT_IN_REVIEW_TEMPLATES } from '@clearroom/contracts';
import { startBuiltServer } from './built-server.ts';

const CUAD = path.resolve('../shared/corpus/cuad/pdf');
const RUNS = Number(process.env['RUNS'] ?? 5);
/** BENCH_LIMIT=60: the first 60 contracts by name only, for a quick local run. */
const LIMIT = process.env['BENCH_LIMIT'] ? Number(process.env['BENCH_LIMIT']) : undefined;
/** The rows the grid page asks for first (apps/web's REVIEW_PAGE_ROWS). */
const FIRST_PAGE_ROWS = 100;
/** The server takes at most 50 files per upload. */
const UPLOAD_BATCH = 50;

if (!existsSync(CUAD)) {
  console.log(`bench:review skipped: the CUAD corpus is not at ${CUAD}`);
  process.exit(0);
}

type Progress = { done: number; total: number };
type ReviewBody = { review: { id: number; status: string; progress: Progress } };

const server = await startBuiltServer({ UPLOAD_MAX_FILE_SIZE_MB: '200' });
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
const rssMb = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) /
  1024;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const fmt = (values: number[], unit: string, digits = 0) =>
  `median ${median(values).toFixed(digits)} ${unit} (runs: ${values.map((v) => v.toFixed(digits)).join(', ')})`;

try {
  console.log(
    `Clearroom bench:review on ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.version}`,
  );
  await call('POST', '/api/auth/register', {
    username: 'bench',
    password: 'correct horse battery',
  });
  const created = await call('POST', '/api/projects', { name: 'CUAD data room' });
  const projectId = ((await created.json()) as { project: { id: number } }).project.id;

  const names = readdirSync(CUAD)
    .filter((name) => /\.pdf$/i.test(name))
    .sort()
    .slice(0, LIMIT);
  const ingestStart = performance.now();
  for (let from = 0; from < names.length; from += UPLOAD_BATCH) {
    const form = new FormData();
    for (const name of names.slice(from, from + UPLOAD_BATCH))
      form.append('files', new Blob([readFileSync(path.join(CUAD, name))]), name);
    const upload = await call('POST', `/api/projects/${projectId}/files`, form);
    if (upload.status !== 201)
      throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  }
  for (;;) {
    const { files } = (await (await call('GET', `/api/projects/${projectId}/files`)).json()) as {
      files: { processingStatus: string }[];
    };
    const open = files.filter(
      (file) => file.processingStatus !== 'completed' && file.processingStatus !== 'failed',
    ).length;
    if (open === 0) {
      const failed = files.filter((file) => file.processingStatus === 'failed').length;
      console.log(
        `\nCUAD corpus analysed: ${files.length} documents (${failed} failed) in ${((performance.now() - ingestStart) / 1000).toFixed(0)} s`,
      );
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }

  const template = BUILT_IN_REVIEW_TEMPLATES[0]!;
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
  const runStart = performance.now();
  const build = await call('POST', `/api/projects/${projectId}/reviews`, {
    name: template.name,
    columns: template.columns,
  });
  if (build.status !== 201) throw new Error(`build failed: ${build.status} ${await build.text()}`);
  const reviewId = ((await build.json()) as ReviewBody).review.id;
  let progress: Progress;
  for (;;) {
    const { reviews } = (await (
      await call('GET', `/api/projects/${projectId}/reviews`)
    ).json()) as {
      reviews: { id: number; status: string; progress: Progress }[];
    };
    const review = reviews.find((candidate) => candidate.id === reviewId)!;
    progress = review.progress;
    if (review.status === 'completed') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - runStart) / 1000;
  clearInterval(sampler);
  console.log(
    `\n${template.columns.length}-column "${template.name}" over ${progress.total / template.columns.length} documents: ${progress.total} cells in ${seconds.toFixed(1)} s = ${(progress.total / seconds).toFixed(0)} cells/s`,
  );
  console.log(
    `Process RSS while the grid filled: ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`,
  );

  const firstScreens: number[] = [];
  const loads: number[] = [];
  const exports: number[] = [];
  let firstBytes = 0;
  let bytes = 0;
  let workbook = 0;
  for (let run = 0; run < RUNS; run++) {
    let start = performance.now();
    const page = await call('GET', `/api/reviews/${reviewId}?offset=0&limit=${FIRST_PAGE_ROWS}`);
    firstBytes = (await page.arrayBuffer()).byteLength;
    firstScreens.push(performance.now() - start);
    start = performance.now();
    const grid = await call('GET', `/api/reviews/${reviewId}`);
    bytes = (await grid.arrayBuffer()).byteLength;
    loads.push(performance.now() - start);
    start = performance.now();
    const xlsx = await call('GET', `/api/reviews/${reviewId}/export?format=xlsx`);
    workbook = (await xlsx.arrayBuffer()).byteLength;
    exports.push(performance.now() - start);
  }
  console.log(
    `\nGrid page's first screen, GET /api/reviews/:id?offset=0&limit=${FIRST_PAGE_ROWS} (${(firstBytes / 1024 / 1024).toFixed(1)} MB): ${fmt(firstScreens, 'ms')}`,
  );
  console.log(
    `The whole grid, GET /api/reviews/:id (${(bytes / 1024 / 1024).toFixed(1)} MB): ${fmt(loads, 'ms')}`,
  );
  console.log(`xlsx export (${(workbook / 1024 / 1024).toFixed(1)} MB): ${fmt(exports, 'ms')}`);
} finally {
  server.stop();
}
