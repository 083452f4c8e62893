/**
 * Clause Review figures on the embedded defaults (npm run bench:clauses): the whole CUAD corpus
 * (449 contracts, about 8,300 pages) in one project of the built product, then
 * - the classify stage's share of analysis time, and pages and clauses classified per second
 *   (from the server's "document ingested" log lines, so only on the run that analyses the
 *   corpus; with BENCH_DATA_DIR they are saved there and printed again by later runs, marked so);
 * - `GET /api/projects/:id/clauses/matrix?minScore=0.2&columns=review`, what the Clause Review
 *   loads, the whole matrix its "Show all" loads, and `GET /api/projects/:id/clauses` with the
 *   same candidates and by default (the API's whole answer);
 * - the matrix's export to xlsx and CSV.
 * Latencies are medians of RUNS runs (default 5), after one unmeasured warm request.
 *
 * BENCH_DATA_DIR=/work/bench-cuad keeps the analysed project for bench:review and bench:query;
 * a kept project only gets the contracts it lacks. When a newer clause model ships, the server
 * re-classifies stored pages in the background at start: the bench waits for that first.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
import { describeLoad, describeMachine, formatRuns } from './stats.ts';

const RUNS = Number(process.env['RUNS'] ?? 5);
const BATCH = 40;
const INGEST_FIGURES = 'bench-clauses-ingest.json';

if (!existsSync(CUAD_PDF)) {
  console.log(`bench:clauses skipped: the CUAD corpus is not at ${CUAD_PDF}`);
  process.exit(0);
}

type Ingested = {
  pages: number;
  totalMs: number;
  clauses?: number;
  timings: { classify?: number };
};
type IngestFigures = {
  documents: number;
  pages: number;
  classifyMs: number;
  totalMs: number;
  clauses: number;
  wallMs: number;
  measuredAt: string;
};

const ingested: Ingested[] = [];
const server = await startBuiltServer(
  { UPLOAD_MAX_FILES: String(BATCH), OCR: 'off', LOG_LEVEL: 'info' },
  (line) => {
    if (line.includes('"document ingested"')) ingested.push(JSON.parse(line) as Ingested);
  },
  { reuseDataDir: true },
);
const timed = async (client: ApiClient, url: string): Promise<{ ms: number; bytes: number }> => {
  const started = performance.now();
  const response = await client.request('GET', url);
  if (response.status !== 200)
    throw new Error(`${url}: ${response.status} ${await response.text()}`);
  const bytes = (await response.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, bytes };
};

try {
  console.log(`Clearroom bench:clauses on ${describeMachine()}; ${describeLoad()}`);
  const client = createClient(server.baseUrl);
  await signIn(client, BENCH_USER.username, BENCH_USER.password);
  const prepared = await prepareCorpusProject(client, {
    name: CUAD_PROJECT,
    directory: CUAD_PDF,
    batch: BATCH,
  });
  const { projectId, files } = prepared;
  console.log(
    prepared.uploaded > 0
      ? `\n${prepared.uploaded} contracts uploaded and analysed in ${(prepared.ingestMs / 1000).toFixed(0)} s; project: ${describeFiles(files)}`
      : `\nAnalysis skipped: ${describeFiles(files)} already in ${server.dataDir}`,
  );
  const modelVersion = await waitForReclassification(client, projectId);
  console.log(`Clause model ${modelVersion}: every document classified with it`);

  const figuresFile = path.join(server.dataDir, INGEST_FIGURES);
  if (ingested.length > 0) {
    const figures: IngestFigures = {
      documents: ingested.length,
      pages: ingested.reduce((sum, entry) => sum + entry.pages, 0),
      classifyMs: ingested.reduce((sum, entry) => sum + (entry.timings.classify ?? 0), 0),
      totalMs: ingested.reduce((sum, entry) => sum + entry.totalMs, 0),
      clauses: ingested.reduce((sum, entry) => sum + (entry.clauses ?? 0), 0),
      wallMs: prepared.ingestMs,
      measuredAt: new Date().toISOString(),
    };
    if (server.kept) writeFileSync(figuresFile, JSON.stringify(figures, null, 2));
    printIngest(figures, 'this run');
  } else if (existsSync(figuresFile)) {
    const figures = JSON.parse(readFileSync(figuresFile, 'utf8')) as IngestFigures;
    printIngest(figures, `the run that analysed the corpus, ${figures.measuredAt}`);
  } else {
    console.log('Classify stage: not measured (nothing was analysed in this run)');
  }

  for (const [label, url] of [
    [
      'Clause Review load, matrix of its columns (?minScore=0.2&columns=review)',
      `/api/projects/${projectId}/clauses/matrix?minScore=0.2&columns=review`,
    ],
    [
      'Clause Review "Show all", whole matrix (?minScore=0.2)',
      `/api/projects/${projectId}/clauses/matrix?minScore=0.2`,
    ],
    ['Every candidate clause (?minScore=0.2)', `/api/projects/${projectId}/clauses?minScore=0.2`],
    ['Clauses at the thresholds', `/api/projects/${projectId}/clauses`],
    ['Export xlsx', `/api/projects/${projectId}/clauses/export?format=xlsx`],
    ['Export CSV', `/api/projects/${projectId}/clauses/export?format=csv`],
  ] as const) {
    await timed(client, url); // warm
    const runs: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const result = await timed(client, url);
      runs.push(result.ms);
      bytes = result.bytes;
    }
    const goal = label.startsWith('Export') ? '≤ 5,000 ms' : '≤ 1,000 ms';
    console.log(`${label}: ${formatRuns(runs)}, ${(bytes / 1024).toFixed(0)} KB (goal ${goal})`);
  }
  const screens = await firstScreenMs(
    server.baseUrl,
    client.cookie(),
    `/project/${projectId}/clauses`,
    RUNS,
  );
  console.log(
    screens
      ? `Clause Review page in chromium, navigation → first cell shown: ${formatRuns(screens.times)} (goal ≤ 1,000 ms); ` +
          `slowest API request per load: ${screens.slowestApi.map((call) => `${call.path} ${call.ms.toFixed(0)} ms (in at ${call.endedAt.toFixed(0)} ms)`).join(', ')}`
      : 'Clause Review page in chromium: not measured (no chromium; set CHROMIUM_PATH)',
  );
  console.log(`\nAt the end: ${describeLoad()}`);
} finally {
  server.stop();
}
process.exit(0);

function printIngest(figures: IngestFigures, when: string): void {
  const { documents, pages, classifyMs, totalMs, clauses } = figures;
  console.log(
    `Classify stage (${documents} documents analysed in ${when}): ` +
      `${((100 * classifyMs) / totalMs).toFixed(1)} % of analysis time (goal ≤ 15 %); ` +
      `${(pages / (classifyMs / 1000)).toFixed(0)} pages/s, ` +
      `${(clauses / (classifyMs / 1000)).toFixed(0)} clauses/s (${clauses} candidate spans stored), ` +
      `${(classifyMs / pages).toFixed(2)} ms per page`,
  );
}
