import type { Category, Evidence } from './answer.types.js';
import { extractValue } from './values/extract-value.js';

/** Where an agreement's terms run from: its effective date, else its agreement date. */
export const START_DATE_CATEGORIES: readonly Category[] = ['Effective Date', 'Agreement Date'];

/** The date a document's terms run from (ISO, or its year or month only) and the passage that states it. */
export type StartDate = { iso: string; evidence: Evidence };

/**
 * The date a document's terms run from, read from its evidence: the best-scoring passage at or
 * above `threshold` of its effective date, else of its agreement date, that states a whole date;
 * else the first that states its month or year only ("dated as of ____, 2020" → `2020`).
 * Lets "expires three years after the Effective Date" be answered as a date (`2023`).
 */
export function startOf(
  evidence: readonly Evidence[],
  documentId: number,
  threshold: number,
): StartDate | undefined {
  let partial: StartDate | undefined;
  for (const category of START_DATE_CATEGORIES) {
    const passages = evidence
      .filter(
        (each) =>
          each.documentId === documentId && each.category === category && each.score >= threshold,
      )
      .sort((a, b) => b.score - a.score);
    for (const passage of passages) {
      const value = extractValue(
        'date',
        category,
        passage.pageText.slice(passage.start, passage.end),
      );
      if (value && /^\d{4}-\d{2}-\d{2}$/.test(value.value))
        return { iso: value.value, evidence: passage };
      if (value && /^\d{4}(?:-\d{2})?$/.test(value.value))
        partial ??= { iso: value.value, evidence: passage };
    }
  }
  return partial;
}

/** The ISO date of `startOf`. */
export function startDateOf(
  evidence: readonly Evidence[],
  documentId: number,
  threshold: number,
): string | undefined {
  return startOf(evidence, documentId, threshold)?.iso;
}
