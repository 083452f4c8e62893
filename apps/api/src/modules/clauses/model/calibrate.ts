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

/**
 * L2-regularised logistic regression on a few dense inputs by Newton's method (weights, then the
 * bias, which is not penalised): exact and quick for the small heads fitted on held-out scores.
 */
export function fitNewtonLogistic(
  rows: ArrayLike<number>[],
  labels: ArrayLike<boolean>,
  l2: number,
  iterations = 25,
): number[] {
  const width = rows[0]?.length ?? 0;
  const size = width + 1;
  const w = new Array<number>(size).fill(0);
  for (let iteration = 0; iteration < iterations; iteration++) {
    const gradient = new Array<number>(size).fill(0);
    const hessian = Array.from({ length: size }, () => new Array<number>(size).fill(0));
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      let z = w[width]!;
      for (let k = 0; k < width; k++) z += w[k]! * row[k]!;
      const p = sigmoid(z);
      const d = p - (labels[i] ? 1 : 0);
      const h = Math.max(p * (1 - p), 1e-12);
      for (let k = 0; k < size; k++) {
        const xk = k < width ? row[k]! : 1;
        gradient[k]! += d * xk;
        for (let m = 0; m <= k; m++) hessian[k]![m]! += h * xk * (m < width ? row[m]! : 1);
      }
    }
    for (let k = 0; k < size; k++) {
      for (let m = 0; m < k; m++) hessian[m]![k] = hessian[k]![m]!;
      if (k < width) {
        gradient[k]! += l2 * w[k]!;
        hessian[k]![k]! += l2;
      } else hessian[k]![k]! += 1e-9;
    }
    const step = solve(hessian, gradient);
    let change = 0;
    for (let k = 0; k < size; k++) {
      w[k]! -= step[k]!;
      change += Math.abs(step[k]!);
    }
    if (change < 1e-8) break;
  }
  return w.map((value) => Math.fround(value));
}

/** Solves a x = b by Gaussian elimination with partial pivoting (a is small and positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++)
      if (Math.abs(m[row]![col]!) > Math.abs(m[pivot]![col]!)) pivot = row;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const lead = m[col]![col]! || 1e-12;
    for (let row = col + 1; row < n; row++) {
      const factor = m[row]![col]! / lead;
      for (let k = col; k <= n; k++) m[row]![k]! -= factor * m[col]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row--) {
    let sum = m[row]![n]!;
    for (let k = row + 1; k < n; k++) sum -= m[row]![k]! * x[k]!;
    x[row] = sum / (m[row]![row]! || 1e-12);
  }
  return x;
}
