import type { AnswerType, Category, Evidence, ReviewCell } from './answer.types.js';
import { clauseCounts, clauseStated } from './clause-checks.js';
import { composeAnswer, DEFAULT_THRESHOLD, type ComposeOptions } from './compose-answer.js';
import { understandQuestion } from './understand-question.js';
import { extractValue } from './values/extract-value.js';

export type CellQuestion = { question: string; type: AnswerType };

/**
 * One cell of a review grid (issue 16): the column's question answered from one document's
 * evidence only, with the column's type deciding the value. `not_found` carries no citation;
 * `redacted` when the typed value's words are blacked out; the confidence is the cited clause's
 * score.
 */
export function answerCell(
  column: CellQuestion,
  evidence: readonly Evidence[],
  options: ComposeOptions = {},
): ReviewCell {
  const documentId = evidence[0]?.documentId ?? options.documents?.[0]?.documentId;
  if (documentId === undefined)
    throw new Error('answerCell needs the document: evidence or options.documents');
  const own = evidence.filter((each) => each.documentId === documentId);
  const documentName = own[0]?.documentName ?? options.documents?.[0]?.documentName ?? '';
  const understood = {
    ...understandQuestion(column.question, { documents: [{ documentId, names: [documentName] }] }),
    answerType: column.type,
    scope: { kind: 'named' as const, documentIds: [documentId], exhaustive: false },
  };
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const answer = composeAnswer(
    understood,
    valueFirst(
      checked(own, understood.categories[0], threshold),
      column.type,
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
  return {
    status: 'answered',
    value: valueOfCell(column.type, outcome.value?.value, cited?.quote),
    answer: answer.text,
    confidence,
    citations: answer.citations,
  };
}

/**
 * The evidence as the cell weighs it (clause-checks.ts): a found clause without the words its
 * category cannot lack drops under the threshold; a candidate under it that states the clause in
 * so many words reaches it.
 */
function checked(
  evidence: readonly Evidence[],
  category: Category | undefined,
  threshold: number,
): Evidence[] {
  if (!category) return [...evidence];
  return evidence.map((each) => {
    const text = each.pageText.slice(each.start, each.end);
    if (each.score >= threshold && !clauseCounts(category, text))
      return { ...each, score: threshold * 0.99 };
    if (each.score < threshold && clauseStated(category, text))
      return { ...each, score: threshold };
    return each;
  });
}

const VALUE_TYPES: readonly AnswerType[] = ['date', 'duration', 'money', 'place'];

/**
 * For a column typed as a value: when a found clause states it ("The term shall be two years")
 * and a better-scoring one does not ("This Agreement will renew at the end of the Initial Term"),
 * the one that states it answers; the other stays found, and may qualify it.
 */
function valueFirst(
  evidence: Evidence[],
  type: AnswerType,
  threshold: number,
  startIso: string | undefined,
): Evidence[] {
  if (!VALUE_TYPES.includes(type)) return evidence;
  const states = (each: Evidence) =>
    each.score >= threshold &&
    extractValue(
      type,
      each.category,
      each.pageText.slice(each.start, each.end),
      startIso ? { startIso } : {},
    ) !== null;
  if (!evidence.some(states)) return evidence;
  return evidence.map((each) =>
    each.score < threshold
      ? each
      : states(each)
        ? { ...each, score: Math.max(each.score, threshold + 1e-6) }
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
