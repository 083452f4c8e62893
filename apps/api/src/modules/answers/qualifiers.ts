import type { Evidence } from './answer.types.js';
import { sentencesIn, type PageSpan } from './sentence-cut.js';

/** Words that make a sentence change the answer: exceptions, conditions, time limits. */
const QUALIFIER =
  /\b(?:except|unless|provided(?:,)? (?:that|however)|subject to|notwithstanding|only if|if and only if|following the|after the (?:initial|first)|until|within|limited to|non-exclusive|shall not apply|other than|in the event)\b/i;

export type Qualifier = { evidence: Evidence; span: PageSpan };

/**
 * Up to `limit` sentences of the same document that qualify the main clause: first from the
 * document's other clause spans of the asked categories (strongest first), then from the rest of
 * the main span; only sentences with a qualifying word, never overlapping the quoted sentence or
 * each other.
 */
export function findQualifiers(
  main: Evidence,
  quoted: PageSpan,
  others: readonly Evidence[],
  limit: number,
  /** Other sentences the answer quotes already. */
  alsoQuoted: readonly Qualifier[] = [],
): Qualifier[] {
  const chosen: Qualifier[] = [];
  const taken: Qualifier[] = [{ evidence: main, span: quoted }, ...alsoQuoted];
  const overlaps = (evidence: Evidence, span: PageSpan) =>
    taken.some(
      (used) =>
        used.evidence.pageNumber === evidence.pageNumber &&
        span.start < used.span.end &&
        used.span.start < span.end,
    );
  for (const evidence of [...others, main]) {
    for (const span of sentencesIn(evidence.pageText, evidence.start, evidence.end)) {
      if (chosen.length >= limit) return chosen;
      if (overlaps(evidence, span)) continue;
      if (!QUALIFIER.test(evidence.pageText.slice(span.start, span.end))) continue;
      chosen.push({ evidence, span });
      taken.push({ evidence, span });
    }
  }
  return chosen;
}
