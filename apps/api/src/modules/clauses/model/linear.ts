import type { SparseVector } from './features.js';

/**
 * One-vs-rest linear scorer over hashed features: weights laid out feature-major
 * (`weights[bucket * categories + category]`) so one sparse row touches contiguous memory.
 */
export type LinearWeights = {
  categories: number;
  /** Float while training; int8 once quantised, then each category's weights times its scale. */
  weights: Float32Array | Int8Array;
  scales?: Float32Array;
  bias: Float32Array;
};

export function margins(
  model: LinearWeights,
  x: SparseVector,
  out = new Float32Array(model.categories),
) {
  const c = model.categories;
  out.fill(0);
  for (let k = 0; k < x.indices.length; k++) {
    const base = x.indices[k]! * c;
    const value = x.values[k]!;
    for (let j = 0; j < c; j++) out[j]! += model.weights[base + j]! * value;
  }
  for (let j = 0; j < c; j++) out[j] = out[j]! * (model.scales?.[j] ?? 1) + model.bias[j]!;
  return out;
}

export type TrainOptions = {
  hashBits: number;
  categories: number;
  epochs: number;
  learningRate: number;
  /** L2 penalty, applied to the weights a row touches. */
  l2: number;
  /** Extra weight of a positive example (positives are rare for every category). */
  positiveWeight: number;
  /** Per category, replacing positiveWeight (rarer categories weigh more). */
  positiveWeights?: Float32Array;
  seed: number;
};

const MIN_GRADIENT = 1e-3;

export type Example = { x: SparseVector; positives: number[] };

/** Logistic regression by AdaGrad over a seeded shuffle: the same examples give the same weights. */
export function trainLogistic(examples: Example[], options: TrainOptions): LinearWeights {
  const c = options.categories;
  const weights = new Float32Array((1 << options.hashBits) * c);
  const model = { categories: c, weights, bias: new Float32Array(c) };
  const squared = new Float32Array(model.weights.length);
  const biasSquared = new Float32Array(c);
  const z = new Float32Array(c);
  const gradient = new Float32Array(c);
  const activeCategories = new Uint8Array(c);
  const order = Uint32Array.from(examples, (_, i) => i);
  const random = mulberry32(options.seed);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const index of order) {
      const example = examples[index]!;
      margins(model, example.x, z);
      for (let j = 0; j < c; j++) gradient[j] = sigmoid(z[j]!);
      for (const positive of example.positives) {
        gradient[positive] =
          (gradient[positive]! - 1) *
          (options.positiveWeights?.[positive] ?? options.positiveWeight);
      }
      // Categories the example is already well classified for are skipped: most of them, for
      // most segments, which makes an epoch several times faster.
      let active = 0;
      for (let j = 0; j < c; j++) {
        const g = gradient[j]!;
        if (Math.abs(g) < MIN_GRADIENT) continue;
        activeCategories[active++] = j;
        biasSquared[j]! += g * g;
        model.bias[j]! -= (options.learningRate * g) / Math.sqrt(biasSquared[j]! + 1e-8);
      }
      const { indices, values } = example.x;
      for (let k = 0; k < indices.length; k++) {
        const base = indices[k]! * c;
        const value = values[k]!;
        for (let a = 0; a < active; a++) {
          const j = activeCategories[a]!;
          const w = base + j;
          const g = gradient[j]! * value + options.l2 * weights[w]!;
          squared[w]! += g * g;
          weights[w]! -= (options.learningRate * g) / Math.sqrt(squared[w]! + 1e-8);
        }
      }
    }
  }
  return model;
}

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
