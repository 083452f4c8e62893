/**
 * Ingestion figures on the embedded defaults (npm run bench:ingest):
 * - the 50-page CytoDyn contract: time from the upload's response to `completed`;
 * - the whole PDF corpus (462 pages): pages per second end to end, and the process's peak memory;
 * - memory growth of the process while one 1 GB upload streams in;
 * - where the time goes (extraction, storing pages, chunking, embedding, indexing).
 * Each figure is the median of RUNS runs (default 5).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { startBuiltServer } from './built-server.ts';
import { formatRuns } from './stats.ts';

const CORPUS = path.resolve('../shared/corpus');
const CYTODYN = 'CytodynInc_20200109_10-Q_EX-10.5_11941634_EX-10.5_License Agreement.pdf';
const RUNS = Number(process.env['RUNS'] ?? 5);

if (!existsSync(CORPUS)) {
  console.log(`bench:ingest skipped: the document corpus is not at ${CORPUS}`);
  process.exit(0);
}

type FileRow = {
  id: number;
  originalname: string;
  processingStatus: string;
  pageCount: number | null;
};
type Timings = Record<'extract' | 'store' | 'chunk' | 'embed' | 'index' | 'classify', number>;

const ingested: { pages: number; totalMs: number; timings: Timings }[] = [];
const server = await startBuiltServer(
  { UPLOAD_MAX_FILE_SIZE_MB: '2048', LOG_LEVEL: 'info' },
  (line) => {
    if (!line.includes('"document ingested"')) return;
    const entry = JSON.parse(line) as { pages: number; totalMs: number; timings: Timings };
    ingested.push(entry);
  },
);
let cookie = '';
const call = async (
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => {
  const response = await fetch(server.baseUrl + url, {
    method,
    headers: {
      cookie,
      origin: server.baseUrl,
      ...(body && !(body instanceof FormData) && !(body instanceof ReadableStream)
        ? { 'content-type': 'application/json' }
        : {}),
      ...headers,
    },
    body:
      body instanceof FormData || body instanceof ReadableStream
        ? body
        : body
          ? JSON.stringify(body)
          : undefined,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  });
  cookie = response.headers.get('set-cookie')?.split(';')[0] ?? cookie;
  return response;
};
await call('POST', '/api/auth/register', { username: 'bench', password: 'correct horse battery' });

const newProject = async () =>
  (
    (await (await call('POST', '/api/projects', { name: `Bench ${Date.now()}` })).json()) as {
      project: { id: number };
    }
  ).project.id;

/** MB resident: the server's and its parse processes' (OCR's short-lived tesseract left out). */
const rss = () => {
  const children = readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8')
    .split(' ')
    .filter(Boolean);
  const parseProcesses = children.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('parse.process');
    } catch {
      return false; // the child ended meanwhile
    }
  });
  return [String(server.pid), ...parseProcesses].reduce((total, pid) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return total + Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      return total; // the child ended meanwhile
    }
  }, 0);
};

/** Uploads files into a new project and returns ms from the upload's response to all finished. */
async function ingest(
  names: string[],
  onPoll?: () => void,
): Promise<{ ms: number; files: FileRow[] }> {
  const projectId = await newProject();
  const form = new FormData();
  for (const name of names)
    form.append('files', new Blob([readFileSync(path.join(CORPUS, name))]), name);
  const upload = await call('POST', `/api/projects/${projectId}/files`, form);
  if (upload.status !== 201)
    throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  const start = performance.now();
  for (;;) {
    onPoll?.();
    const { files } = (await (await call('GET', `/api/projects/${projectId}/files`)).json()) as {
      files: FileRow[];
    };
    if (
      files.every(
        (file) => file.processingStatus === 'completed' || file.processingStatus === 'failed',
      )
    ) {
      const failed = files.filter((file) => file.processingStatus === 'failed');
      if (failed.length > 0)
        throw new Error(`failed: ${failed.map((f) => f.originalname).join(', ')}`);
      return { ms: performance.now() - start, files };
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

console.log(
  `Clearroom bench:ingest on ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.version}`,
);

// Warm-up: the first document also warms the parse processes.
await ingest([CYTODYN]);

const single: number[] = [];
for (let run = 0; run < RUNS; run++) single.push((await ingest([CYTODYN])).ms);
console.log(`\n50-page contract, upload response → completed: ${formatRuns(single, 'ms')}`);

const pdfs = readdirSync(CORPUS).filter((name) => /\.pdf$/i.test(name));
const corpusRates: number[] = [];
const corpusTimes: number[] = [];
let peakRss = 0;
ingested.length = 0;
for (let run = 0; run < RUNS; run++) {
  const { ms, files } = await ingest(pdfs, () => (peakRss = Math.max(peakRss, rss())));
  const pages = files.reduce((sum, file) => sum + (file.pageCount ?? 0), 0);
  corpusTimes.push(ms);
  corpusRates.push(pages / (ms / 1000));
  if (run === 0) console.log(`\nPDF corpus: ${pdfs.length} files, ${pages} pages`);
}
console.log(`PDF corpus, upload response → all completed: ${formatRuns(corpusTimes, 'ms')}`);
console.log(`PDF corpus throughput: ${formatRuns(corpusRates, 'pages/s', 1)}`);
console.log(
  `Peak RSS of the server and its parse processes during the corpus runs: ${peakRss.toFixed(0)} MB`,
);

const stageTotals: Timings = { extract: 0, store: 0, chunk: 0, embed: 0, index: 0, classify: 0 };
for (const entry of ingested)
  for (const stage of Object.keys(stageTotals) as (keyof Timings)[])
    stageTotals[stage] += entry.timings[stage];
const all = Object.values(stageTotals).reduce((a, b) => a + b, 0);
console.log(
  '\nWhere the time goes (sum over documents of the corpus runs; extraction runs in parse processes):',
);
for (const [stage, ms] of Object.entries(stageTotals)) {
  console.log(
    `  ${stage.padEnd(8)} ${(ms / RUNS).toFixed(0).padStart(7)} ms per corpus run  ${((100 * ms) / all).toFixed(1).padStart(5)} %`,
  );
}

// 1 GB streamed in one upload: NUL bytes, so it is stored, then refused by type, never parsed.
const GB = 1024 * 1024 * 1024;
const boundary = 'bench-boundary';
const head = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.bin"\r\n\r\n`,
);
const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
const block = Buffer.alloc(1024 * 1024);
function* body() {
  yield head;
  for (let i = 0; i < GB / block.length; i++) yield block;
  yield tail;
}
const projectId = await newProject();
const before = rss();
let peakDuring = before;
const sampler = setInterval(() => (peakDuring = Math.max(peakDuring, rss())), 20);
const started = performance.now();
const response = await call(
  'POST',
  `/api/projects/${projectId}/files`,
  Readable.toWeb(Readable.from(body())),
  {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  },
);
await response.text();
clearInterval(sampler);
console.log(
  `\n1 GB upload: streamed in ${((performance.now() - started) / 1000).toFixed(1)} s (HTTP ${response.status}); RSS ${before.toFixed(0)} MB before, peak ${peakDuring.toFixed(0)} MB during: growth ${(peakDuring - before).toFixed(0)} MB`,
);

server.stop();
process.exit(0);
