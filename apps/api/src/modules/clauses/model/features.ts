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
  return (text.toLowerCase().match(/[a-z]+|\d+/g) ?? []).map((word) =>
    /^\d/.test(word) ? (word.length > 2 ? '#num' : '#n') : word,
  );
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
  const addGroup = (prefix: string, tokens: string[], weight: number) => {
    if (tokens.length === 0) return;
    const unique = new Set(tokens);
    const value = weight / Math.sqrt(unique.size);
    const prefixHash = fnv1a(prefix);
    for (const token of unique) {
      const bucket = fnv1a(token, prefixHash) & mask;
      if (features[bucket] === 0) touched.push(bucket);
      features[bucket]! += value;
    }
  };
  const words = wordsOf(segment.text);
  const content = contentWordsOf(segment);
  const bigrams = words.slice(1).map((word, i) => `${words[i]}_${word}`);
  addGroup('w:', content, 1);
  addGroup('b:', bigrams, 1);
  if (options.phrases) {
    addGroup(
      't:',
      words.slice(2).map((word, i) => `${words[i]}_${words[i + 1]}_${word}`),
      0.7,
    );
    addGroup(
      's:',
      content.slice(2).map((word, i) => `${content[i]}_${word}`),
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
    if (previous) addGroup('p:', contentWordsOf(previous), 0.5);
    if (next) addGroup('n:', contentWordsOf(next), 0.5);
  }
  const indices = Uint32Array.from(touched).sort();
  const values = Float32Array.from(indices, (bucket) => features[bucket]!);
  for (const bucket of touched) features[bucket] = 0;
  return { indices, values };
}

/**
 * A segment's words without stop words. Each segment's are read three times (as itself and as
 * its neighbours' context), so they are kept per segment object.
 */
const contentWordsCache = new WeakMap<Segment, string[]>();
function contentWordsOf(segment: Segment): string[] {
  let content = contentWordsCache.get(segment);
  if (!content) {
    content = wordsOf(segment.text).filter((word) => !STOP.has(word));
    contentWordsCache.set(segment, content);
  }
  return content;
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
