/**
 * `npm run bench:query`: query speed on the embedded defaults, in one of two projects:
 *
 * - `BENCH_CORPUS=cuad` (default, issue 15): the 449 CUAD contracts (about 8,300 pages) in one
 *   project. Questions are generated from `labels.csv` with the answer evaluation's templates
 *   (several phrasings per CUAD category, yes/no, value and clause questions, naming the
 *   contract's company) and asked one at a time by one asker; goal p95 time to `complete`
 *   ≤ 300 ms. Questions across every document ("Which agreements are governed by Delaware law?")
 *   are timed apart (goal ≤ 2 s each).
 * - `BENCH_CORPUS=generated`: 20,000 pages, the PDF corpus plus generated contract-like Markdown
 *   (synthetic-contracts.ts) up to the total; asked by 1 and by 20 concurrent askers.
 *
 * In both:
 * - Ingest: time from the first upload to every document analysed (skipped when BENCH_DATA_DIR
 *   holds the complete project from an earlier run, e.g. /work/bench-cuad that bench:clauses
 *   built; without it a temporary directory is used).
 * - Retrieval: `GET /api/projects/:id/search?q=…&limit=8` for the questions, after one unmeasured
 *   pass over the same questions (warm).
 * - Ask stream: time to the first SSE event and to `complete`; each asker has its own chat
 *   session and sends its last 6 messages as history, as the chat page does.
 * Every request is timed; p50/p95/max are over all of them (nearest rank).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ChatMessage, ChatSessionResponse, ProjectFile } from '@clearroom/contracts';
import { loadQuestions } from '../eval/questions.ts';
import {
  type ApiClient,
  createClient,
  createProject,
  findProject,
  listFiles,
  signIn,
  type UploadItem,
  uploadFiles,
  waitForAnalysis,
  waitForReclassification,
} from './api-client.ts';
import { loadBenchKit } from './api-kit.ts';
import { type AskResult, askStream } from './ask-stream.ts';
import { keptDataDir, startBuiltServer } from './built-server.ts';
import {
  BENCH_USER,
  CORPUS,
  corpusPdfs,
  CUAD_PDF,
  CUAD_PROJECT,
  describeFiles,
  prepareCorpusProject,
} from './corpus.ts';
import { describeLoad, describeMachine, formatMs, type Summary, summarize } from './stats.ts';
import { type SyntheticAgreement, syntheticDocuments } from './synthetic-contracts.ts';

const MODE = process.env['BENCH_CORPUS'] ?? 'cuad';
if (MODE !== 'cuad' && MODE !== 'generated') {
  console.log(`BENCH_CORPUS must be cuad or generated, not ${MODE}`);
  process.exit(1);
}
const TARGET_PAGES = 20_000;
const GENERATED_DOCUMENTS = 40;
const SEED = 20_000;
const UPLOAD_BATCH = 4;
const PROJECT_NAME = 'Query benchmark (20,000 pages)';
const SEARCH_QUESTIONS = 200;
const SEARCH_LIMIT = 8;
const SERIAL_ASKS = Number(process.env['SERIAL_ASKS'] ?? (MODE === 'cuad' ? 200 : 50));
const ASKERS = 20;
const CONCURRENT_ASKS = Number(process.env['CONCURRENT_ASKS'] ?? 200);
const GOALS = { searchP95: 100, firstEventP95: 200, completeP95: 1000 };
/** The first words of an answer that found no clause of the asked kind. */
const NOT_FOUND = /^\s*(I could not find|No [^\n]* was found|Not found)/i;
/** VERBOSE=1 prints each CUAD question with the first line of its answer and its sources' count. */
const VERBOSE = process.env['VERBOSE'] === '1';
const CUAD_GOALS = { completeP95: 300, acrossMax: 2000 };
/** Each question across every document is asked this many times. */
const ACROSS_RUNS = Number(process.env['ACROSS_RUNS'] ?? 3);
const ACROSS_QUESTIONS = [
  'Which agreements are governed by Delaware law?',
  'Which agreements are governed by New York law?',
  'Which agreements have a change of control clause?',
  'Which agreements contain a non-compete?',
  'Which agreements can be terminated for convenience?',
  'Which agreements have a most favored nation clause?',
];

if (!existsSync(MODE === 'cuad' ? CUAD_PDF : CORPUS)) {
  console.log(`bench:query skipped: the corpus is not at ${MODE === 'cuad' ? CUAD_PDF : CORPUS}`);
  process.exit(0);
}
const keptDir = keptDataDir();

console.log(`Clearroom bench:query (${MODE}) on ${describeMachine()}; ${describeLoad()}`);
const server = await startBuiltServer({}, undefined, { reuseDataDir: true });
try {
  const client = createClient(server.baseUrl);
  await signIn(client, BENCH_USER.username, BENCH_USER.password);
  if (MODE === 'cuad') await benchCuad(client);
  else await benchGenerated(client);
  console.log(`\nAt the end: ${describeLoad()}`);
} finally {
  server.stop();
}
process.exit(0);

/** One asker over the CUAD project: single-contract questions, then questions across all. */
async function benchCuad(client: ApiClient): Promise<void> {
  const prepared = await prepareCorpusProject(client, { name: CUAD_PROJECT, directory: CUAD_PDF });
  const { projectId, files } = prepared;
  reportIngest(files, prepared.uploaded, prepared.ingestMs);
  const modelVersion = await waitForReclassification(client, projectId);
  console.log(`Project: ${describeFiles(files)}; clause model ${modelVersion}\n`);

  const questions = await cuadQuestions(
    files.map((file) => file.originalname),
    SERIAL_ASKS,
  );
  const search = await measureSearch(client, projectId, questions);
  report(`Retrieval, ${questions.length} searches (limit ${SEARCH_LIMIT}, warm)`, [
    ['latency', search.times, GOALS.searchP95],
  ]);
  console.log(`  errors: ${search.errors}`);

  await askLoop(client, projectId, questions, questions.length - 3, 3); // warm-up
  const started = performance.now();
  const results = await askLoop(client, projectId, questions, 0, questions.length);
  if (VERBOSE) printAnswers(questions, results);
  reportAsks(
    `\nAsk stream, 1 asker, CUAD-category questions about one contract each: ${results.length} asks in ${((performance.now() - started) / 1000).toFixed(1)} s (history sent)`,
    results,
    CUAD_GOALS.completeP95,
  );

  const across: AskResult[] = [];
  for (let run = 0; run < ACROSS_RUNS; run++) {
    across.push(
      ...(await askLoop(client, projectId, ACROSS_QUESTIONS, 0, ACROSS_QUESTIONS.length, false)),
    );
  }
  if (VERBOSE) printAnswers([...ACROSS_QUESTIONS], across);
  reportAsks(
    `\nAsk stream, 1 asker, ${ACROSS_QUESTIONS.length} questions across all ${files.length} documents × ${ACROSS_RUNS} (no history)`,
    across,
    CUAD_GOALS.acrossMax,
  );
  const lengths = across.map((r) => r.complete?.fullAnswer.length ?? 0);
  console.log(
    `  answer length: ${formatChars(summarize(lengths))}; documents cited per answer: ${across
      .map((r) => new Set(r.complete?.sourceFiles ?? []).size)
      .slice(0, ACROSS_QUESTIONS.length)
      .join(', ')}`,
  );
}

/**
 * `count` questions over the project's CUAD contracts: the answer evaluation's templates for every
 * category (yes/no, value and clause phrasings), each naming a contract's company, contracts taken
 * in a fixed stride so that the questions spread over the corpus.
 */
async function cuadQuestions(contracts: string[], count: number): Promise<string[]> {
  // The answer evaluation's questions, from the API's public entry for benchmarks (built first).
  const { CUAD_CATEGORIES, questionTemplates, companyOf } = await loadBenchKit();
  const templates = questionTemplates(
    CUAD_CATEGORIES.filter((category) => category !== 'Document Name'),
  );
  const sorted = [...contracts].sort();
  const stride = 97; // prime to the corpus size: every contract before any repeats
  return Array.from({ length: count }, (_, i) =>
    templates[i % templates.length]!.template.replace(
      '{doc}',
      companyOf(sorted[(i * stride) % sorted.length]!),
    ),
  );
}

/** The 20,000-page project of generated agreements and the PDF corpus; 1 and 20 askers. */
async function benchGenerated(client: ApiClient): Promise<void> {
  const { projectId, agreements, files } = await prepareProject(client);
  const pages = files.reduce((sum, file) => sum + (file.pageCount ?? 0), 0);
  console.log(`Project: ${files.length} documents, ${pages} pages\n`);

  const evalQuestions = loadQuestions(path.join(import.meta.dirname, '../eval/questions.json'));
  const questions = [
    ...evalQuestions.map((q) => q.question),
    ...generatedQuestions(agreements, SEARCH_QUESTIONS - evalQuestions.length),
  ];

  const search = await measureSearch(client, projectId, questions);
  report(`Retrieval, ${questions.length} searches (limit ${SEARCH_LIMIT}, warm)`, [
    ['latency', search.times, GOALS.searchP95],
  ]);
  console.log(`  errors: ${search.errors}`);

  // Warm-up: the first asks load whatever the answer path loads lazily.
  await askLoop(client, projectId, questions, 0, 3);
  for (const [askers, total] of [
    [1, SERIAL_ASKS],
    [ASKERS, CONCURRENT_ASKS],
  ] as const) {
    const started = performance.now();
    const perAsker = Math.ceil(total / askers);
    const results = (
      await Promise.all(
        Array.from({ length: askers }, (_, i) =>
          askLoop(client, projectId, questions, i * perAsker, perAsker),
        ),
      )
    ).flat();
    const seconds = (performance.now() - started) / 1000;
    const ok = results.filter((r) => !r.error);
    const goal = askers === ASKERS;
    report(
      `\nAsk stream, ${askers} concurrent asker${askers > 1 ? 's' : ''}: ${results.length} asks in ${seconds.toFixed(1)} s (${(results.length / seconds).toFixed(1)} asks/s; history sent)`,
      [
        ['first event', ok.map((r) => r.firstEventMs!), goal ? GOALS.firstEventP95 : null],
        ['complete', ok.map((r) => r.completeMs!), goal ? GOALS.completeP95 : null],
      ],
    );
    const errors = results.filter((r) => r.error);
    console.log(
      `  errors: ${errors.length}${errors.length ? ` (first: ${errors[0]!.error})` : ''}; ` +
        `"could not find" answers: ${ok.filter((r) => /^\s*I could not find this/i.test(r.complete!.fullAnswer)).length}`,
    );
  }
}

function reportAsks(title: string, results: AskResult[], completeGoal: number): void {
  const ok = results.filter((r) => !r.error);
  report(title, [
    ['first event', ok.map((r) => r.firstEventMs!), null],
    ['complete', ok.map((r) => r.completeMs!), completeGoal],
  ]);
  const errors = results.filter((r) => r.error);
  const notFound = ok.filter((r) => NOT_FOUND.test(r.complete!.fullAnswer)).length;
  console.log(
    `  errors: ${errors.length}${errors.length ? ` (first: ${errors[0]!.error})` : ''}; ` +
      `answers saying "not found": ${notFound} of ${ok.length}`,
  );
}

function printAnswers(questions: string[], results: AskResult[]): void {
  results.forEach((result, i) => {
    const answer = result.complete?.fullAnswer ?? result.error ?? '';
    const firstLine = answer.split('\n')[0]!.slice(0, 160);
    const files = new Set(result.complete?.sourceFiles ?? []).size;
    console.log(
      `  ${result.completeMs?.toFixed(0).padStart(5)} ms  ${questions[i % questions.length]}\n           → ${firstLine} [${files} document(s)]`,
    );
  });
}

function formatChars({ p50, p95, max }: Summary): string {
  return `p50 ${p50} p95 ${p95} max ${max} characters`;
}

/** Finds or builds the 20,000-page project and returns it with the generated agreements. */
async function prepareProject(client: ApiClient) {
  const existing = await findProject(client, PROJECT_NAME);
  const projectId = existing ?? (await createProject(client, PROJECT_NAME));
  let files = await listFiles(client, projectId);
  const present = new Set(files.map((file) => file.originalname));
  const started = performance.now();
  let uploaded = 0;

  const pdfs = corpusPdfs().filter((name) => !present.has(name));
  if (pdfs.length > 0) {
    await uploadFiles(
      client,
      projectId,
      pdfs.map((name) => ({ name, data: readFileSync(path.join(CORPUS, name)) })),
    );
    files = await waitForAnalysis(client, projectId);
    uploaded += pdfs.length;
  }
  const pdfPages = files
    .filter((file) => /\.pdf$/i.test(file.originalname))
    .reduce((sum, file) => sum + (file.pageCount ?? 0), 0);

  // Generated every run (about a second): the questions name its parties.
  const agreements: SyntheticAgreement[] = [];
  let batch: UploadItem[] = [];
  const flush = async () => {
    if (batch.length > 0) await uploadFiles(client, projectId, batch);
    uploaded += batch.length;
    batch = [];
  };
  for (const document of syntheticDocuments({
    seed: SEED,
    count: GENERATED_DOCUMENTS,
    pages: TARGET_PAGES - pdfPages,
  })) {
    agreements.push(...document.agreements);
    if (present.has(document.name)) continue;
    batch.push({ name: document.name, data: document.text });
    if (batch.length === UPLOAD_BATCH) await flush();
  }
  await flush();

  let lastReport = performance.now();
  files = await waitForAnalysis(client, projectId, {
    pollMs: 1000,
    onPoll: (polled) => {
      if (performance.now() - lastReport < 30_000) return;
      lastReport = performance.now();
      const done = polled.reduce(
        (sum, f) => sum + (f.processingStatus === 'completed' ? (f.pageCount ?? 0) : 0),
        0,
      );
      console.log(
        `  … ${done} pages analysed after ${((lastReport - started) / 1000).toFixed(0)} s`,
      );
    },
  });
  reportIngest(files, uploaded, performance.now() - started);
  return { projectId, agreements, files };
}

function reportIngest(files: ProjectFile[], uploaded: number, ms: number): void {
  const failed = files.filter((file) => file.processingStatus === 'failed');
  if (failed.length > 0) {
    throw new Error(
      `analysis failed: ${failed.map((f) => `${f.originalname} (${f.failureReason})`).join(', ')}`,
    );
  }
  const pages = files.reduce((sum, file) => sum + (file.pageCount ?? 0), 0);
  if (uploaded === 0) {
    console.log(`Ingest skipped: ${pages} pages already analysed in ${keptDir}`);
  } else {
    console.log(
      `Ingest: ${uploaded} documents uploaded, ${pages} pages in the project, first upload → all analysed in ` +
        `${(ms / 1000).toFixed(1)} s (${(pages / (ms / 1000)).toFixed(0)} pages/s)`,
    );
  }
}

/** Questions a lawyer would ask about the generated agreements, drawn with a fixed seed. */
function generatedQuestions(agreements: SyntheticAgreement[], count: number): string[] {
  const templates = [
    (a: SyntheticAgreement) =>
      `Which law governs the ${a.partyA} ${a.kind.toLowerCase()} with ${a.partyB}?`,
    (a: SyntheticAgreement) =>
      `Can ${a.partyB} terminate its ${a.kind.toLowerCase()} with ${a.partyA} for convenience, and on how much notice?`,
    (a: SyntheticAgreement) =>
      `Is there a cap on liability in the ${a.partyA} ${a.kind.toLowerCase()}?`,
    (a: SyntheticAgreement) =>
      `What happens to the ${a.partyA} ${a.kind.toLowerCase()} if ${a.partyB} undergoes a change of control?`,
    (a: SyntheticAgreement) =>
      `How long is the initial term of the ${a.partyA} and ${a.partyB} agreement, and does it renew automatically?`,
    (a: SyntheticAgreement) =>
      `What insurance must ${a.partyB} carry under its agreement with ${a.partyA}?`,
    (a: SyntheticAgreement) => `Can ${a.partyA} audit ${a.partyB}'s books and records?`,
    (a: SyntheticAgreement) =>
      `What is the minimum purchase commitment for ${a.product} in ${a.territory}?`,
    (a: SyntheticAgreement) =>
      `Is ${a.partyB} the exclusive distributor of ${a.product} in ${a.territory}?`,
    (a: SyntheticAgreement) =>
      `What royalty does ${a.partyB} pay ${a.partyA} on net sales of ${a.product}?`,
  ];
  const step = Math.max(1, Math.floor(agreements.length / count));
  return Array.from({ length: count }, (_, i) =>
    templates[i % templates.length]!(agreements[(i * step) % agreements.length]!),
  );
}

async function measureSearch(client: ApiClient, projectId: number, questions: string[]) {
  const url = (q: string) =>
    `/api/projects/${projectId}/search?q=${encodeURIComponent(q)}&limit=${SEARCH_LIMIT}`;
  for (const q of questions) await (await client.request('GET', url(q))).body?.cancel();
  const times: number[] = [];
  let errors = 0;
  for (const q of questions) {
    const started = performance.now();
    const response = await client.request('GET', url(q));
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) errors++;
  }
  return { times, errors };
}

/** One asker: a new session, `count` questions from `offset` on, each sent with the history. */
async function askLoop(
  client: ApiClient,
  projectId: number,
  questions: string[],
  offset: number,
  count: number,
  sendHistory = true,
): Promise<AskResult[]> {
  const { session } = await client.json<ChatSessionResponse>(
    'POST',
    `/api/qa/sessions/${projectId}`,
    {},
  );
  const history: ChatMessage[] = [];
  const results: AskResult[] = [];
  for (let i = 0; i < count; i++) {
    const question = questions[(offset + i) % questions.length]!;
    const result = await askStream(client, {
      project_id: projectId,
      sessionId: session.id,
      question,
      conversation_history: sendHistory ? history.slice(-6) : [],
    });
    results.push(result);
    history.push({ role: 'user', content: question });
    history.push({ role: 'assistant', content: result.complete?.fullAnswer ?? '' });
  }
  return results;
}

function report(title: string, rows: [string, number[], number | null][]): void {
  console.log(title);
  for (const [label, values, goal] of rows) {
    const summary: Summary = summarize(values);
    const verdict =
      goal === null ? '' : `   goal p95 ≤ ${goal} ms: ${summary.p95 <= goal ? 'met' : 'NOT met'}`;
    console.log(`  ${label.padEnd(12)} ${formatMs(summary)} (n=${summary.count})${verdict}`);
  }
}
