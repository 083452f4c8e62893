import { describe, expect, it } from '@jest/globals';
import { bestF1Threshold, fitNewtonLogistic, fitPlatt } from './calibrate.js';
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

describe('fitNewtonLogistic', () => {
  it('recovers the weights and bias that generated the labels', () => {
    const random = mulberry32(11);
    const rows: number[][] = [];
    const labels: boolean[] = [];
    for (let i = 0; i < 20_000; i++) {
      const row = [random() * 4 - 2, random() * 4 - 2];
      rows.push(row);
      labels.push(random() < sigmoid(1.5 * row[0]! - 0.5 * row[1]! + 0.25));
    }
    const [a, b, bias] = fitNewtonLogistic(rows, labels, 1e-6);
    expect(a).toBeCloseTo(1.5, 1);
    expect(b).toBeCloseTo(-0.5, 1);
    expect(bias).toBeCloseTo(0.25, 1);
  });

  it('stays finite on separable labels, the penalty keeping the weights small', () => {
    const rows = [[-1], [-0.5], [0.5], [1]];
    const labels = [false, false, true, true];
    const [weight, bias] = fitNewtonLogistic(rows, labels, 1);
    expect(Number.isFinite(weight)).toBe(true);
    expect(weight).toBeGreaterThan(0);
    expect(weight).toBeLessThan(2);
    expect(Math.abs(bias!)).toBeLessThan(1e-6);
  });
});
