/**
 * `npm run bench:sheet`: one huge spreadsheet must not freeze the server for everyone (issue 13,
 * item 2). The built product on the embedded defaults analyses a 1,000,000-row .xlsx made by
 * huge-sheet.ts; then, for DURATION_S seconds (default 20), 8 clients read its pages
 * (`GET /api/files/:id/pages/:n`, random pages) and 8 ask questions about it (ask-stream), in a
 * worker thread at nice 10 (sheet-clients.ts), while the main thread calls `/api/health/live`
 * every 20 ms. Goal: health p99 ≤ 100 ms.
 *
 * Each run starts a fresh server and data directory; the figures printed last are the medians of
 * RUNS runs (default 3): analysis time, pages, health latency while analysing and under load,
 * page reads, answers, and the server's peak memory (its parse processes included).
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { createClient, createProject, signIn, uploadFiles, waitForAnalysis } from './api-client.ts';
import { startBuiltServer } from './built-server.ts';
import { hugeSheet } from './huge-sheet.ts';
import type { LoadPlan, LoadResult } from './sheet-clients.ts';
import { describeMachine, formatMs, type Summary, summarize } from './stats.ts';

const RUNS = Number(process.env['RUNS'] ?? 3);
const DURATION_MS = Number(process.env['DURATION_S'] ?? 20) * 1000;
const READERS = 8;
const ASKERS = 8;
const HEALTH_EVERY_MS = 20;
const QUESTIONS = [
  'What is the value for ID 500000?',
  'Which rows name Counterparty 17?',
  'What is the largest value in the ledger?',
  'Show the row with ID 999999.',
  'How many rows are there for Counterparty 3?',
  'What value does Counterparty 42 have?',
  'Which ID has the value 42000?',
  'What is in the Name column?',
];

type Latency = Summary & { p99: number };
type Run = {
  analysisMs: number;
  pages: number;
  healthWhileAnalysing: Latency;
  healthUnderLoad: Latency;
  pageReads: Summary;
  pageBytes: number;
  answers: Summary;
  answerErrors: number;
  peakRssMb: number;
};

const started = performance.now();
const workbook = hugeSheet();
console.log(
  `Made a 1,000,000-row workbook of ${(workbook.length / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
console.log(`Machine: ${describeMachine()}\n`);

const runs: Run[] = [];
for (let run = 1; run <= RUNS; run++) {
  const result = await measure();
  runs.push(result);
  console.log(`Run ${run}/${RUNS}: ${describe(result)}`);
}
console.log(`\nMedians of ${RUNS} runs (${describeMachine()}):`);
console.log(describe(medianRun(runs)));
const p99 = median(runs.map((run) => run.healthUnderLoad.p99));
console.log(
  `\n/api/health/live p99 under load: ${p99.toFixed(1)} ms (goal ≤ 100 ms): ${p99 <= 100 ? 'met' : 'NOT MET'}`,
);
process.exit(0);

async function measure(): Promise<Run> {
  const server = await startBuiltServer({ UPLOAD_MAX_FILE_SIZE_MB: '100', LOG_LEVEL: 'warn' });
  try {
    const client = createClient(server.baseUrl);
    await signIn(client, 'bench', 'correct horse battery');
    const projectId = await createProject(client, 'Huge spreadsheet');
    const rss = rssSampler(server.pid);

    const analysing = healthProbe(server.baseUrl);
    const analysisStart = performance.now();
    await uploadFiles(client, projectId, [{ name: 'ledger.xlsx', data: workbook }]);
    const [file] = await waitForAnalysis(client, projectId, { pollMs: 500 });
    const analysisMs = performance.now() - analysisStart;
    const healthWhileAnalysing = await analysing.stop();
    if (file?.processingStatus !== 'completed') {
      throw new Error(`the workbook was not analysed: ${file?.failureReason ?? 'no file'}`);
    }
    const pages = file.pageCount ?? 1;

    const plan: LoadPlan = {
      baseUrl: server.baseUrl,
      projectId,
      fileId: file.id,
      pages,
      durationMs: DURATION_MS,
      readers: READERS,
      askers: ASKERS,
      questions: QUESTIONS,
    };
    const clients = new Worker(new URL('./sheet-clients.ts', import.meta.url), {
      workerData: plan,
    });
    await once(clients, 'message');
    const underLoad = healthProbe(server.baseUrl);
    clients.postMessage('go');
    const [load] = (await once(clients, 'message')) as [LoadResult];
    await clients.terminate();
    return {
      analysisMs,
      pages,
      healthWhileAnalysing,
      healthUnderLoad: await underLoad.stop(),
      pageReads: summarize(load.reads),
      pageBytes: load.pageBytes,
      answers: summarize(load.answers),
      answerErrors: load.answerErrors,
      peakRssMb: rss.stop(),
    };
  } finally {
    server.stop();
  }
}

/** Calls /api/health/live every 20 ms (one at a time) and times each answer. */
function healthProbe(baseUrl: string) {
  const timings: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const begin = performance.now();
      // A refused or broken request counts as a very slow answer: the server was not there.
      await fetch(`${baseUrl}/api/health/live`).then(
        (response) => response.body?.cancel(),
        () => undefined,
      );
      timings.push(performance.now() - begin);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();
  return {
    async stop(): Promise<Latency> {
      running = false;
      await loop;
      return { ...summarize(timings), p99: percentile(timings, 0.99) };
    },
  };
}

/** The peak resident memory, in MB, of the server and its parse processes. */
function rssSampler(pid: number) {
  let peak = 0;
  const sample = () => {
    const pids = [
      pid,
      ...readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean),
    ];
    let total = 0;
    for (const one of pids) {
      try {
        const status = readFileSync(`/proc/${one}/status`, 'utf8');
        total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
      } catch {
        // a parse process that just ended
      }
    }
    peak = Math.max(peak, total);
  };
  const timer = setInterval(sample, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

function describe(run: Run): string {
  const health = (latency: Latency) =>
    `p50 ${latency.p50.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms, max ${latency.max.toFixed(0)} ms`;
  return [
    `analysed in ${(run.analysisMs / 1000).toFixed(1)} s into ${run.pages.toLocaleString('en-US')} pages (largest read: ${(run.pageBytes / 1024).toFixed(1)} K characters)`,
    `  health while analysing: ${health(run.healthWhileAnalysing)}`,
    `  health under load:      ${health(run.healthUnderLoad)}`,
    `  page reads (${READERS} clients): ${formatMs(run.pageReads)}, ${run.pageReads.count} reads`,
    `  answers (${ASKERS} askers):    ${formatMs(run.answers)}, ${run.answers.count} answers, ${run.answerErrors} errors`,
    `  peak RSS (server and parse processes): ${run.peakRssMb.toFixed(0)} MB`,
  ].join('\n');
}

function medianRun(all: Run[]): Run {
  const of = (pick: (run: Run) => number) => median(all.map(pick));
  const summary = (pick: (run: Run) => Summary): Summary => ({
    count: of((run) => pick(run).count),
    p50: of((run) => pick(run).p50),
    p95: of((run) => pick(run).p95),
    max: of((run) => pick(run).max),
  });
  const latency = (pick: (run: Run) => Latency): Latency => ({
    ...summary(pick),
    p99: of((run) => pick(run).p99),
  });
  return {
    analysisMs: of((run) => run.analysisMs),
    pages: of((run) => run.pages),
    healthWhileAnalysing: latency((run) => run.healthWhileAnalysing),
    healthUnderLoad: latency((run) => run.healthUnderLoad),
    pageReads: summary((run) => run.pageReads),
    pageBytes: of((run) => run.pageBytes),
    answers: summary((run) => run.answers),
    answerErrors: of((run) => run.answerErrors),
    peakRssMb: of((run) => run.peakRssMb),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
}
