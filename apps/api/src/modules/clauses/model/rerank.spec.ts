import { describe, expect, it } from '@jest/globals';
import {
  RERANK_INPUTS,
  fitReranker,
  rerank,
  rerankInputs,
  rerankedCategories,
  topCandidates,
} from './rerank.js';
import type { Segment } from './segment.js';

const segment = (text: string): Segment => ({ pieces: [], text, heading: '', isTitle: false });
const rows = (values: number[][]) => values.map((row) => Float32Array.from(row));
const SIMILARITY = 3;
const ASSIGNMENT = { index: 0, stems: ['assig'] };

describe('within-document re-ranking', () => {
  it('takes a category’s best candidates, best first, the earlier segment first on a tie', () => {
    const scores = rows([[0.2], [0.9], [0.5], [0.9], [0.1]]);
    expect(topCandidates(scores, 0, 3)).toEqual([1, 3, 2]);
    expect(topCandidates(scores, 0, 10)).toEqual([1, 3, 2, 0, 4]);
  });

  it('reads each candidate’s logit, gap, rank, similarity and place', () => {
    const segments = [
      segment('A heading'),
      {
        ...segment('The licensee shall not assign this agreement without consent.'),
        heading: 'Assignment',
      },
      segment('Other.'),
    ];
    const scores = rows([[0.5], [0.9], [0.1]]);
    const similarities = rows([[0.8], [0.2], [0]]);
    const inputs = rerankInputs(segments, scores, similarities, ASSIGNMENT, [1, 0]);
    expect(inputs.every((x) => x.length === RERANK_INPUTS)).toBe(true);
    const [best, second] = inputs;
    expect(best![0]).toBeCloseTo(Math.log(9), 5);
    expect(best![1]).toBe(0);
    expect(second![1]).toBeCloseTo(-Math.log(9), 5);
    expect([best![2], second![2]]).toEqual([0, Math.log(2)]);
    expect(second![SIMILARITY]).toBeCloseTo(3.2, 5);
    expect(best![SIMILARITY + 1]).toBeCloseTo(-2.4, 5);
    expect(second![8]).toBe(1); // a short line
    expect(best![8]).toBe(0);
    expect([best![11], best![12]]).toEqual([1, 1]); // "Assignment" heads it, "assign" is in it
    expect([second![11], second![12]]).toEqual([0, 0]);
  });

  it('reads a segment’s name-word shares per category, the segment met again for another', () => {
    const segments = [
      { ...segment('Neither party shall assign this agreement.'), heading: 'Assignment' },
      segment('This agreement is governed by the laws of Texas.'),
    ];
    const scores = rows([
      [0.9, 0.4],
      [0.3, 0.8],
    ]);
    const law = { index: 1, stems: ['gover', 'law'] };
    const assignment = rerankInputs(segments, scores, null, ASSIGNMENT, [0, 1]);
    const governingLaw = rerankInputs(segments, scores, null, law, [1, 0]);
    expect(assignment.map((x) => [x[11], x[12]])).toEqual([
      [1, 1],
      [0, 0],
    ]);
    expect(governingLaw.map((x) => [x[11], x[12]])).toEqual([
      [0, 0.5],
      [0, 0],
    ]);
    expect(governingLaw[1]![7]).toBe(assignment[0]![7]); // the same segment's length
  });

  it('reorders the best candidates and hands them the old order’s scores', () => {
    const segments = ['one', 'two', 'three', 'four'].map(segment);
    const scores = rows([
      [0.9, 0.9],
      [0.6, 0.6],
      [0.3, 0.3],
      [0.01, 0.01],
    ]);
    const similarities = rows([
      [0.1, 0.1],
      [0.9, 0.9],
      [0.2, 0.2],
      [0, 0],
    ]);
    const weights = new Array<number>(RERANK_INPUTS).fill(0);
    weights[SIMILARITY] = 5;
    const out = rerank(segments, scores, similarities, weights, [ASSIGNMENT]);
    expect(Array.from(out, (row) => row[0])).toEqual(
      Array.from([0.3, 0.9, 0.6, 0.01], Math.fround),
    );
    // A category not re-ranked keeps its scores; the input is left as it was.
    expect(Array.from(out, (row) => row[1])).toEqual(Array.from(scores, (row) => row[1]));
    expect(scores[0]![0]).toBeCloseTo(0.9, 5);
  });

  it('learns which input marks the clause a lawyer marked', () => {
    // In each group the positive is the candidate closest to a passage, not the most probable.
    const groups = Array.from({ length: 40 }, (_, g) => {
      const positive = g % 3;
      const scores = rows([[0.9], [0.7], [0.5]]);
      const similarities = rows([0, 1, 2].map((s) => [s === positive ? 0.8 : 0.2]));
      const segments = ['a b c d e f g h i', 'j k l m n o p q', 'r s t u v w x y'].map(segment);
      return {
        inputs: rerankInputs(segments, scores, similarities, ASSIGNMENT, [0, 1, 2]),
        positives: [0, 1, 2].map((s) => s === positive),
      };
    });
    const weights = fitReranker(groups);
    expect(weights[SIMILARITY]).toBeGreaterThan(0);
    const segments = ['a', 'b', 'c'].map(segment);
    const out = rerank(
      segments,
      rows([[0.9], [0.7], [0.5]]),
      rows([[0.2], [0.2], [0.8]]),
      weights,
      [ASSIGNMENT],
    );
    expect(out[2]![0]).toBeCloseTo(0.9, 5);
    expect(fitReranker(groups)).toEqual(weights);
  });

  it('re-ranks clause categories, not the phrase categories read inside a sentence', () => {
    const names = ['Parties', 'Governing Law', 'Agreement Date', 'Non-Compete', 'Anti-Assignment'];
    expect(rerankedCategories(names)).toEqual([
      { index: 1, stems: ['gover', 'law'] },
      { index: 3, stems: ['compe'] },
      { index: 4, stems: ['assig'] },
    ]);
  });
});
