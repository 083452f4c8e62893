import { describe, expect, it } from '@jest/globals';
import { bestF1Threshold, fitPlatt } from './calibrate.js';
import { mulberry32, sigmoid } from './linear.js';

describe('fitPlatt', () => {
  it('recovers the scaling that generated the labels', () => {
    const random = mulberry32(7);
    const scores: number[] = [];
    const labels: boolean[] = [];
    for (let i = 0; i < 20_000; i++) {
      const score = random() * 8 - 4;
      scores.push(score);
      labels.push(random() < sigmoid(2 * score - 1));
    }
    const { a, b } = fitPlatt(scores, labels);
    expect(a).toBeGreaterThan(1.85);
    expect(a).toBeLessThan(2.15);
    expect(b).toBeGreaterThan(-1.15);
    expect(b).toBeLessThan(-0.85);
  });

  it('keeps probabilities off 0 and 1 when the classes separate perfectly, and copes with one class', () => {
    const { a, b } = fitPlatt([-2, -1, 1, 2], [false, false, true, true]);
    expect(sigmoid(a * 2 + b)).toBeLessThan(1);
    expect(sigmoid(a * -2 + b)).toBeGreaterThan(0);
    expect(sigmoid(a * 2 + b)).toBeGreaterThan(0.5);
    expect(fitPlatt([1, 2], [false, false])).toEqual({ a: 1, b: 0 });
  });
});

describe('bestF1Threshold', () => {
  it('picks the score that maximises F1, the higher one on ties', () => {
    // ≥0.9: P 1 R 1/3; ≥0.7: P 1 R 2/3 (F1 0.8); ≥0.6: P 2/3 R 2/3; ≥0.2: P 3/4 R 1 (F1 0.857).
    expect(bestF1Threshold([0.9, 0.7, 0.6, 0.2], [true, true, false, true])).toBe(0.2);
    expect(bestF1Threshold([0.9, 0.7, 0.6, 0.2], [true, true, false, false])).toBe(0.7);
    expect(bestF1Threshold([0.5, 0.5, 0.1], [true, false, false])).toBe(0.5);
    expect(bestF1Threshold([0.3, 0.1], [false, false], 0.42)).toBe(0.42);
  });
});
