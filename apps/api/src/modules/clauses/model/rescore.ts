import { sigmoid } from './linear.js';

/**
 * Span rescoring: a segment's probability of being a clause of a category, read together with
 * the document layer's verdict on the category and with the segment's place among the document's
 * candidates. A segment's own probability says how much it looks like the clause; but a
 * candidate in a contract without the category is a false positive however it looks, and a
 * contract's second and third candidates are rarely a second passage. Fitted per category on
 * held-out scores against CUAD's own match criterion, so that candidates of every category and
 * contract rank fairly against each other (CUAD's span figures pool them).
 */
export const RESCORE_INPUTS = 6;

const LIMIT = 10;

function logit(p: number): number {
  const clamped = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.max(-LIMIT, Math.min(LIMIT, Math.log(clamped / (1 - clamped))));
}

/**
 * Per segment, the rescorer's inputs for one category: the segment's logit, the document's
 * presence logit, the gap to the document's best segment, the segment's rank (log), and where
 * it sits (log of its index, and its share of the way through the document: a contract's name,
 * parties and date open it).
 */
export function rescoreInputs(
  scores: Float32Array[],
  documentScore: number,
  category: number,
): number[][] {
  const order = scores.map((_, index) => index);
  order.sort((x, y) => scores[y]![category]! - scores[x]![category]! || x - y);
  const best = logit(scores[order[0]!]?.[category] ?? 0);
  const document = logit(documentScore);
  const inputs = new Array<number[]>(scores.length);
  order.forEach((index, rank) => {
    const own = logit(scores[index]![category]!);
    inputs[index] = [
      own,
      document,
      own - best,
      Math.log1p(rank),
      Math.log1p(index),
      index / scores.length,
    ];
  });
  return inputs;
}

/**
 * The rescored probabilities, per segment in category order. Weights per category: one per input
 * (the first ones of rescoreInputs, as many as were fitted), then the bias.
 */
export function rescore(
  scores: Float32Array[],
  documentScores: number[],
  weights: number[][],
): Float32Array[] {
  const out = scores.map((row) => new Float32Array(row.length));
  weights.forEach((w, j) => {
    rescoreInputs(scores, documentScores[j]!, j).forEach((x, s) => {
      const inputs = w.length - 1;
      let z = w[inputs]!;
      for (let k = 0; k < inputs; k++) z += w[k]! * x[k]!;
      out[s]![j] = sigmoid(z);
    });
  });
  return out;
}
