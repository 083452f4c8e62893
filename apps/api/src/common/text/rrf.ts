/** The reciprocal rank fusion constant of Cormack et al. (2009), also Elasticsearch's default. */
export const RRF_K = 60;

export type Fused<Id> = { id: Id; score: number };

/**
 * Reciprocal rank fusion: each ranking (best first) gives an item 1 / (k + rank), rank from 1;
 * items are returned by their summed score, best first (ties keep the earlier rankings' order).
 */
export function fuseRankings<Id>(rankings: readonly (readonly Id[])[], k = RRF_K): Fused<Id>[] {
  const scores = new Map<Id, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, index) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + index + 1)));
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}

/** How many hits each ranking contributes before fusion: deep enough for RRF to matter. */
export function candidateCount(k: number): number {
  return Math.max(50, 4 * k);
}
