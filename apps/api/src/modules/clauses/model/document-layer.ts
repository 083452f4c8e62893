import type { Segment } from './segment.js';

/**
 * A document's score profile for one category, the input of the document layer: whether a
 * category is present is better read from the best clause, the runner-up and how many clauses
 * look like it than from the best clause alone.
 */
export function documentProfile(
  segments: Segment[],
  scores: Float32Array[],
  category: number,
): number[] {
  let best = 0;
  let second = 0;
  let above50 = 0;
  let above20 = 0;
  for (const row of scores) {
    const p = row[category]!;
    if (p > best) {
      second = best;
      best = p;
    } else if (p > second) second = p;
    if (p >= 0.5) above50++;
    if (p >= 0.2) above20++;
  }
  return [
    logit(best),
    logit(second),
    Math.log1p(above50),
    Math.log1p(above20),
    Math.log1p(segments.length) / 5,
  ];
}

function logit(p: number): number {
  const clamped = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(clamped / (1 - clamped));
}
