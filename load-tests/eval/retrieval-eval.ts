/**
 * `npm run eval:retrieval [-- --questions <file>] [--corpus <dir>] [--verbose]`: answer quality
 * at the level a user sees it. The built product is started on an empty data directory with the
 * embedded defaults; one project receives every contract PDF of the corpus (plus any other
 * document a question names); each question is asked in its own new chat session through
 * `POST /api/qa/ask-stream`, exactly as the chat page asks it.
 *
 * Reported per question and in total:
 * - gold cited: a gold page (same document, any of `goldPages`) is among the answer's citations
 *   (`complete.citations`, the citations the answer actually uses);
 * - top-1: the first citation the answer shows (its earliest `[n]`) is a gold page;
 * - given: a gold page was among the passages handed to the answerer (`metadata.citations`), which
 *   tells a retrieval miss from a miss in choosing what to quote;
 * - citations verified independently (the quote is `pageText.slice(start, end)` of the page the
 *   pages route serves) and phantom markers (`[n]` with no citation n);
 * - "I could not find this…" answers, empty answers, errors, and the time per question.
 * Missing the goal is not a failure: the exit code is non-zero only when the run itself crashes.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ChatSessionResponse, Citation } from '@clearroom/contracts';
import {
  type ApiClient,
  createClient,
  createProject,
  signIn,
  uploadFiles,
  waitForAnalysis,
} from '../bench/api-client.ts';
import { type AskResult, askStream } from '../bench/ask-stream.ts';
import { startBuiltServer } from '../bench/built-server.ts';
import { CORPUS, corpusPdfs } from '../bench/corpus.ts';
import { describeMachine, formatMs, percent, summarize } from '../bench/stats.ts';
import { type CitationCheck, checkCitations, pageTextSource } from './citation-check.ts';
import { runCuadEval } from './cuad-eval.ts';
import { cuadQuestions } from './cuad-questions.ts';
import { type EvalQuestion, loadQuestions } from './questions.ts';

const NOT_FOUND = /^\s*I could not find this/i;
const UPLOAD_BATCH = 20;

type Outcome = {
  question: EvalQuestion;
  result: AskResult;
  citations: Citation[];
  goldCited: boolean;
  top1: boolean;
  goldGiven: boolean;
  notFound: boolean;
  empty: boolean;
  streamMismatch: boolean;
  check: CitationCheck;
};

const { values: args } = parseArgs({
  allowNegative: true,
  options: {
    questions: { type: 'string' },
    corpus: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    /** The hand-written questions over the corpus contracts (`--no-hand` skips them). */
    hand: { type: 'boolean', default: true },
    /** CUAD contracts whose generated questions are asked (0 skips them). */
    contracts: { type: 'string', default: '48' },
    split: { type: 'string', default: 'test' },
    /** Contracts per project: the across-documents questions range over one project. */
    group: { type: 'string', default: '16' },
    /** Phrasings asked per contract and clause category. */
    phrasings: { type: 'string', default: '2' },
    /** A file to write the failed CUAD questions to, one JSON object a line. */
    failures: { type: 'string' },
    /** A file to write the server's log to. */
    'server-log': { type: 'string' },
  },
});
// `npm run` starts in the repository root; paths given on the command line are the caller's.
const callerDir = process.env['INIT_CWD'] ?? process.cwd();
const questionsFile = args.questions
  ? path.resolve(callerDir, args.questions)
  : path.join(import.meta.dirname, 'questions.json');
const corpus = args.corpus ? path.resolve(callerDir, args.corpus) : CORPUS;

if (!existsSync(corpus)) {
  console.log(`eval:retrieval skipped: the document corpus is not at ${corpus}`);
  process.exit(0);
}
const questions = loadQuestions(questionsFile);
const documents = [...new Set([...corpusPdfs(corpus), ...questions.map((q) => q.document)])];
const missing = documents.filter((name) => !existsSync(path.join(corpus, name)));
if (missing.length > 0) {
  throw new Error(
    `Documents named by ${questionsFile} are not in ${corpus}: ${missing.join(', ')}`,
  );
}

console.log(`Clearroom eval:retrieval on ${describeMachine()}`);

const split = args.split === 'train' ? 'train' : 'test';
const cuadOptions = {
  split,
  contracts: Number(args.contracts),
  groupSize: Number(args.group),
  phrasings: Number(args.phrasings),
  verbose: args.verbose,
  ...(args.failures ? { failures: path.resolve(callerDir, args.failures) } : {}),
} as const;
const groups = cuadOptions.contracts > 0 ? cuadQuestions(cuadOptions) : [];
const serverLog = args['server-log'] ? path.resolve(callerDir, args['server-log']) : null;
if (serverLog) writeFileSync(serverLog, '');
const server = await startBuiltServer(
  { UPLOAD_MAX_FILE_SIZE_MB: '200' },
  serverLog ? (line) => appendFileSync(serverLog, `${line}\n`) : undefined,
);
try {
  const client = createClient(server.baseUrl);
  await signIn(client, 'evaluator', 'correct horse battery staple');
  if (args.hand) await handWritten(client);
  if (groups.length > 0) await runCuadEval(client, pageTextSource(client), groups, cuadOptions);
} finally {
  server.stop();
}
process.exit(0);

/** The hand-checked questions, over the corpus contracts in one project. */
async function handWritten(client: ApiClient): Promise<void> {
  console.log(
    `Hand-written questions: ${questionsFile} (${questions.length}); corpus: ${corpus}\n`,
  );
  const projectId = await createProject(client, 'Retrieval evaluation');

  const ingestStarted = performance.now();
  for (let i = 0; i < documents.length; i += UPLOAD_BATCH) {
    const batch = documents.slice(i, i + UPLOAD_BATCH);
    await uploadFiles(
      client,
      projectId,
      batch.map((name) => ({ name, data: readFileSync(path.join(corpus, name)) })),
    );
  }
  const files = await waitForAnalysis(client, projectId);
  const pages = files.reduce((sum, file) => sum + (file.pageCount ?? 0), 0);
  console.log(
    `${files.length} documents, ${pages} pages uploaded and analysed in ${((performance.now() - ingestStarted) / 1000).toFixed(1)} s`,
  );
  for (const file of files.filter((f) => f.processingStatus === 'failed')) {
    console.log(`  analysis FAILED for ${file.originalname}: ${file.failureReason ?? '?'}`);
  }
  const documentIds = new Map(files.map((file) => [file.originalname, file.id]));

  const pageText = pageTextSource(client);
  const outcomes: Outcome[] = [];
  for (const question of questions) {
    const outcome = await evaluate(client, projectId, question, documentIds, pageText);
    outcomes.push(outcome);
    if (args.verbose) printVerbose(outcome);
  }
  printTable(outcomes);
  printTotals(outcomes);
}

async function evaluate(
  client: ApiClient,
  projectId: number,
  question: EvalQuestion,
  documentIds: Map<string, number>,
  pageText: ReturnType<typeof pageTextSource>,
): Promise<Outcome> {
  const { session } = await client.json<ChatSessionResponse>(
    'POST',
    `/api/qa/sessions/${projectId}`,
    {},
  );
  const result = await askStream(client, {
    project_id: projectId,
    sessionId: session.id,
    question: question.question,
    conversation_history: [],
  });
  const goldDocument = documentIds.get(question.document);
  const isGold = (citation: Citation) =>
    citation.documentId === goldDocument && question.goldPages.includes(citation.pageNumber);
  const answer = result.complete?.fullAnswer ?? '';
  const citations = result.complete?.citations ?? [];
  const first = firstShown(answer, citations);
  return {
    question,
    result,
    citations,
    goldCited: citations.some(isGold),
    top1: first !== undefined && isGold(first),
    goldGiven: result.metadata?.citations.some(isGold) ?? false,
    notFound: result.complete !== null && NOT_FOUND.test(answer),
    empty: result.complete !== null && answer.trim() === '',
    streamMismatch: result.complete !== null && result.streamedAnswer !== answer,
    check: await checkCitations(pageText, answer, citations),
  };
}

/** The citation whose `[n]` comes first in the answer (the first listed when none is shown). */
function firstShown(answer: string, citations: Citation[]): Citation | undefined {
  const shown = citations
    .map((citation) => ({ citation, at: answer.indexOf(`[${citation.n}]`) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at);
  return shown[0]?.citation ?? citations[0];
}

function shortName(originalname: string): string {
  return (originalname.split(/[\s_,.-]/)[0] ?? originalname).slice(0, 10);
}

function citedPages(outcome: Outcome): string {
  const goldName = outcome.question.document;
  return (
    outcome.citations
      .map((c) =>
        c.originalname === goldName
          ? `p${c.pageNumber}`
          : `${shortName(c.originalname)}:p${c.pageNumber}`,
      )
      .join(' ') || '-'
  );
}

function verdict(outcome: Outcome): string {
  if (outcome.result.error) return 'ERROR';
  if (outcome.top1) return 'TOP-1';
  if (outcome.goldCited) return 'hit';
  if (outcome.notFound) return 'miss (not found)';
  return 'miss';
}

function printTable(outcomes: Outcome[]): void {
  const idWidth = Math.max(4, ...outcomes.map((o) => o.question.id.length));
  const header = [
    'id'.padEnd(idWidth),
    'gold'.padEnd(9),
    'given',
    'result'.padEnd(16),
    'ms'.padStart(6),
    'cited (gold document: pN; others: name:pN)',
  ];
  console.log(`\n${header.join(' ')}`);
  for (const outcome of outcomes) {
    const ms = outcome.result.completeMs;
    console.log(
      [
        outcome.question.id.padEnd(idWidth),
        `p${outcome.question.goldPages.join(',')}`.padEnd(9),
        (outcome.goldGiven ? 'yes' : 'no').padEnd(5),
        verdict(outcome).padEnd(16),
        (ms === null ? '-' : ms.toFixed(0)).padStart(6),
        citedPages(outcome),
      ].join(' ') + (outcome.result.error ? `  ${outcome.result.error}` : ''),
    );
  }
}

function printTotals(outcomes: Outcome[]): void {
  const n = outcomes.length;
  const count = (test: (o: Outcome) => boolean) => outcomes.filter(test).length;
  const line = (label: string, value: string) => console.log(`${label.padEnd(46)} ${value}`);
  const ratio = (part: number, whole = n) => `${part}/${whole} (${percent(part, whole)})`;

  const checked = outcomes.reduce((sum, o) => sum + o.check.checked, 0);
  const verified = outcomes.reduce((sum, o) => sum + o.check.verified, 0);
  const phantoms = outcomes.filter((o) => o.check.phantoms.length > 0);
  const unused = outcomes.filter((o) => o.check.unused.length > 0);
  const completed = outcomes.filter((o) => o.result.completeMs !== null);

  console.log('\nTotals');
  line('Gold page cited', ratio(count((o) => o.goldCited)));
  line('Gold page is the first citation (top-1)', ratio(count((o) => o.top1)));
  line('Gold page among the passages given (metadata)', ratio(count((o) => o.goldGiven)));
  line('Citations verified against the page text', ratio(verified, checked));
  const quotations = outcomes.reduce((sum, o) => sum + o.check.quotations, 0);
  const highlighted = outcomes.reduce((sum, o) => sum + o.check.quotationsHighlighted, 0);
  line("Quotations “…” [n] inside citation n's quote", ratio(highlighted, quotations));
  line(
    'Phantom [n] markers (no such citation)',
    `${phantoms.reduce((sum, o) => sum + o.check.phantoms.length, 0)} in ${phantoms.length} answers`,
  );
  line(
    'Citations returned as used but not shown',
    `${unused.reduce((sum, o) => sum + o.check.unused.length, 0)} in ${unused.length} answers`,
  );
  line('"I could not find this…" answers', String(count((o) => o.notFound)));
  line('Empty answers', String(count((o) => o.empty)));
  line('Streamed chunks differ from fullAnswer', String(count((o) => o.streamMismatch)));
  line('Errors (error event, HTTP error, no complete)', String(count((o) => !!o.result.error)));
  line('Time to first event', formatMs(summarize(completed.map((o) => o.result.firstEventMs!))));
  line(
    'Time to complete (per question)',
    formatMs(summarize(completed.map((o) => o.result.completeMs!))),
  );

  const failures = outcomes.flatMap((o) => o.check.failures.map((f) => `${o.question.id}: ${f}`));
  if (failures.length > 0) {
    console.log('\nCitations that failed verification:');
    for (const failure of failures.slice(0, 20)) console.log(`  ${failure}`);
    if (failures.length > 20) console.log(`  … and ${failures.length - 20} more`);
  }
  const misplaced = outcomes.flatMap((o) =>
    o.check.quotationProblems.map((p) => `${o.question.id}: ${p}`),
  );
  if (misplaced.length > 0) {
    console.log('\nQuotations outside the highlighted quote of the citation they name:');
    for (const problem of misplaced.slice(0, 20)) console.log(`  ${problem}`);
    if (misplaced.length > 20) console.log(`  … and ${misplaced.length - 20} more`);
  }
  if (phantoms.length > 0) {
    console.log('\nAnswers with phantom markers:');
    for (const o of phantoms) console.log(`  ${o.question.id}: [${o.check.phantoms.join('], [')}]`);
  }
}

function printVerbose(outcome: Outcome): void {
  const { question, result } = outcome;
  console.log(`\n=== ${question.id} (${question.category}; gold p${question.goldPages.join(',')})`);
  console.log(`Q: ${question.question}`);
  if (result.error) console.log(`ERROR: ${result.error}`);
  console.log(`A: ${result.complete?.fullAnswer ?? result.streamedAnswer}`);
  for (const citation of outcome.citations) {
    const quote = citation.quote.replace(/\s+/g, ' ');
    console.log(
      `  [${citation.n}] ${citation.originalname} (Page ${citation.pageNumber}): "${quote.length > 160 ? `${quote.slice(0, 160)}…` : quote}"`,
    );
  }
  for (const failure of outcome.check.failures) console.log(`  NOT VERIFIED ${failure}`);
  for (const problem of outcome.check.quotationProblems) console.log(`  MISPLACED ${problem}`);
  console.log(
    `-> ${verdict(outcome)}; gold given to the answerer: ${outcome.goldGiven ? 'yes' : 'no'}`,
  );
}
