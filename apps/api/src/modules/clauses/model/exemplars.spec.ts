import { describe, expect, it } from '@jest/globals';
import { segmentWordsOf, wordsOf } from './features.js';
import {
  type StoredExemplars,
  ExemplarIndex,
  bestSimilarities,
  buildExemplars,
  fuseExemplars,
  fusionInputs,
} from './exemplars.js';

const LAW = 0;
const ASSIGNMENT = 1;
const PASSAGES = [
  {
    category: LAW,
    text: 'This Agreement shall be governed by and construed in accordance with the laws of the State of New York.',
  },
  {
    category: LAW,
    text: 'This Agreement is governed by the laws of the State of Delaware, without regard to its conflict of laws rules.',
  },
  {
    category: ASSIGNMENT,
    text: 'Neither party may assign this Agreement without the prior written consent of the other party.',
  },
  {
    category: ASSIGNMENT,
    text: 'Licensee shall not assign or transfer any of its rights under this Agreement without the written consent of Licensor.',
  },
  // The same passage twice is indexed once.
  {
    category: ASSIGNMENT,
    text: 'Neither party may assign this Agreement without the prior written consent of the other party.',
  },
];

/**
 * The former lookup: the query's terms as strings counted in a map (words but stop words, then
 * bigrams), every stored passage's weight read from the stored index, the cosine summed in float32.
 */
function referenceSimilarities(stored: StoredExemplars, categories: number, text: string) {
  const stop = new Set(['the', 'of', 'and', 'a', 'an', 'to', 'in', 'or', 'by', 'be', 'is', 'as']);
  const words = wordsOf(text);
  const counts = new Map<string, number>();
  const add = (term: string) => counts.set(term, (counts.get(term) ?? 0) + 1);
  words.filter((word) => !stop.has(word)).forEach(add);
  words.slice(1).forEach((word, i) => add(`${words[i]}_${word}`));
  const query: { id: number; weight: number }[] = [];
  let norm = 0;
  for (const [term, count] of counts) {
    const id = stored.terms.indexOf(term);
    const idf = id < 0 ? Math.log(stored.passages) : Math.fround(stored.idf[id]! / 100);
    const weight = (1 + Math.log(count)) * idf;
    norm += weight * weight;
    if (id >= 0 && weight > 0) query.push({ id, weight });
  }
  const scale = 1 / Math.sqrt(norm);
  const sums = new Float32Array(stored.categories.length);
  for (const { id, weight } of query) {
    stored.categories.forEach((_, p) => {
      const end = stored.offsets[p + 1] ?? stored.termIds.length;
      for (let k = stored.offsets[p]!; k < end; k++) {
        if (stored.termIds[k] !== id) continue;
        sums[p]! += weight * scale * Math.fround(stored.weights[k]! / 255);
      }
    });
  }
  const best = new Float32Array(categories);
  sums.forEach((sum, p) => {
    const category = stored.categories[p]!;
    if (sum > best[category]!) best[category] = Math.min(1, sum);
  });
  return best;
}

describe('exemplars', () => {
  const stored = buildExemplars(PASSAGES);
  const index = new ExemplarIndex(stored, 2);

  it('indexes each distinct passage once, with its top terms at most', () => {
    expect(stored.categories).toEqual([LAW, LAW, ASSIGNMENT, ASSIGNMENT]);
    expect(stored.offsets).toHaveLength(4);
    expect(stored.weights.every((weight) => weight >= 1 && weight <= 255)).toBe(true);
  });

  it('finds a passage close to itself and to its category', () => {
    const own = index.similarities(PASSAGES[0]!.text);
    expect(own[LAW]).toBeGreaterThan(0.5);
    expect(own[LAW]).toBeGreaterThan(own[ASSIGNMENT]!);
    const reworded = index.similarities(
      'Neither party shall assign this Agreement without the consent of the other party.',
    );
    expect(reworded[ASSIGNMENT]).toBeGreaterThan(0.3);
    expect(reworded[ASSIGNMENT]).toBeGreaterThan(reworded[LAW]!);
  });

  it('scores an unrelated sentence low', () => {
    const unrelated = index.similarities('The Reseller shall pay each invoice within thirty days.');
    expect(Math.max(...unrelated)).toBeLessThan(0.1);
    expect([...index.similarities('')]).toEqual([0, 0]);
  });

  it('gives the string-built reference lookup’s similarities bit for bit', () => {
    const texts = [
      ...PASSAGES.map((passage) => passage.text),
      'The laws of the State of the laws of New York govern; the other party may not assign.',
      'Licensee shall not assign, and Licensee shall not transfer, this Agreement to 2 parties.',
      'An unheard-of phrase 12345.',
    ];
    for (const text of texts) {
      const expected = [...referenceSimilarities(stored, 2, text)];
      expect([...index.similarities(text)]).toEqual(expected);
      const segment = { pieces: [], text, heading: '', isTitle: false };
      expect([...index.similaritiesOfWords(segmentWordsOf(segment))]).toEqual(expected);
    }
  });

  it('builds the same index from the same passages', () => {
    expect(JSON.stringify(buildExemplars(PASSAGES))).toBe(JSON.stringify(stored));
  });

  it('fuses a probability with a similarity and takes a document’s best similarity', () => {
    expect(fusionInputs(0.5, 0.3)).toEqual([0, 0.3]);
    // The first category leans on the similarity, the second keeps its probability.
    const fusion = [
      [1, 4, -2],
      [1, 0, 0],
    ];
    const fused = fuseExemplars([Float32Array.of(0.5, 0.2)], [Float32Array.of(0.9, 0.9)], fusion);
    expect(fused[0]![0]).toBeCloseTo(1 / (1 + Math.exp(-1.6)), 5);
    expect(fused[0]![1]).toBeCloseTo(0.2, 5);
    expect(bestSimilarities([Float32Array.of(0.1, 0.7), Float32Array.of(0.4, 0.2)])).toEqual([
      expect.closeTo(0.4, 5),
      expect.closeTo(0.7, 5),
    ]);
  });
});
