import { describe, expect, it } from '@jest/globals';
import {
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
