import type { Category, Evidence } from './answer.types.js';
import { extractValue } from './values/extract-value.js';

/** Where an agreement's terms run from: its effective date, else its agreement date. */
export const START_DATE_CATEGORIES: readonly Category[] = ['Effective Date', 'Agreement Date'];

/**
 * The date a document's terms run from (ISO, or its year or month only) and the passage that
 * states it; with the agreement's own date when that is another (a term "from the date hereof"
 * runs from it).
 */
export type StartDate = { iso: string; evidence: Evidence; agreement?: StartDate };

/**
 * The date a document's terms run from, read from its evidence: the best-scoring passage at or
 * above `threshold` of its effective date, else of its agreement date, that states a whole date;
 * else the first that states its month or year only ("dated as of ____, 2020" → `2020`); else
 * the best-scoring candidate under `threshold` that states a whole date (a preamble "as of the
 * Effective Date" leaves the date to a line the clause model scored lower).
 * Lets "expires three years after the Effective Date" be answered as a date (`2023`).
 */
export function startOf(
  evidence: readonly Evidence[],
  documentId: number,
  threshold: number,
): StartDate | undefined {
  const own = evidence.filter(
    (each) => each.documentId === documentId && START_DATE_CATEGORIES.includes(each.category),
  );
  const found = own.filter((each) => each.score >= threshold);
  const start =
    statedIn(found, WHOLE_DATE) ??
    statedIn(found, /^\d{4}(?:-\d{2})?$/) ??
    statedIn(
      own.filter((each) => each.score < threshold),
      WHOLE_DATE,
      'best first',
    );
  const agreement = statedIn(
    found.filter((each) => each.category === 'Agreement Date'),
    WHOLE_DATE,
  );
  return start && agreement && agreement.iso !== start.iso ? { ...start, agreement } : start;
}

const WHOLE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The first passage stating a date of the form, the effective date's before the agreement date's unless `best first`. */
function statedIn(
  passages: readonly Evidence[],
  form: RegExp,
  order: 'by category' | 'best first' = 'by category',
): StartDate | undefined {
  const rank = (each: Evidence) =>
    order === 'by category' ? START_DATE_CATEGORIES.indexOf(each.category) : 0;
  const sorted = [...passages].sort((a, b) => rank(a) - rank(b) || b.score - a.score);
  for (const passage of sorted) {
    const value = extractValue(
      'date',
      passage.category,
      passage.pageText.slice(passage.start, passage.end),
    );
    if (value && form.test(value.value)) return { iso: value.value, evidence: passage };
  }
  return undefined;
}

/** The ISO date of `startOf`. */
export function startDateOf(
  evidence: readonly Evidence[],
  documentId: number,
  threshold: number,
): string | undefined {
  return startOf(evidence, documentId, threshold)?.iso;
}
