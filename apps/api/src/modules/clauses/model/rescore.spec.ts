import { describe, expect, it } from '@jest/globals';
import { RESCORE_INPUTS, rescore, rescoreInputs } from './rescore.js';

const rows = (values: number[]) => values.map((p) => Float32Array.of(p, 0.5));

describe('span rescoring', () => {
  it('reads each segment’s logit, the document’s, the gap to the best, its rank and place', () => {
    const inputs = rescoreInputs(rows([0.2, 0.9, 0.5]), 0.5, 0);
    expect(inputs.every((x) => x.length === RESCORE_INPUTS)).toBe(true);
    const [low, best, middle] = inputs;
    expect(best![0]).toBeCloseTo(Math.log(9), 5);
    expect(best![1]).toBeCloseTo(0, 5);
    expect(best![2]).toBe(0);
    expect(middle![2]).toBeCloseTo(-Math.log(9), 5);
    expect([best![3], middle![3], low![3]]).toEqual([0, Math.log(2), Math.log(3)]);
    expect([low![4], best![4], middle![4]]).toEqual([0, Math.log(2), Math.log(3)]);
    expect(middle![5]).toBeCloseTo(2 / 3, 5);
  });

  it('ranks a document’s candidates as before and lowers those of a document without the category', () => {
    // Own logit up, document logit up, rank down: the shape the fitted weights take.
    const weights = [
      [1, 1, 0, -0.5, 0, 0, -1],
      [1, 0, 0, 0, 0, 0, 0],
    ];
    const scores = rows([0.2, 0.9, 0.5]);
    const present = rescore(scores, [0.9, 0.5], weights);
    const absent = rescore(scores, [0.1, 0.5], weights);
    const order = (values: Float32Array[]) =>
      [0, 1, 2].sort((x, y) => values[y]![0]! - values[x]![0]!);
    expect(order(present)).toEqual([1, 2, 0]);
    present.forEach((row, s) => {
      expect(row[0]).toBeGreaterThan(absent[s]![0]!);
      expect(row[0]).toBeGreaterThan(0);
      expect(row[0]).toBeLessThan(1);
      // The second category's weights read its own logit only: its probabilities come back.
      expect(row[1]).toBeCloseTo(0.5, 5);
    });
  });
});
