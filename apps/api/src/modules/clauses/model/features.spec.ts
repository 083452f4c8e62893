import { describe, expect, it } from '@jest/globals';
import { fnv1a, segmentFeatures, wordsOf } from './features.js';
import { margins, mulberry32 } from './linear.js';
import type { Segment } from './segment.js';

const segment = (text: string, heading = ''): Segment => ({
  pieces: [],
  text,
  heading,
  isTitle: false,
});

describe('segmentFeatures', () => {
  const options = { hashBits: 18, context: true };

  it('weighs each distinct word and bigram once per group, the group scaled to unit length', () => {
    const segments = [segment('Licensee shall pay the fee; the fee is due monthly.')];
    const { indices, values } = segmentFeatures(segments, 0, options);
    const mask = (1 << options.hashBits) - 1;
    const content = ['licensee', 'shall', 'pay', 'fee', 'due', 'monthly'];
    const words = wordsOf(segments[0]!.text);
    const bigrams = new Set(words.slice(1).map((word, i) => `${words[i]}_${word}`));
    const expected = new Map<number, number>();
    const add = (prefix: string, tokens: string[]) => {
      for (const token of tokens) {
        const bucket = fnv1a(prefix + token) & mask;
        expected.set(bucket, (expected.get(bucket) ?? 0) + 1 / Math.sqrt(tokens.length));
      }
    };
    add('w:', content);
    add('b:', [...bigrams]);
    add('', [
      'pos:0',
      `len:${Math.min(6, Math.floor(Math.log2(1 + words.length)))}`,
      'body',
      'bias',
    ]);
    expect([...indices]).toEqual([...expected.keys()].sort((x, y) => x - y));
    [...indices].forEach((bucket, k) => expect(values[k]).toBeCloseTo(expected.get(bucket)!, 6));
  });

  it('reads the content words of the segments around it', () => {
    const segments = [segment('Alpha beta.'), segment('Gamma delta.'), segment('Epsilon zeta.')];
    const { indices } = segmentFeatures(segments, 1, options);
    const mask = (1 << options.hashBits) - 1;
    for (const token of ['p:alpha', 'p:beta', 'n:epsilon', 'n:zeta', 'w:gamma']) {
      expect([...indices]).toContain(fnv1a(token) & mask);
    }
  });
});

/**
 * The former segmentFeatures, every token's string built and deduplicated by a Set, the buckets
 * summed in a map in group order: the cheaper one must give the same vector bit for bit.
 */
function referenceFeatures(segments: Segment[], index: number, hashBits: number) {
  const stop = new Set(['the', 'of', 'and', 'a', 'an', 'to', 'in', 'or', 'by', 'be', 'is', 'as']);
  ['at', 'on'].forEach((word) => stop.add(word));
  const content = (text: string) => wordsOf(text).filter((word) => !stop.has(word));
  const mask = (1 << hashBits) - 1;
  const sums = new Map<number, number>();
  const addGroup = (prefix: string, tokens: string[], weight: number) => {
    const unique = new Set(tokens);
    for (const token of unique) {
      const bucket = fnv1a(prefix + token) & mask;
      sums.set(bucket, (sums.get(bucket) ?? 0) + weight / Math.sqrt(unique.size));
    }
  };
  const segment = segments[index]!;
  const words = wordsOf(segment.text);
  addGroup('w:', content(segment.text), 1);
  addGroup(
    'b:',
    words.slice(1).map((word, i) => `${words[i]}_${word}`),
    1,
  );
  addGroup('h:', content(segment.heading), 0.7);
  const position = Math.min(9, Math.floor((index / segments.length) * 10));
  const length = Math.min(6, Math.floor(Math.log2(1 + words.length)));
  addGroup('', [`pos:${position}`, `len:${length}`, 'body', 'bias'], 1);
  if (index > 0) addGroup('p:', content(segments[index - 1]!.text), 0.5);
  if (index + 1 < segments.length) addGroup('n:', content(segments[index + 1]!.text), 0.5);
  const indices = [...sums.keys()].sort((x, y) => x - y);
  return { indices, values: indices.map((bucket) => Math.fround(sums.get(bucket)!)) };
}

describe('segmentFeatures against the string-built reference', () => {
  it('gives the same buckets and sums, repeated words, bigrams and numbers included', () => {
    // Few hash bits, so that groups share buckets and the order of the sums is exercised.
    const hashBits = 6;
    const segments = [
      segment('The fee is the fee: 10 days, 2024 and 3 units at the fee of the fee.', 'Fees'),
      segment('Licensor licenses the licensee; the licensee licenses the licensor on a licence.'),
      segment(
        'No party on or at the 30th day of the term of the term shall assign at all.',
        'Term',
      ),
    ];
    segments.forEach((_, index) => {
      const { indices, values } = segmentFeatures(segments, index, { hashBits, context: true });
      const expected = referenceFeatures(segments, index, hashBits);
      expect([...indices]).toEqual(expected.indices);
      expect([...values]).toEqual(expected.values);
    });
  });
});

describe('margins', () => {
  it('sums in float32, feature by feature, as a Float32Array accumulator does', () => {
    const random = mulberry32(11);
    const categories = 5;
    const weights = Int8Array.from(
      { length: 64 * categories },
      () => Math.floor(random() * 255) - 127,
    );
    const model = {
      categories,
      weights,
      scales: Float32Array.from({ length: categories }, () => random() / 50),
      bias: Float32Array.from({ length: categories }, () => random() - 0.5),
    };
    const indices = Uint32Array.from([1, 5, 9, 17, 40, 63]);
    const x = { indices, values: Float32Array.from(indices, () => random()) };
    const expected = new Float32Array(categories);
    for (let k = 0; k < indices.length; k++) {
      for (let j = 0; j < categories; j++) {
        expected[j]! += weights[indices[k]! * categories + j]! * x.values[k]!;
      }
    }
    for (let j = 0; j < categories; j++) {
      expected[j] = expected[j]! * model.scales[j]! + model.bias[j]!;
    }
    expect([...margins(model, x)]).toEqual([...expected]);
  });
});
