/**
 * Review grid figures on the embedded defaults (npm run bench:review), on the CUAD corpus
 * (449 contracts) in one project:
 * - a 12-column "M&A contract review" over every document: time from the build's response to the
 *   last cell answered, in cells per second, and the peak memory of the process answering them;
 * - the grid page's first screen: GET /api/reviews/:id?offset=0&limit=100, the page the grid asks
 *   for first, once the grid is complete (median of RUNS); the whole grid unpaged beside it;
 * - the xlsx export of the whole grid (median of RUNS).
 * The API and the worker run in one process here (APP_ROLE=all, the embedded default).
 *
 * BENCH_DATA_DIR=/work/bench-cuad reuses the project bench:clauses analysed (only missing
 * contracts are uploaded); each run builds a new grid in it. GRID_RUNS (default 1) builds the
 * grid that many times and reports the median.
 */
import { existsSync } from 'node:fs';
import { BUILT_IN_REVIEW_TEMPLATES } from '@clearroom/contracts';
import { type ApiClient, createClient, signIn, waitForReclassification } from './api-client.ts';
import { startBuiltServer } from './built-server.ts';
import { firstScreenMs } from './first-screen.ts';
import {
  BENCH_USER,
  CUAD_PDF,
  CUAD_PROJECT,
  describeFiles,
  prepareCorpusProject,
} from './corpus.ts';
import { describeLoad, describeMachine, formatRuns, rssMb, sampleRss } from './stats.ts';

const RUNS = Number(process.env['RUNS'] ?? 5);
const GRID_RUNS = Number(process.env['GRID_RUNS'] ?? 1);
const UPLOAD_BATCH = 40;
/** BENCH_LIMIT=60: the first 60 contracts by name only (a project of their own), for a quick local run. */
const LIMIT = process.env['BENCH_LIMIT'] ? Number(process.env['BENCH_LIMIT']) : undefined;
/** The rows the grid page asks for first (apps/web's REVIEW_FIRST_PAGE_ROWS). */
const FIRST_PAGE_ROWS = 40;

if (!existsSync(CUAD_PDF)) {
  console.log(`bench:review skipped: the CUAD corpus is not at ${CUAD_PDF}`);
  process.exit(0);
}

type Progress = { done: number; total: number };
type ReviewBody = { review: { id: number; status: string; progress: Progress } };

const server = await startBuiltServer({ UPLOAD_MAX_FILES: String(UPLOAD_BATCH) }, undefined, {
  reuseDataDir: true,
});
try {
  console.log(`Clearroom bench:review on ${describeMachine()}; ${describeLoad()}`);
  const client = createClient(server.baseUrl);
  await signIn(client, BENCH_USER.username, BENCH_USER.password);
  const prepared = await prepareCorpusProject(client, {
    name: LIMIT ? `${CUAD_PROJECT}, first ${LIMIT}` : CUAD_PROJECT,
    directory: CUAD_PDF,
    batch: UPLOAD_BATCH,
    limit: LIMIT,
  });
  const { projectId, files } = prepared;
  console.log(
    prepared.uploaded > 0
      ? `\nCUAD corpus: ${prepared.uploaded} uploaded and analysed in ${(prepared.ingestMs / 1000).toFixed(0)} s; ${describeFiles(files)}`
      : `\nCUAD corpus already analysed in ${server.dataDir}: ${describeFiles(files)}`,
  );
  await waitForReclassification(client, projectId);

  const template = BUILT_IN_REVIEW_TEMPLATES[0]!;
  const rates: number[] = [];
  const durations: number[] = [];
  const peaks: number[] = [];
  let reviewId = 0;
  let cells = 0;
  for (let run = 0; run < GRID_RUNS; run++) {
    const before = rssMb(server.pid);
    const sampler = sampleRss(server.pid);
    const runStart = performance.now();
    const { review } = await client.json<ReviewBody>('POST', `/api/projects/${projectId}/reviews`, {
      name: `${template.name} (bench ${new Date().toISOString()})`,
      columns: template.columns,
    });
    reviewId = review.id;
    const progress = await waitForGrid(client, projectId, reviewId);
    const seconds = (performance.now() - runStart) / 1000;
    const peak = sampler.stop();
    cells = progress.total;
    rates.push(cells / seconds);
    durations.push(seconds);
    peaks.push(peak);
    console.log(
      `  grid ${run + 1}: ${cells} cells in ${seconds.toFixed(1)} s = ${(cells / seconds).toFixed(0)} cells/s; ` +
        `RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB; ${describeLoad()}`,
    );
  }
  console.log(
    `\n${template.columns.length}-column "${template.name}" over ${cells / template.columns.length} documents (${cells} cells):\n` +
      `  time   ${formatRuns(durations, 's', 1)} (goal ≤ 60 s)\n` +
      `  rate   ${formatRuns(rates, 'cells/s')} (goal ≥ 90 cells/s)\n` +
      `  peak RSS of the process (API + worker) ${formatRuns(peaks, 'MB')}`,
  );

  const firstScreens: number[] = [];
  const loads: number[] = [];
  const exports: number[] = [];
  let firstBytes = 0;
  let bytes = 0;
  let workbook = 0;
  for (let run = 0; run < RUNS; run++) {
    let start = performance.now();
    const page = await client.request(
      'GET',
      `/api/reviews/${reviewId}?offset=0&limit=${FIRST_PAGE_ROWS}`,
    );
    if (!page.ok) throw new Error(`GET /api/reviews/${reviewId}?limit: HTTP ${page.status}`);
    firstBytes = (await page.arrayBuffer()).byteLength;
    firstScreens.push(performance.now() - start);
    start = performance.now();
    const grid = await client.request('GET', `/api/reviews/${reviewId}`);
    if (!grid.ok) throw new Error(`GET /api/reviews/${reviewId}: HTTP ${grid.status}`);
    bytes = (await grid.arrayBuffer()).byteLength;
    loads.push(performance.now() - start);
    start = performance.now();
    const xlsx = await client.request('GET', `/api/reviews/${reviewId}/export?format=xlsx`);
    if (!xlsx.ok) throw new Error(`xlsx export: HTTP ${xlsx.status}`);
    workbook = (await xlsx.arrayBuffer()).byteLength;
    exports.push(performance.now() - start);
  }
  console.log(
    `\nGrid page's first screen, GET /api/reviews/:id?offset=0&limit=${FIRST_PAGE_ROWS} (${(firstBytes / 1024 / 1024).toFixed(1)} MB): ${formatRuns(firstScreens)} (goal ≤ 1,000 ms)`,
  );
  console.log(
    `The whole grid, GET /api/reviews/:id (${(bytes / 1024 / 1024).toFixed(1)} MB): ${formatRuns(loads)}`,
  );
  console.log(
    `xlsx export (${(workbook / 1024 / 1024).toFixed(1)} MB): ${formatRuns(exports)} (goal ≤ 5,000 ms)`,
  );
  const screens = await firstScreenMs(
    server.baseUrl,
    client.cookie(),
    `/project/${projectId}/reviews/${reviewId}`,
    RUNS,
  );
  console.log(
    screens
      ? `Grid page in chromium, navigation → first cell shown: ${formatRuns(screens.times)} (goal ≤ 1,000 ms); ` +
          `slowest API request per load: ${screens.slowestApi.map((call) => `${call.path} ${call.ms.toFixed(0)} ms (in at ${call.endedAt.toFixed(0)} ms)`).join(', ')}`
      : 'Grid page in chromium: not measured (no chromium; set CHROMIUM_PATH)',
  );
  console.log(`\nAt the end: ${describeLoad()}`);
} finally {
  server.stop();
}
process.exit(0);

/**
 * Polls the project's grid list every 250 ms until the grid is completed (or failed: thrown).
 * Not faster: the list runs in the process that answers the cells, and 20 polls a second took
 * a measurable share of its CPU (the grid page itself polls every 2 s); 250 ms is under 1 % of a
 * run's time.
 */
async function waitForGrid(client: ApiClient, projectId: number, reviewId: number) {
  for (;;) {
    const { reviews } = await client.json<{
      reviews: { id: number; status: string; progress: Progress }[];
    }>('GET', `/api/projects/${projectId}/reviews`);
    const review = reviews.find((candidate) => candidate.id === reviewId)!;
    if (review.status === 'completed') return review.progress;
    if (review.status === 'failed') throw new Error(`review ${reviewId} failed`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
