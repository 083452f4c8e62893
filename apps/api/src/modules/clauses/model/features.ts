import type { Segment } from './segment.js';

/**
 * Hashed sparse features of a segment: its word uni- and bigrams, its section heading's words,
 * the words of its neighbours (context: a clause's meaning often continues over sentences), and
 * where it sits in the document. Each group is scaled to unit length so long clauses do not
 * outweigh short ones.
 */
export type SparseVector = { indices: Uint32Array; values: Float32Array };

export type FeatureOptions = {
  hashBits: number;
  /** Words of the segments before and after. */
  context: boolean;
  /** Words of the segment's outline (the heading above its section, the section's first sentence). */
  outline?: boolean;
  /** Word trigrams of the segment, and its words seen two apart (skip-bigrams). */
  phrases?: boolean;
};

const STOP = new Set([
  'the',
  'of',
  'and',
  'a',
  'an',
  'to',
  'in',
  'or',
  'by',
  'be',
  'is',
  'as',
  'at',
  'on',
]);

export function wordsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z]+|\d+/g) ?? [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word.charCodeAt(0) <= 57) words[i] = word.length > 2 ? '#num' : '#n';
  }
  return words;
}

/**
 * A segment's words as the features and the exemplar lookup read them, worked out once per
 * segment object (each segment is read as itself and as its two neighbours' context).
 */
export type SegmentWords = {
  words: string[];
  /** The distinct words, in order of first occurrence. */
  distinct: string[];
  /** Per word, its index in `distinct`. */
  ids: Uint32Array;
  /** The distinct words but stop words, in order of first occurrence. */
  content: string[];
};

const segmentWordsCache = new WeakMap<Segment, SegmentWords>();

export function segmentWordsOf(segment: Segment): SegmentWords {
  let cached = segmentWordsCache.get(segment);
  if (!cached) {
    cached = textWordsOf(segment.text);
    segmentWordsCache.set(segment, cached);
  }
  return cached;
}

export function textWordsOf(text: string): SegmentWords {
  const words = wordsOf(text);
  const idOf = new Map<string, number>();
  const distinct: string[] = [];
  const ids = new Uint32Array(words.length);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    let id = idOf.get(word);
    if (id === undefined) {
      id = distinct.length;
      idOf.set(word, id);
      distinct.push(word);
    }
    ids[i] = id;
  }
  return { words, distinct, ids, content: distinct.filter((word) => !STOP.has(word)) };
}

/**
 * One dense array per hash size, reused by every call and zeroed after it: summing into it is
 * the same float64 arithmetic as a map of buckets, without a map entry per feature.
 */
const scratch = new Map<number, Float64Array>();
function scratchFor(hashBits: number): Float64Array {
  let array = scratch.get(hashBits);
  if (!array) {
    array = new Float64Array(1 << hashBits);
    scratch.set(hashBits, array);
  }
  return array;
}

export function segmentFeatures(
  segments: Segment[],
  index: number,
  options: FeatureOptions,
): SparseVector {
  const segment = segments[index]!;
  const features = scratchFor(options.hashBits);
  const touched: number[] = [];
  const mask = (1 << options.hashBits) - 1;
  // Every token of a group adds the same value, so only the order of the groups matters to the
  // sums; within a group, tokens are hashed in whatever order is cheapest.
  const addBuckets = (buckets: number[], weight: number) => {
    if (buckets.length === 0) return;
    const value = weight / Math.sqrt(buckets.length);
    for (const bucket of buckets) {
      if (features[bucket] === 0) touched.push(bucket);
      features[bucket]! += value;
    }
  };
  const hashed = (prefix: string, distinctTokens: string[]) => {
    const prefixHash = fnv1a(prefix);
    return distinctTokens.map((token) => fnv1a(token, prefixHash) & mask);
  };
  const addGroup = (prefix: string, tokens: string[], weight: number) =>
    addBuckets(hashed(prefix, [...new Set(tokens)]), weight);
  const { words, distinct, ids, content } = segmentWordsOf(segment);
  addBuckets(hashed('w:', content), 1);
  addBuckets(bigramBuckets(words, distinct, ids, mask), 1);
  if (options.phrases) {
    const contentWords = words.filter((word) => !STOP.has(word));
    addGroup(
      't:',
      words.slice(2).map((word, i) => `${words[i]}_${words[i + 1]}_${word}`),
      0.7,
    );
    addGroup(
      's:',
      contentWords.slice(2).map((word, i) => `${contentWords[i]}_${word}`),
      0.5,
    );
  }
  if (options.outline && segment.outline)
    addGroup(
      'o:',
      wordsOf(segment.outline).filter((word) => !STOP.has(word)),
      0.5,
    );
  addGroup(
    'h:',
    wordsOf(segment.heading).filter((word) => !STOP.has(word)),
    0.7,
  );
  const position = Math.min(9, Math.floor((index / Math.max(1, segments.length)) * 10));
  const length = Math.min(6, Math.floor(Math.log2(1 + words.length)));
  addGroup('', [`pos:${position}`, `len:${length}`, segment.isTitle ? 'title' : 'body', 'bias'], 1);
  if (options.context) {
    const previous = segments[index - 1];
    const next = segments[index + 1];
    if (previous) addBuckets(hashed('p:', segmentWordsOf(previous).content), 0.5);
    if (next) addBuckets(hashed('n:', segmentWordsOf(next).content), 0.5);
  }
  const indices = Uint32Array.from(touched).sort();
  const values = new Float32Array(indices.length);
  for (let k = 0; k < indices.length; k++) values[k] = features[indices[k]!]!;
  for (const bucket of touched) features[bucket] = 0;
  return { indices, values };
}

/**
 * The buckets of the distinct bigrams "a_b" (prefix 'b:'), without building their strings: a
 * bigram is told by its two words' ids, and its hash continues the hash of 'b:' + a + '_'.
 */
function bigramBuckets(
  words: string[],
  distinct: string[],
  ids: Uint32Array,
  mask: number,
): number[] {
  const buckets: number[] = [];
  if (words.length < 2) return buckets;
  const prefixHash = fnv1a('b:');
  const leftHash = distinct.map((word) => fnv1a('_', fnv1a(word, prefixHash)));
  const seen = new Set<number>();
  for (let i = 1; i < words.length; i++) {
    const key = ids[i - 1]! * distinct.length + ids[i]!;
    if (seen.has(key)) continue;
    seen.add(key);
    buckets.push(fnv1a(words[i]!, leftHash[ids[i - 1]!]) & mask);
  }
  return buckets;
}

const FNV_OFFSET = 0x811c9dc5;

/**
 * FNV-1a, 32 bits: stable across runs and platforms, so the hashed model is deterministic.
 * `fnv1a(b, fnv1a(a))` equals `fnv1a(a + b)` (the hash runs character by character), so a
 * prefix is hashed once per group rather than once per token.
 */
export function fnv1a(text: string, seed = FNV_OFFSET): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
