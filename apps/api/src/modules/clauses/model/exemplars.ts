import { type SegmentWords, textWordsOf, wordsOf } from './features.js';

/**
 * Exemplars: lawyers' passages of a category are often near-boilerplate, so a segment close to a
 * training passage of a category (TF-IDF cosine over word uni- and bigrams) is evidence the linear
 * scorer, which weighs words one by one, does not see. An inverted index over each passage's top
 * terms keeps the lookup fast and the stored index small.
 */
export type StoredExemplars = {
  /** Terms met in two passages or kept by one, and their inverse document frequency ×100. */
  terms: string[];
  idf: number[];
  /** How many passages the IDF was counted over (a term not in `terms` gets log(passages)). */
  passages: number;
  /** Per kept passage: its category; its top terms and their weights (×255) from `offsets[i]`. */
  categories: number[];
  offsets: number[];
  termIds: number[];
  weights: number[];
};

export type ExemplarPassage = { category: number; text: string };

const STOP = new Set(['the', 'of', 'and', 'a', 'an', 'to', 'in', 'or', 'by', 'be', 'is', 'as']);
/** Terms kept per passage: enough for the passage's identity, small enough to store. */
export const TERMS_PER_PASSAGE = 24;
const WEIGHT_SCALE = 255;
const IDF_SCALE = 100;

function termCounts(text: string): Map<string, number> {
  const words = wordsOf(text);
  const counts = new Map<string, number>();
  const add = (term: string) => counts.set(term, (counts.get(term) ?? 0) + 1);
  for (const word of words) if (!STOP.has(word)) add(word);
  for (let i = 1; i < words.length; i++) add(`${words[i - 1]}_${words[i]}`);
  return counts;
}

/** Builds the index from passages (deduplicated per category by their terms); deterministic. */
export function buildExemplars(passages: ExemplarPassage[]): StoredExemplars {
  const seen = new Set<string>();
  const kept: { category: number; counts: Map<string, number> }[] = [];
  for (const passage of passages) {
    const counts = termCounts(passage.text);
    if (counts.size === 0) continue;
    const key = `${passage.category}|${[...counts.keys()].sort().join(' ')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push({ category: passage.category, counts });
  }
  const frequency = new Map<string, number>();
  for (const { counts } of kept) {
    for (const term of counts.keys()) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  }
  const idfOf = (term: string) => Math.log(kept.length / frequency.get(term)!);
  const vectors = kept.map(({ category, counts }) => {
    const vector = [...counts.entries()].map(([term, count]) => ({
      term,
      weight: (1 + Math.log(count)) * idfOf(term),
    }));
    const norm = Math.sqrt(vector.reduce((sum, { weight }) => sum + weight * weight, 0));
    // A passage keeps its top terms (its rarest words first: what makes it this passage); the
    // norm counts all of them, so a pruned passage never looks closer than it is.
    const top = vector
      .filter(({ weight }) => weight > 0)
      .sort((x, y) => y.weight - x.weight || (x.term < y.term ? -1 : 1))
      .slice(0, TERMS_PER_PASSAGE);
    return { category, norm, top };
  });
  // The vocabulary: the kept terms, and every term met twice (a query's norm needs its IDF).
  const vocabulary = new Set(
    [...frequency.entries()].filter(([, count]) => count >= 2).map(([term]) => term),
  );
  for (const { top } of vectors) for (const { term } of top) vocabulary.add(term);
  const terms = [...vocabulary].sort();
  const termId = new Map(terms.map((term, i) => [term, i]));
  const stored: StoredExemplars = {
    terms,
    idf: terms.map((term) => Math.round(idfOf(term) * IDF_SCALE)),
    passages: kept.length,
    categories: [],
    offsets: [],
    termIds: [],
    weights: [],
  };
  for (const { category, norm, top } of vectors) {
    if (top.length === 0 || norm === 0) continue;
    stored.categories.push(category);
    stored.offsets.push(stored.termIds.length);
    for (const { term, weight } of top) {
      stored.termIds.push(termId.get(term)!);
      stored.weights.push(Math.max(1, Math.round((weight / norm) * WEIGHT_SCALE)));
    }
  }
  return stored;
}

type VocabularyWord = { index: number; term: number; bigrams: Map<number, number> | null };

/** The index ready for lookups: postings per term, flattened into typed arrays. */
export class ExemplarIndex {
  /**
   * Every word of the terms, looked up once per distinct word of a query: its own term's id (-1
   * when not a term), and the ids of the bigram terms it starts, by their second word's index.
   */
  private readonly vocabulary = new Map<string, VocabularyWord>();
  private readonly idf: Float32Array;
  private readonly defaultIdf: number;
  private readonly passageCategory: Uint8Array;
  /** Term t's postings are `postingPassages/postingWeights[postingStart[t] .. postingStart[t + 1])`. */
  private readonly postingStart: Uint32Array;
  private readonly postingPassages: Uint32Array;
  private readonly postingWeights: Float32Array;
  /** Scratch space reused by every lookup (float32, as the stored weights: sums stay bit-identical). */
  private readonly accumulator: Float32Array;
  private readonly touched: Uint32Array;

  constructor(
    stored: StoredExemplars,
    readonly categories: number,
  ) {
    const wordOf = (word: string) => {
      let entry = this.vocabulary.get(word);
      if (!entry) {
        entry = { index: this.vocabulary.size, term: -1, bigrams: null };
        this.vocabulary.set(word, entry);
      }
      return entry;
    };
    stored.terms.forEach((term, i) => {
      // Words never hold '_' (wordsOf), so the first one splits a bigram.
      const split = term.indexOf('_');
      if (split < 0) {
        wordOf(term).term = i;
        return;
      }
      const left = wordOf(term.slice(0, split));
      const right = wordOf(term.slice(split + 1));
      (left.bigrams ??= new Map()).set(right.index, i);
    });
    this.idf = Float32Array.from(stored.idf, (value) => value / IDF_SCALE);
    this.defaultIdf = Math.log(Math.max(1, stored.passages));
    this.passageCategory = Uint8Array.from(stored.categories);
    const passageCount = stored.categories.length;
    const entries = stored.termIds.length;
    this.postingStart = new Uint32Array(stored.terms.length + 1);
    for (let k = 0; k < entries; k++) this.postingStart[stored.termIds[k]! + 1]!++;
    for (let t = 0; t < stored.terms.length; t++) {
      this.postingStart[t + 1]! += this.postingStart[t]!;
    }
    // Filled passage by passage, so each term's postings keep the passages' order.
    const next = this.postingStart.slice(0, stored.terms.length);
    this.postingPassages = new Uint32Array(entries);
    this.postingWeights = new Float32Array(entries);
    for (let p = 0; p < passageCount; p++) {
      const end = stored.offsets[p + 1] ?? entries;
      for (let k = stored.offsets[p]!; k < end; k++) {
        const slot = next[stored.termIds[k]!]!++;
        this.postingPassages[slot] = p;
        this.postingWeights[slot] = stored.weights[k]! / WEIGHT_SCALE;
      }
    }
    this.accumulator = new Float32Array(passageCount);
    this.touched = new Uint32Array(passageCount);
  }

  /** Per category: the cosine similarity of the text to its closest passage (0 to 1). */
  similarities(text: string): Float32Array {
    return this.similaritiesOfWords(textWordsOf(text));
  }

  /**
   * The same from the text's words (segmentWordsOf): the terms of termCounts in its order (words
   * but stop words, then bigrams, each at its first occurrence), counted by word ids.
   */
  similaritiesOfWords({ words, distinct, ids }: SegmentWords): Float32Array {
    const best = new Float32Array(this.categories);
    let norm = 0;
    const queryIds: number[] = [];
    const queryWeights: number[] = [];
    const addTerm = (id: number | undefined, count: number) => {
      const weight = (1 + Math.log(count)) * (id === undefined ? this.defaultIdf : this.idf[id]!);
      norm += weight * weight;
      if (id !== undefined && weight > 0) {
        queryIds.push(id);
        queryWeights.push(weight);
      }
    };
    const wordCounts = new Uint32Array(distinct.length);
    for (const id of ids) wordCounts[id]!++;
    const known = distinct.map((word) => this.vocabulary.get(word));
    distinct.forEach((word, id) => {
      const term = known[id]?.term ?? -1;
      if (!STOP.has(word)) addTerm(term < 0 ? undefined : term, wordCounts[id]!);
    });
    const bigramSlot = new Map<number, number>();
    const bigramEnds: number[] = [];
    const bigramCounts: number[] = [];
    for (let i = 1; i < words.length; i++) {
      const key = ids[i - 1]! * distinct.length + ids[i]!;
      const slot = bigramSlot.get(key);
      if (slot !== undefined) bigramCounts[slot]!++;
      else {
        bigramSlot.set(key, bigramEnds.length);
        bigramEnds.push(i);
        bigramCounts.push(1);
      }
    }
    bigramEnds.forEach((i, slot) => {
      const right = known[ids[i]!];
      const term = right && known[ids[i - 1]!]?.bigrams?.get(right.index);
      addTerm(term ?? undefined, bigramCounts[slot]!);
    });
    if (norm === 0) return best;
    const scale = 1 / Math.sqrt(norm);
    const { accumulator, touched, postingStart, postingPassages, postingWeights } = this;
    let touchedCount = 0;
    for (let q = 0; q < queryIds.length; q++) {
      const id = queryIds[q]!;
      // (weight × scale) × posting weight, as before the product was hoisted: the same sums.
      const scaled = queryWeights[q]! * scale;
      const end = postingStart[id + 1]!;
      for (let k = postingStart[id]!; k < end; k++) {
        const p = postingPassages[k]!;
        if (accumulator[p] === 0) touched[touchedCount++] = p;
        accumulator[p]! += scaled * postingWeights[k]!;
      }
    }
    for (let i = 0; i < touchedCount; i++) {
      const p = touched[i]!;
      const category = this.passageCategory[p]!;
      if (accumulator[p]! > best[category]!) best[category] = Math.min(1, accumulator[p]!);
      accumulator[p] = 0;
    }
    return best;
  }
}

const LOGIT_LIMIT = 10;

/** The fusion's inputs for one segment and category: its probability's logit and its similarity. */
export function fusionInputs(probability: number, similarity: number): number[] {
  return [clampedLogit(probability), similarity];
}

function clampedLogit(probability: number): number {
  const p = Math.min(1 - 1e-6, Math.max(1e-6, probability));
  return Math.max(-LOGIT_LIMIT, Math.min(LOGIT_LIMIT, Math.log(p / (1 - p))));
}

/** Each segment's probabilities fused with its similarities (per category: weights then bias). */
export function fuseExemplars(
  scores: Float32Array[],
  similarities: Float32Array[],
  fusion: number[][],
): Float32Array[] {
  return scores.map((row, s) => {
    const fused = new Float32Array(row.length);
    const similarity = similarities[s]!;
    for (let j = 0; j < row.length; j++) {
      const w = fusion[j]!;
      fused[j] =
        1 / (1 + Math.exp(-(w[0]! * clampedLogit(row[j]!) + w[1]! * similarity[j]! + w[2]!)));
    }
    return fused;
  });
}

/** Per category: the document's best similarity over its segments. */
export function bestSimilarities(similarities: Float32Array[]): number[] {
  const best: number[] = [];
  for (const row of similarities) {
    row.forEach((value, j) => (best[j] = Math.max(best[j] ?? 0, value)));
  }
  return best;
}
