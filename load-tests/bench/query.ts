/**
 * `npm run bench:query`: query speed on the embedded defaults with 20,000 pages in one project:
 * the PDF corpus plus generated contract-like Markdown (synthetic-contracts.ts) up to the total.
 *
 * - Ingest: time from the first upload to every document analysed (skipped when BENCH_DATA_DIR
 *   holds a complete project from an earlier run; without it a temporary directory is used).
 * - Retrieval: `GET /api/projects/:id/search?q=…&limit=8` for ~200 questions (the evaluation's
 *   and generated ones), after one unmeasured pass over the same questions (warm).
 * - Ask stream: time to the first SSE event and to `complete`, with 1 asker and with 20 askers at
 *   once; each asker has its own chat session and sends its last 6 messages as history, as the
 *   chat page does.
 * Every request is timed; p50/p95/max are over all of them (nearest rank).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
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
} from './api-client.ts';
import { type AskResult, askStream } from './ask-stream.ts';
import { startBuiltServer } from './built-server.ts';
import { CORPUS, corpusPdfs } from './corpus.ts';
import { describeMachine, formatMs, type Summary, summarize } from './stats.ts';
import { type SyntheticAgreement, syntheticDocuments } from './synthetic-contracts.ts';

const TARGET_PAGES = 20_000;
const GENERATED_DOCUMENTS = 40;
const SEED = 20_000;
const UPLOAD_BATCH = 4;
const PROJECT_NAME = 'Query benchmark (20,000 pages)';
const SEARCH_QUESTIONS = 200;
const SEARCH_LIMIT = 8;
const SERIAL_ASKS = Number(process.env['SERIAL_ASKS'] ?? 50);
const ASKERS = 20;
const CONCURRENT_ASKS = Number(process.env['CONCURRENT_ASKS'] ?? 200);
const GOALS = { searchP95: 100, firstEventP95: 200, completeP95: 1000 };

if (!existsSync(CORPUS)) {
  console.log(`bench:query skipped: the document corpus is not at ${CORPUS}`);
  process.exit(0);
}
const keptDataDir = process.env['BENCH_DATA_DIR']
  ? path.resolve(process.env['BENCH_DATA_DIR'])
  : null;
if (keptDataDir) mkdirSync(keptDataDir, { recursive: true });

console.log(`Clearroom bench:query on ${describeMachine()}`);
const server = await startBuiltServer(keptDataDir ? { DATA_DIR: keptDataDir } : {});
try {
  const client = createClient(server.baseUrl);
  await signIn(client, 'bench', 'correct horse battery staple');
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
} finally {
  server.stop();
}
process.exit(0);

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
    console.log(`Ingest skipped: ${pages} pages already analysed in ${keptDataDir}`);
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
      conversation_history: history.slice(-6),
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
