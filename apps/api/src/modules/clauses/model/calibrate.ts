import { sigmoid } from './linear.js';

/** Platt scaling: probability = sigmoid(a * margin + b). */
export type Platt = { a: number; b: number };

/**
 * Fits Platt's parameters by Newton's method on held-out margins, with Platt's smoothed targets
 * (so a category with few positives does not get probabilities of exactly 0 or 1).
 */
export function fitPlatt(scores: ArrayLike<number>, labels: ArrayLike<boolean>): Platt {
  let positives = 0;
  for (let i = 0; i < labels.length; i++) if (labels[i]) positives++;
  const negatives = labels.length - positives;
  if (positives === 0 || negatives === 0) return { a: 1, b: 0 };
  const high = (positives + 1) / (positives + 2);
  const low = 1 / (negatives + 2);
  let a = 1;
  let b = 0;
  for (let iteration = 0; iteration < 50; iteration++) {
    let ga = 0;
    let gb = 0;
    let haa = 1e-9;
    let hab = 0;
    let hbb = 1e-9;
    for (let i = 0; i < scores.length; i++) {
      const s = scores[i]!;
      const p = sigmoid(a * s + b);
      const d = p - (labels[i] ? high : low);
      const w = Math.max(p * (1 - p), 1e-12);
      ga += d * s;
      gb += d;
      haa += w * s * s;
      hab += w * s;
      hbb += w;
    }
    const det = haa * hbb - hab * hab;
    if (Math.abs(det) < 1e-18) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-9) break;
  }
  return { a, b };
}

/**
 * The threshold that maximises F1 of "score ≥ threshold" against the labels (ties broken toward
 * the higher threshold); `fallback` when there are no positives.
 */
export function bestF1Threshold(
  scores: ArrayLike<number>,
  labels: ArrayLike<boolean>,
  fallback = 0.5,
): number {
  const order = Array.from({ length: scores.length }, (_, i) => i).sort(
    (x, y) => scores[y]! - scores[x]!,
  );
  let total = 0;
  for (let i = 0; i < labels.length; i++) if (labels[i]) total++;
  if (total === 0) return fallback;
  let best = -1;
  let threshold = fallback;
  let truePositives = 0;
  for (let rank = 0; rank < order.length; rank++) {
    const index = order[rank]!;
    if (labels[index]) truePositives++;
    const next = order[rank + 1];
    if (next !== undefined && scores[next] === scores[index]) continue;
    const f1 = (2 * truePositives) / (rank + 1 + total);
    if (f1 > best) {
      best = f1;
      threshold = scores[index]!;
    }
  }
  return threshold;
}
