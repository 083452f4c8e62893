import type { AnswerCitation, AnswerType, Category, Evidence, ReviewCell } from './answer.types.js';
import { clauseCounts, weighedByChecks } from './clause-checks.js';
import { composeAnswer, DEFAULT_THRESHOLD, type ComposeOptions } from './compose-answer.js';
import { cutToSentence } from './sentence-cut.js';
import type { StartDate } from './start-date.js';
import { understandQuestion } from './understand-question.js';
import { FROM_THE_DATE_HEREOF } from './values/expiration.js';
import { extractValue } from './values/extract-value.js';

export type CellQuestion = { question: string; type: AnswerType };

export type CellOptions = ComposeOptions & {
  /** The date the document's terms run from, with its passage: an expiration counted from it cites it too. */
  start?: StartDate;
};

/**
 * One cell of a review grid (issue 16): the column's question answered from one document's
 * evidence only, with the column's type deciding the value. `not_found` carries no citation;
 * `redacted` when the typed value's words are blacked out; the confidence is the cited clause's
 * score.
 */
export function answerCell(
  column: CellQuestion,
  evidence: readonly Evidence[],
  cellOptions: CellOptions = {},
): ReviewCell {
  const { start: documentStart, ...composeOptions } = cellOptions;
  const documentId = evidence[0]?.documentId ?? composeOptions.documents?.[0]?.documentId;
  if (documentId === undefined)
    throw new Error('answerCell needs the document: evidence or options.documents');
  const own = evidence.filter((each) => each.documentId === documentId);
  const documentName = own[0]?.documentName ?? composeOptions.documents?.[0]?.documentName ?? '';
  const start =
    documentStart &&
    termRunsFrom(documentStart, own, composeOptions.threshold ?? DEFAULT_THRESHOLD);
  const options: ComposeOptions =
    start && !composeOptions.startDates?.has(documentId)
      ? { ...composeOptions, startDates: new Map([[documentId, start.iso]]) }
      : composeOptions;
  const understood = {
    ...understandQuestion(column.question, { documents: [{ documentId, names: [documentName] }] }),
    answerType: column.type,
    scope: { kind: 'named' as const, documentIds: [documentId], exhaustive: false },
  };
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const answer = composeAnswer(
    understood,
    valueFirst(
      weighedByChecks(own, understood.categories[0], threshold),
      column.type,
      understood.categories[0],
      threshold,
      options.startDates?.get(documentId),
    ),
    options,
  );
  const outcome = answer.documents[0];
  if (!outcome || outcome.status === 'not_found' || outcome.status === 'filtered_out')
    return {
      status: 'not_found',
      value: null,
      answer: answer.text,
      confidence: confidenceOf(own, understood.categories),
      citations: [],
    };
  const cited = answer.citations[0];
  const main = own.find(
    (each) =>
      cited &&
      each.pageNumber === cited.pageNumber &&
      each.start <= cited.start &&
      cited.end <= each.end,
  );
  const confidence = main?.score ?? 0;
  if (outcome.status === 'redacted')
    return {
      status: 'redacted',
      value: null,
      answer: answer.text,
      confidence,
      citations: answer.citations,
    };
  const counted =
    start && cited && outcome.value
      ? countedFrom(start, cited, outcome.value.value, answer.citations.length + 1)
      : null;
  return {
    status: 'answered',
    value: valueOfCell(column.type, outcome.value?.value, cited?.quote),
    answer: counted ? `${answer.text}\n${counted.text}` : answer.text,
    confidence,
    citations: counted ? [...answer.citations, counted.citation] : answer.citations,
  };
}

/** The date a term runs from: the agreement's own date when its found term clause says so, else the document's start. */
function termRunsFrom(
  start: StartDate,
  evidence: readonly Evidence[],
  threshold: number,
): StartDate {
  const fromTheDateHereof = evidence.some(
    (each) =>
      each.category === 'Expiration Date' &&
      each.score >= threshold &&
      FROM_THE_DATE_HEREOF.test(each.pageText.slice(each.start, each.end)),
  );
  return fromTheDateHereof && start.agreement ? start.agreement : start;
}

/**
 * When the cited clause states a term, not its end ("two (2) years from the Effective Date"), and
 * the date was counted from the document's start date: the sentence that states that date, cited
 * after the clause's own citations.
 */
function countedFrom(
  start: StartDate,
  cited: AnswerCitation,
  value: string,
  number: number,
): { text: string; citation: AnswerCitation } | null {
  if (cited.category !== 'Expiration Date') return null;
  if (extractValue('date', cited.category, cited.quote)?.value === value) return null;
  const passage = start.evidence;
  const written = extractValue(
    'date',
    passage.category,
    passage.pageText.slice(passage.start, passage.end),
  )?.asWritten;
  const at = written ? passage.pageText.indexOf(written, passage.start) : -1;
  const span = cutToSentence(passage.pageText, passage, passage.category, at >= 0 ? at : undefined);
  const quote = passage.pageText.slice(span.start, span.end);
  const citation: AnswerCitation = {
    number,
    documentId: passage.documentId,
    documentName: passage.documentName,
    category: passage.category,
    pageNumber: passage.pageNumber,
    start: span.start,
    end: span.end,
    quote,
  };
  return {
    text: `Counted from ${start.iso}, the date its terms run from: "${quote.replace(/\s+/g, ' ').trim()}" [${number}]`,
    citation,
  };
}

const VALUE_TYPES: readonly AnswerType[] = ['date', 'duration', 'money', 'place'];

/**
 * For a column typed as a value: when a found clause states it ("The term shall be two years")
 * and a better-scoring one does not ("This Agreement will renew at the end of the Initial Term"),
 * the one that states it answers; the other stays found, and may qualify it. When no found
 * clause of the asked category states it, the best candidate under the threshold that does (and
 * passes the category's check) answers instead: the cell is answered either way, and the
 * model's second choice often is the sentence that states the term.
 */
function valueFirst(
  evidence: Evidence[],
  type: AnswerType,
  category: Category | undefined,
  threshold: number,
  startIso: string | undefined,
): Evidence[] {
  if (!VALUE_TYPES.includes(type)) return evidence;
  const states = (each: Evidence) =>
    extractValue(
      type,
      each.category,
      each.pageText.slice(each.start, each.end),
      startIso ? { startIso } : {},
    ) !== null;
  const found = evidence.filter((each) => each.score >= threshold);
  let stating = found.filter(states);
  if (stating.length === 0 && category && found.some((each) => each.category === category)) {
    const second = evidence
      .filter(
        (each) =>
          each.category === category &&
          each.score < threshold &&
          states(each) &&
          clauseCounts(category, each.pageText.slice(each.start, each.end)),
      )
      .sort((a, b) => b.score - a.score)[0];
    stating = second ? [second] : [];
  }
  if (stating.length === 0) return evidence;
  return evidence.map((each) =>
    stating.includes(each)
      ? { ...each, score: Math.max(each.score, threshold + 1e-6) }
      : each.score < threshold
        ? each
        : { ...each, score: threshold },
  );
}

function valueOfCell(
  type: AnswerType,
  value: string | undefined,
  quote: string | undefined,
): string | null {
  if (value) return value;
  if (type === 'yes_no') return 'Yes';
  return quote ? quote.replace(/\s+/g, ' ').trim() : null;
}

/** For "not found": how sure we are that the clause is absent, from the best candidate's score. */
function confidenceOf(evidence: readonly Evidence[], categories: readonly string[]): number {
  const best = Math.max(
    0,
    ...evidence.filter((each) => categories.includes(each.category)).map((each) => each.score),
  );
  return Math.round((1 - best) * 100) / 100;
}
