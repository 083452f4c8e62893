/**
 * The figures of issue 14 §4. Span level follows CUAD's own evaluation: a prediction is correct
 * when the word-set Jaccard similarity with a gold passage of the same category and contract is
 * at least 0.5; at each threshold, a gold passage matched by a prediction above it is a true
 * positive (else a false negative) and a prediction matching none is a false positive; precision
 * is true positives / (true positives + false positives), as CUAD's evaluate.py counts.
 */

/** CUAD's normalisation (SQuAD's): lower case, no punctuation, no articles, words as a set. */
export function wordSet(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && word !== 'a' && word !== 'an' && word !== 'the');
  return new Set(words);
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

export type PrCurve = { precision: number[]; recall: number[] };

/** Area under a precision-recall curve (step-wise: each recall gain at its precision). */
export function areaUnder(curve: PrCurve): number {
  let area = 0;
  let previousRecall = 0;
  curve.recall.forEach((recall, k) => {
    area += (recall - previousRecall) * curve.precision[k]!;
    previousRecall = recall;
  });
  return area;
}

/** The best precision at a recall of at least `target` (0 when the recall is never reached). */
export function precisionAtRecall(curve: PrCurve, target: number): number {
  let best = 0;
  curve.recall.forEach((recall, k) => {
    if (recall >= target - 1e-12) best = Math.max(best, curve.precision[k]!);
  });
  return best;
}

/** Precision-recall of ranked binary decisions (documents), thresholds at every distinct score. */
export function binaryCurve(scores: number[], labels: boolean[]): PrCurve {
  const order = scores.map((_, i) => i).sort((x, y) => scores[y]! - scores[x]!);
  const total = labels.filter(Boolean).length;
  const curve: PrCurve = { precision: [], recall: [] };
  let truePositives = 0;
  order.forEach((index, rank) => {
    if (labels[index]) truePositives++;
    const next = order[rank + 1];
    if (next !== undefined && scores[next] === scores[index]) return;
    curve.precision.push(truePositives / (rank + 1));
    curve.recall.push(total === 0 ? 0 : truePositives / total);
  });
  return curve;
}

/** A predicted span of one contract, with the gold passages (word sets) it matches. */
export type SpanPrediction = { score: number; matches: number[] };
export type SpanContract = { goldCount: number; predictions: SpanPrediction[] };

/**
 * CUAD's span-level curve, pooled over the given contract×category cells: thresholds at every
 * distinct prediction score, from the highest down.
 */
export function spanCurve(cells: SpanContract[]): PrCurve {
  const events: { score: number; cell: number; prediction: SpanPrediction }[] = [];
  cells.forEach((cell, index) =>
    cell.predictions.forEach((prediction) =>
      events.push({ score: prediction.score, cell: index, prediction }),
    ),
  );
  events.sort((x, y) => y.score - x.score);
  const totalGold = cells.reduce((sum, cell) => sum + cell.goldCount, 0);
  const matched = cells.map(() => new Set<number>());
  let truePositives = 0;
  let falsePositives = 0;
  const curve: PrCurve = { precision: [], recall: [] };
  events.forEach((event, k) => {
    if (event.prediction.matches.length === 0) falsePositives++;
    for (const gold of event.prediction.matches) {
      if (!matched[event.cell]!.has(gold)) {
        matched[event.cell]!.add(gold);
        truePositives++;
      }
    }
    const next = events[k + 1];
    if (next !== undefined && next.score === event.score) return;
    curve.precision.push(truePositives / (truePositives + falsePositives || 1));
    curve.recall.push(totalGold === 0 ? 0 : truePositives / totalGold);
  });
  return curve;
}

export type Counts = { truePositives: number; falsePositives: number; falseNegatives: number };

export function f1Of(counts: Counts): { precision: number; recall: number; f1: number } {
  const { truePositives: tp, falsePositives: fp, falseNegatives: fn } = counts;
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}
