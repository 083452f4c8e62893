import type { Segment } from './segment.js';
import { SHORT_SPAN_EXTRACTORS } from './short-spans.js';

/**
 * Within-document re-ranking: the clause shown first for a category is often a near miss (the
 * sentence before the clause, a heading, a definition that names the clause). Per category, a
 * document's best candidates are ordered again by a small learned scorer over what the segment
 * probability alone does not weigh (its exemplar similarity, its neighbours, its length, its
 * place), and take the probabilities of the old order in the new one: the document's scores keep
 * their values (the document layer's inputs and decisions are unchanged), only which candidate
 * holds which of them moves. The scorer is one for all categories (the rare ones have few examples), fitted
 * as a conditional logit over each present category's candidates on held-out scores.
 */
export const RERANK_CANDIDATES = 5;
export const RERANK_INPUTS = 13;

/** A re-ranked category: its index and the stems of its name's words ('Anti-Assignment': assig). */
export type RerankedCategory = { index: number; stems: string[] };

const NAME_STOP = new Set([
  'of',
  'on',
  'for',
  'to',
  'or',
  'the',
  'and',
  'all',
  'you',
  'can',
  'eat',
  'non',
  'anti',
]);
const STEM = 5;

function stemsOf(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+/g) ?? []).map((word) => word.slice(0, STEM));
}

const LOGIT_LIMIT = 10;

function logit(p: number): number {
  const clamped = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.max(-LOGIT_LIMIT, Math.min(LOGIT_LIMIT, Math.log(clamped / (1 - clamped))));
}

/** A document's best candidates of a category, best first (ties: earlier segment first). */
export function topCandidates(scores: Float32Array[], category: number, count: number): number[] {
  const top: number[] = [];
  for (let index = 0; index < scores.length; index++) {
    const p = scores[index]![category]!;
    let at = top.length;
    while (at > 0 && scores[top[at - 1]!]![category]! < p) at--;
    if (at < count) {
      top.splice(at, 0, index);
      if (top.length > count) top.pop();
    }
  }
  return top;
}

/**
 * The inputs of each candidate (in the order of `candidates`, best first): its logit and the gap
 * to the best; its rank; its exemplar similarity and the gap to the candidates' best; the
 * neighbours' best logit minus its own (a lead-in's sub-clause, a clause's heading line); its
 * share of the way through the document; its length (log of words); whether it is short (a
 * heading or a table-of-contents line) or a title; whether it has a heading; the share of the
 * category name's words in its heading and outline, and in its own text.
 */
export function rerankInputs(
  segments: Segment[],
  scores: Float32Array[],
  similarities: Float32Array[] | null,
  { index: category, stems }: RerankedCategory,
  candidates: number[],
): number[][] {
  const share = (present: Set<string>) => {
    if (stems.length === 0) return 0;
    return stems.filter((stem) => present.has(stem)).length / stems.length;
  };
  const best = logit(scores[candidates[0]!]![category]!);
  const similarity = (index: number) => similarities?.[index]?.[category] ?? 0;
  const bestSimilarity = Math.max(...candidates.map(similarity));
  return candidates.map((index, rank) => {
    const own = logit(scores[index]![category]!);
    const neighbour = Math.max(
      index > 0 ? logit(scores[index - 1]![category]!) : -LOGIT_LIMIT,
      index + 1 < scores.length ? logit(scores[index + 1]![category]!) : -LOGIT_LIMIT,
    );
    const segment = segments[index]!;
    const { words, contextStems, ownStems } = candidateTextOf(segment);
    return [
      own,
      own - best,
      Math.log1p(rank),
      4 * similarity(index),
      4 * (similarity(index) - bestSimilarity),
      (neighbour - own) / LOGIT_LIMIT,
      index / scores.length,
      Math.log1p(words) / 3,
      words < 8 ? 1 : 0,
      segment.isTitle ? 1 : 0,
      segment.heading ? 1 : 0,
      share(contextStems),
      share(ownStems),
    ];
  });
}

/**
 * What the inputs read of a segment's text, the same for every category: worked out once per
 * segment object, as a segment is a candidate of several categories.
 */
type CandidateText = { words: number; contextStems: Set<string>; ownStems: Set<string> };
const candidateTexts = new WeakMap<Segment, CandidateText>();

function candidateTextOf(segment: Segment): CandidateText {
  let cached = candidateTexts.get(segment);
  if (!cached) {
    cached = {
      words: segment.text.split(/\s+/).filter(Boolean).length,
      contextStems: new Set(stemsOf(`${segment.heading} ${segment.outline ?? ''}`)),
      ownStems: new Set(stemsOf(segment.text)),
    };
    candidateTexts.set(segment, cached);
  }
  return cached;
}

/** Categories read as whole clauses (not phrases such as Parties or dates). */
export function rerankedCategories(categories: readonly string[]): RerankedCategory[] {
  return categories.flatMap((category, index) =>
    SHORT_SPAN_EXTRACTORS[category]
      ? []
      : [
          {
            index,
            stems: stemsOf(category).filter(
              (stem, k, all) => !NAME_STOP.has(stem) && all.indexOf(stem) === k,
            ),
          },
        ],
  );
}

function dot(w: number[], x: number[]): number {
  let z = 0;
  for (let k = 0; k < x.length; k++) z += w[k]! * x[k]!;
  return z;
}

/**
 * The scores with each re-ranked category's best candidates reordered by `weights` (one per
 * input); the candidates take the old order's probabilities, highest to the new first. Categories
 * not in `categories` (phrase categories, whose spans are read differently) keep their order.
 */
export function rerank(
  segments: Segment[],
  scores: Float32Array[],
  similarities: Float32Array[] | null,
  weights: number[],
  categories: RerankedCategory[],
): Float32Array[] {
  const out = scores.map((row) => Float32Array.from(row));
  for (const category of categories) {
    const j = category.index;
    const candidates = topCandidates(scores, j, RERANK_CANDIDATES);
    if (candidates.length < 2) continue;
    const inputs = rerankInputs(segments, scores, similarities, category, candidates);
    const order = candidates
      .map((index, k) => ({ index, k, z: dot(weights, inputs[k]!) }))
      .sort((x, y) => y.z - x.z || x.k - y.k);
    order.forEach(({ index }, k) => (out[index]![j] = scores[candidates[k]!]![j]!));
  }
  return out;
}

/**
 * Fits the re-ranker: a conditional logit (softmax over a group's candidates, the positives
 * sharing the target) by gradient descent with an L2 penalty. Each group is one present
 * category of one document: its candidates' inputs and which lie on a gold passage; groups
 * without a positive or with one candidate teach nothing and are left out by the caller.
 */
export function fitReranker(
  groups: { inputs: number[][]; positives: boolean[] }[],
  l2 = 0.01,
  iterations = 400,
): number[] {
  const w = new Array<number>(RERANK_INPUTS).fill(0);
  // Adam: the inputs differ in scale, and a fixed number of steps keeps the fit deterministic.
  const m = new Array<number>(RERANK_INPUTS).fill(0);
  const v = new Array<number>(RERANK_INPUTS).fill(0);
  const rate = 0.05;
  for (let t = 1; t <= iterations; t++) {
    const gradient = w.map((value) => l2 * value);
    for (const { inputs, positives } of groups) {
      const z = inputs.map((x) => dot(w, x));
      const top = Math.max(...z);
      const e = z.map((value) => Math.exp(value - top));
      const sum = e.reduce((a, b) => a + b, 0);
      const count = positives.filter(Boolean).length;
      inputs.forEach((x, k) => {
        const d = (e[k]! / sum - (positives[k] ? 1 / count : 0)) / groups.length;
        for (let i = 0; i < RERANK_INPUTS; i++) gradient[i]! += d * x[i]!;
      });
    }
    for (let i = 0; i < RERANK_INPUTS; i++) {
      m[i] = 0.9 * m[i]! + 0.1 * gradient[i]!;
      v[i] = 0.999 * v[i]! + 0.001 * gradient[i]! ** 2;
      const mHat = m[i]! / (1 - 0.9 ** t);
      const vHat = v[i]! / (1 - 0.999 ** t);
      w[i]! -= (rate * mHat) / (Math.sqrt(vHat) + 1e-8);
    }
  }
  return w.map((value) => Math.fround(value));
}
