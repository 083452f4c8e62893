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

const DIGIT_NINE = 57;

export function wordsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z]+|\d+/g) ?? [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    // A token is letters or digits only, so its first character tells which.
    if (word.charCodeAt(0) <= DIGIT_NINE) words[i] = word.length > 2 ? '#num' : '#n';
  }
  return words;
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
  /** Adds each of the group's tokens once (`unique`: no repeats, in order of first occurrence). */
  const addGroup = (
    prefix: string,
    unique: ReadonlySet<string> | readonly string[],
    weight: number,
  ) => {
    const size = unique instanceof Set ? unique.size : (unique as readonly string[]).length;
    if (size === 0) return;
    const value = weight / Math.sqrt(size);
    const prefixHash = fnv1a(prefix);
    for (const token of unique) {
      const bucket = fnv1a(token, prefixHash) & mask;
      if (features[bucket] === 0) touched.push(bucket);
      features[bucket]! += value;
    }
  };
  const words = segmentWords(segment);
  const content = contentWordsOf(segment);
  addGroup('w:', uniqueContentWordsOf(segment), 1);
  addGroup('b:', new Set(segmentBigrams(segment)), 1);
  if (options.phrases) {
    addGroup(
      't:',
      new Set(words.slice(2).map((word, i) => `${words[i]}_${words[i + 1]}_${word}`)),
      0.7,
    );
    addGroup('s:', new Set(content.slice(2).map((word, i) => `${content[i]}_${word}`)), 0.5);
  }
  if (options.outline && segment.outline)
    addGroup('o:', new Set(wordsOf(segment.outline).filter((word) => !STOP.has(word))), 0.5);
  addGroup('h:', new Set(wordsOf(segment.heading).filter((word) => !STOP.has(word))), 0.7);
  const position = Math.min(9, Math.floor((index / Math.max(1, segments.length)) * 10));
  const length = Math.min(6, Math.floor(Math.log2(1 + words.length)));
  addGroup('', [`pos:${position}`, `len:${length}`, segment.isTitle ? 'title' : 'body', 'bias'], 1);
  if (options.context) {
    const previous = segments[index - 1];
    const next = segments[index + 1];
    if (previous) addGroup('p:', uniqueContentWordsOf(previous), 0.5);
    if (next) addGroup('n:', uniqueContentWordsOf(next), 0.5);
  }
  const indices = sortBuckets(Uint32Array.from(touched), options.hashBits);
  const values = Float32Array.from(indices, (bucket) => features[bucket]!);
  for (const bucket of touched) features[bucket] = 0;
  return { indices, values };
}

/** Every word bigram (`a_b`), in order. */
export function bigramsOf(words: string[]): string[] {
  const bigrams = new Array<string>(Math.max(0, words.length - 1));
  for (let i = 1; i < words.length; i++) bigrams[i - 1] = `${words[i - 1]}_${words[i]}`;
  return bigrams;
}

/**
 * The buckets in ascending order (the input array is reused as scratch): a least-significant-digit
 * radix sort over the hash's bits, several times faster than a comparison sort for a segment's few
 * hundred buckets.
 */
const RADIX_BITS = 9;
export function sortBuckets(
  buckets: Uint32Array<ArrayBuffer>,
  hashBits: number,
): Uint32Array<ArrayBuffer> {
  let from = buckets;
  let to = new Uint32Array(buckets.length);
  const counts = new Uint32Array(1 << RADIX_BITS);
  const digitMask = (1 << RADIX_BITS) - 1;
  for (let shift = 0; shift < hashBits; shift += RADIX_BITS) {
    counts.fill(0);
    for (let i = 0; i < from.length; i++) counts[(from[i]! >>> shift) & digitMask]!++;
    let total = 0;
    for (let d = 0; d < counts.length; d++) {
      const count = counts[d]!;
      counts[d] = total;
      total += count;
    }
    for (let i = 0; i < from.length; i++)
      to[counts[(from[i]! >>> shift) & digitMask]!++] = from[i]!;
    [from, to] = [to, from];
  }
  return from;
}

/**
 * A segment's words, its words without stop words and those without repeats: each segment is
 * read three times (as itself and as its neighbours' context) and by the exemplars, so they are
 * kept per segment object.
 */
const wordsCache = new WeakMap<Segment, string[]>();
export function segmentWords(segment: Segment): string[] {
  let words = wordsCache.get(segment);
  if (!words) {
    words = wordsOf(segment.text);
    wordsCache.set(segment, words);
  }
  return words;
}

/** The same bigram strings for the features and the exemplars: each is built and hashed once. */
const bigramsCache = new WeakMap<Segment, string[]>();
export function segmentBigrams(segment: Segment): string[] {
  let bigrams = bigramsCache.get(segment);
  if (!bigrams) {
    bigrams = bigramsOf(segmentWords(segment));
    bigramsCache.set(segment, bigrams);
  }
  return bigrams;
}

const contentWordsCache = new WeakMap<Segment, string[]>();
function contentWordsOf(segment: Segment): string[] {
  let content = contentWordsCache.get(segment);
  if (!content) {
    content = segmentWords(segment).filter((word) => !STOP.has(word));
    contentWordsCache.set(segment, content);
  }
  return content;
}

const uniqueContentWordsCache = new WeakMap<Segment, string[]>();
function uniqueContentWordsOf(segment: Segment): string[] {
  let unique = uniqueContentWordsCache.get(segment);
  if (!unique) {
    unique = [...new Set(contentWordsOf(segment))];
    uniqueContentWordsCache.set(segment, unique);
  }
  return unique;
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
