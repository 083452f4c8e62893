/**
 * The generated CUAD questions (cuad-questions.ts) asked through the whole product path: each group
 * of contracts is uploaded into its own project of the running product, each question is asked in
 * a new chat session through `POST /api/qa/ask-stream`, and the answer is scored against the
 * annotators' passages located in the page text the product serves (issue 15's figures).
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChatSessionResponse, Citation, ProjectFile } from '@clearroom/contracts';
import {
  type ApiClient,
  createProject,
  uploadFiles,
  waitForAnalysis,
} from '../bench/api-client.ts';
import { type AskResult, askStream } from '../bench/ask-stream.ts';
import { formatMs, percent, summarize } from '../bench/stats.ts';
import type { PageTextSource } from './citation-check.ts';
import {
  CUAD_DIR,
  type CuadGroup,
  type CuadQuestionOptions,
  goldSpans,
  type SingleQuestion,
  type Span,
} from './cuad-questions.ts';

const UPLOAD_BATCH = 20;
/** A cited quote counts as the gold passage when they overlap by half the shorter of the two. */
const QUOTED_OVERLAP = 0.5;

type Uploaded = {
  group: CuadGroup;
  projectId: number;
  ids: Map<string, number>;
  files: ProjectFile[];
};

type SingleOutcome = {
  question: SingleQuestion;
  result: AskResult;
  answer: string;
  citations: Citation[];
  gold: Span[];
  notFound: boolean;
  goldCited: boolean;
  top1: boolean;
  quoted: boolean;
  /** Sources in the metadata or the stored entry beside an answer that cites nothing. */
  strayMetadata: boolean;
  /** A citation of another document than the one the question names. */
  otherDocument: boolean;
};

type AcrossOutcome = {
  id: string;
  question: string;
  result: AskResult;
  answer: string;
  qualifying: Set<string>;
  cited: Set<string>;
};

export type CuadEvalOptions = CuadQuestionOptions & { verbose: boolean; failures?: string };

/**
 * Asks the generated questions (`groups`, from `cuadQuestions`: generated before the server
 * starts, since reading labels.csv takes seconds, longer than an idle keep-alive connection lives).
 */
export async function runCuadEval(
  client: ApiClient,
  pageText: PageTextSource,
  groups: CuadGroup[],
  options: CuadEvalOptions,
): Promise<void> {
  const contracts = groups.reduce((sum, group) => sum + group.pdfFiles.length, 0);
  const singles = groups.reduce((sum, group) => sum + group.single.length, 0);
  const acrosses = groups.reduce((sum, group) => sum + group.across.length, 0);
  console.log(
    `\nCUAD ${options.split} split: ${contracts} contracts in ${groups.length} projects of ≤ ${options.groupSize}; ` +
      `${singles} questions about one contract (${options.phrasings} phrasing(s) per category), ${acrosses} across a project`,
  );
  if (options.failures) writeFileSync(options.failures, '');

  const started = performance.now();
  const uploaded: Uploaded[] = [];
  for (const [index, group] of groups.entries()) {
    const projectId = await createProject(client, `CUAD ${options.split} ${index + 1}`);
    for (let i = 0; i < group.pdfFiles.length; i += UPLOAD_BATCH) {
      const batch = group.pdfFiles.slice(i, i + UPLOAD_BATCH);
      await uploadFiles(
        client,
        projectId,
        batch.map((name) => ({ name, data: readFileSync(path.join(CUAD_DIR, 'pdf', name)) })),
      );
    }
    uploaded.push({ group, projectId, ids: new Map(), files: [] });
  }
  for (const entry of uploaded) {
    entry.files = await waitForAnalysis(client, entry.projectId);
    entry.ids = new Map(entry.files.map((file) => [file.originalname, file.id]));
    for (const file of entry.files.filter((f) => f.processingStatus === 'failed'))
      console.log(`  analysis FAILED for ${file.originalname}: ${file.failureReason ?? '?'}`);
  }
  const pages = uploaded.reduce(
    (sum, entry) => sum + entry.files.reduce((n, file) => n + (file.pageCount ?? 0), 0),
    0,
  );
  console.log(
    `${contracts} contracts, ${pages} pages uploaded and analysed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const single: SingleOutcome[] = [];
  const across: AcrossOutcome[] = [];
  const asking = performance.now();
  for (const entry of uploaded) {
    const texts = new Map<string, string[]>();
    for (const file of entry.files) {
      const pageTexts: string[] = [];
      for (let n = 1; n <= (file.pageCount ?? 0); n++)
        pageTexts.push((await pageText(file.id, n)) ?? '');
      texts.set(file.originalname, pageTexts);
    }
    for (const question of entry.group.single) {
      const documentId = entry.ids.get(question.pdfFile);
      if (documentId === undefined) continue;
      const gold = question.present
        ? goldSpans(texts.get(question.pdfFile)!, question.passages)
        : [];
      const result = await ask(client, entry.projectId, question.question);
      const outcome = scoreSingle(question, result, documentId, gold);
      single.push(outcome);
      if (options.failures && failed(outcome))
        appendFileSync(options.failures, `${JSON.stringify(failureRecord(outcome))}\n`);
      if (options.verbose && failed(outcome)) printSingle(outcome);
    }
    const names = new Map([...entry.ids].map(([name, id]) => [id, name]));
    for (const question of entry.group.across) {
      const result = await ask(client, entry.projectId, question.question);
      const citations = result.complete?.citations ?? [];
      const outcome: AcrossOutcome = {
        id: question.id,
        question: question.question,
        result,
        answer: result.complete?.fullAnswer ?? '',
        qualifying: new Set(question.qualifying),
        cited: new Set(citations.map((citation) => names.get(citation.documentId) ?? '?')),
      };
      across.push(outcome);
      if (options.verbose) printAcross(outcome);
      const extra = [...outcome.cited].filter((name) => !outcome.qualifying.has(name));
      const missed = [...outcome.qualifying].filter((name) => !outcome.cited.has(name));
      if (options.failures && (extra.length > 0 || missed.length > 0))
        appendFileSync(
          options.failures,
          `${JSON.stringify({ id: outcome.id, across: true, question: outcome.question, answer: outcome.answer, extra, missed })}\n`,
        );
    }
  }
  console.log(
    `${single.length + across.length} questions asked in ${((performance.now() - asking) / 1000).toFixed(1)} s`,
  );
  printTotals(single, across);
}

async function ask(client: ApiClient, projectId: number, question: string): Promise<AskResult> {
  const { session } = await client.json<ChatSessionResponse>(
    'POST',
    `/api/qa/sessions/${projectId}`,
    {},
  );
  return askStream(client, {
    project_id: projectId,
    sessionId: session.id,
    question,
    conversation_history: [],
  });
}

function scoreSingle(
  question: SingleQuestion,
  result: AskResult,
  documentId: number,
  gold: Span[],
): SingleOutcome {
  const answer = result.complete?.fullAnswer ?? '';
  const citations = result.complete?.citations ?? [];
  const onGoldPage = (citation: Citation) =>
    citation.documentId === documentId && gold.some((g) => g.pageNumber === citation.pageNumber);
  const first = firstShown(answer, citations);
  const notFound = result.complete !== null && citations.length === 0;
  return {
    question,
    result,
    answer,
    citations,
    gold,
    notFound,
    goldCited: citations.some(onGoldPage),
    top1: first !== undefined && onGoldPage(first),
    quoted: citations.some(
      (citation) => citation.documentId === documentId && gold.some((g) => overlaps(citation, g)),
    ),
    strayMetadata:
      notFound &&
      ((result.metadata?.citations.length ?? 0) > 0 || (result.complete?.sources.length ?? 0) > 0),
    otherDocument: citations.some((citation) => citation.documentId !== documentId),
  };
}

function overlaps(citation: Citation, gold: Span): boolean {
  if (citation.pageNumber !== gold.pageNumber) return false;
  const overlap = Math.min(citation.end, gold.end) - Math.max(citation.start, gold.start);
  return (
    overlap > 0 &&
    overlap >= QUOTED_OVERLAP * Math.min(citation.end - citation.start, gold.end - gold.start)
  );
}

/** The citation whose `[n]` comes first in the answer (the first listed when none is shown). */
function firstShown(answer: string, citations: Citation[]): Citation | undefined {
  const shown = citations
    .map((citation) => ({ citation, at: answer.indexOf(`[${citation.n}]`) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at);
  return shown[0]?.citation ?? citations[0];
}

function failed(outcome: SingleOutcome): boolean {
  if (outcome.result.error) return true;
  if (!outcome.question.present) return !outcome.notFound;
  if (outcome.notFound) return true;
  return outcome.gold.length > 0 && (!outcome.top1 || !outcome.quoted);
}

function failureRecord(outcome: SingleOutcome) {
  return {
    id: outcome.question.id,
    category: outcome.question.category,
    kind: outcome.question.kind,
    present: outcome.question.present,
    question: outcome.question.question,
    answer: outcome.answer,
    error: outcome.result.error,
    cited: outcome.citations.map((c) => `p${c.pageNumber}:${c.start}-${c.end}`),
    gold: outcome.gold.map((g) => `p${g.pageNumber}:${g.start}-${g.end}`),
    verdict: outcome.notFound ? 'not found' : outcome.goldCited ? 'gold page cited' : 'miss',
  };
}

function printSingle(outcome: SingleOutcome): void {
  const record = failureRecord(outcome);
  console.log(`\n--- ${record.id} (${record.present ? 'present' : 'absent'}) ${record.verdict}`);
  console.log(`Q: ${record.question}`);
  console.log(`A: ${record.answer.slice(0, 400)}`);
  console.log(`cited ${record.cited.join(' ') || '-'}; gold ${record.gold.join(' ') || '-'}`);
}

function printAcross(outcome: AcrossOutcome): void {
  const hits = [...outcome.cited].filter((name) => outcome.qualifying.has(name)).length;
  console.log(
    `\n--- ${outcome.id}: ${outcome.question} → cited ${outcome.cited.size}, qualifying ${outcome.qualifying.size}, both ${hits}`,
  );
}

function printTotals(single: SingleOutcome[], across: AcrossOutcome[]): void {
  const line = (label: string, value: string, goal = '') =>
    console.log(`${label.padEnd(52)} ${value.padEnd(22)} ${goal}`);
  const ratio = (part: number, whole: number) => `${part}/${whole} (${percent(part, whole)})`;
  const met = (part: number, whole: number, goal: number, atMost = false) => {
    const share = whole === 0 ? NaN : part / whole;
    const ok = atMost ? share <= goal : share >= goal;
    return `goal ${atMost ? '≤' : '≥'} ${(goal * 100).toFixed(0)} %: ${ok ? 'met' : 'NOT met'}`;
  };

  const present = single.filter((o) => o.question.present && !o.result.error);
  const located = present.filter((o) => o.gold.length > 0);
  const absent = single.filter((o) => !o.question.present && !o.result.error);
  const count = (list: SingleOutcome[], test: (o: SingleOutcome) => boolean) =>
    list.filter(test).length;

  console.log('\nCUAD questions about one contract (whole product path, ask-stream)');
  line(
    'Present clauses (gold passage located in the page text)',
    `${located.length} of ${present.length}`,
  );
  const cited = count(located, (o) => o.goldCited);
  line('Gold page cited', ratio(cited, located.length), met(cited, located.length, 0.95));
  const top1 = count(located, (o) => o.top1);
  line(
    'First citation on a gold page',
    ratio(top1, located.length),
    met(top1, located.length, 0.8),
  );
  const quoted = count(located, (o) => o.quoted);
  line('Gold passage quoted', ratio(quoted, located.length), met(quoted, located.length, 0.9));
  const wrong = count(present, (o) => o.notFound);
  line(
    'Present clauses answered "not found"',
    ratio(wrong, present.length),
    met(wrong, present.length, 0.02, true),
  );
  const right = count(absent, (o) => o.notFound);
  line(
    'Absent clauses answered as absent',
    ratio(right, absent.length),
    met(right, absent.length, 0.9),
  );
  line('  … with sources beside "not found"', String(count(absent, (o) => o.strayMetadata)));
  line('Answers citing another document than named', String(count(single, (o) => o.otherDocument)));
  line('Errors', String(single.filter((o) => o.result.error).length));

  console.log(
    '\nBy kind of question (gold cited / first on gold / quoted; wrong "not found"; absent as absent)',
  );
  for (const kind of ['yes_no', 'value', 'clause'] as const) {
    const mine = located.filter((o) => o.question.kind === kind);
    const minePresent = present.filter((o) => o.question.kind === kind);
    const mineAbsent = absent.filter((o) => o.question.kind === kind);
    console.log(
      `  ${kind.padEnd(8)} ${percent(
        count(mine, (o) => o.goldCited),
        mine.length,
      )} / ${percent(
        count(mine, (o) => o.top1),
        mine.length,
      )} / ${percent(
        count(mine, (o) => o.quoted),
        mine.length,
      )}; ` +
        `${percent(
          count(minePresent, (o) => o.notFound),
          minePresent.length,
        )}; ${percent(
          count(mineAbsent, (o) => o.notFound),
          mineAbsent.length,
        )} (n = ${mine.length}, ${mineAbsent.length})`,
    );
  }

  console.log(
    '\nBy category (present: first on gold, quoted, "not found"; absent: answered as absent)',
  );
  const categories = [...new Set(single.map((o) => o.question.category))];
  for (const category of categories) {
    const p = located.filter((o) => o.question.category === category);
    const pp = present.filter((o) => o.question.category === category);
    const a = absent.filter((o) => o.question.category === category);
    console.log(
      `  ${category.padEnd(36)} ${percent(
        count(p, (o) => o.top1),
        p.length,
      ).padStart(8)} ${percent(
        count(p, (o) => o.quoted),
        p.length,
      ).padStart(8)} ${percent(
        count(pp, (o) => o.notFound),
        pp.length,
      ).padStart(8)} (n ${String(pp.length).padStart(3)})   ${percent(
        count(a, (o) => o.notFound),
        a.length,
      ).padStart(8)} (n ${a.length})`,
    );
  }

  let listed = 0;
  let listedQualifying = 0;
  let qualifying = 0;
  let qualifyingListed = 0;
  for (const outcome of across) {
    listed += outcome.cited.size;
    listedQualifying += [...outcome.cited].filter((name) => outcome.qualifying.has(name)).length;
    qualifying += outcome.qualifying.size;
    qualifyingListed += [...outcome.qualifying].filter((name) => outcome.cited.has(name)).length;
  }
  console.log(`\nAcross the documents of a project (${across.length} questions)`);
  line(
    'Recall (qualifying documents cited)',
    ratio(qualifyingListed, qualifying),
    met(qualifyingListed, qualifying, 0.9),
  );
  line(
    'Precision (cited documents qualify)',
    ratio(listedQualifying, listed),
    met(listedQualifying, listed, 0.9),
  );
  line('Errors', String(across.filter((o) => o.result.error).length));

  const all = [...single, ...across].filter((o) => o.result.completeMs !== null);
  const lengths = summarize(all.map((o) => o.answer.length));
  const singleLengths = summarize(
    single.filter((o) => o.result.completeMs !== null).map((o) => o.answer.length),
  );
  console.log('\nAnswers');
  line(
    'Answer length, all (characters)',
    `median ${lengths.p50}, p95 ${lengths.p95}`,
    `goal median ≤ 700: ${lengths.p50 <= 700 ? 'met' : 'NOT met'}`,
  );
  line('Answer length, one contract', `median ${singleLengths.p50}, p95 ${singleLengths.p95}`);
  line('Time per answer (to complete)', formatMs(summarize(all.map((o) => o.result.completeMs!))));
}
