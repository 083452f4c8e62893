import { describe, expect, it } from '@jest/globals';
import { POSTINGS_BUDGET, idf, planTerms, rescore } from './term-budget.js';

describe('planTerms', () => {
  it('searches every word while their postings fit the budget', () => {
    const plan = planTerms(
      [
        { term: 'notice', documentFrequency: POSTINGS_BUDGET - 10 },
        { term: 'inktomi', documentFrequency: 10 },
      ],
      100_000,
    );
    expect(plan).toEqual({ searched: ['notice', 'inktomi'], scored: [] });
  });

  it('searches the rarest words within the budget, at least two, and scores the others', () => {
    const plan = planTerms(
      [
        { term: 'notice', documentFrequency: 20_000 },
        { term: 'terminate', documentFrequency: 9_000 },
        { term: 'inktomi', documentFrequency: 40 },
        { term: 'licensed', documentFrequency: 30_000 },
      ],
      60_000,
    );
    expect(plan.searched).toEqual(['inktomi', 'terminate']);
    expect(plan.scored.map((s) => s.term)).toEqual(['notice', 'licensed']);
    expect(plan.scored[0]!.idf).toBeCloseTo(Math.log(40_000.5 / 20_000.5), 6);
  });

  it("counts only the documents' share of the postings when searching within them", () => {
    const stats = [
      { term: 'notice', documentFrequency: 20_000 },
      { term: 'terminate', documentFrequency: 9_000 },
      { term: 'cure', documentFrequency: 5_000 },
    ];
    expect(planTerms(stats, 60_000).scored).toHaveLength(1);
    expect(planTerms(stats, 60_000, 0.05).scored).toEqual([]);
  });
});

describe('rescore', () => {
  const candidates = [
    { id: 1, bm25: -5, text: 'Fees are payable promptly.' },
    { id: 2, bm25: -5, text: 'Fees are payable upon Notice.' },
    { id: 3, bm25: -9, text: 'Inktomi fees.' },
  ];

  it('keeps the index order when no word was left out', () => {
    expect(rescore(candidates, [])).toEqual([1, 2, 3]);
  });

  it('adds the BM25 weight of left-out words found (by stem) in a candidate', () => {
    expect(rescore(candidates, [{ term: 'notices', idf: 1 }])).toEqual([3, 2, 1]);
    expect(rescore(candidates, [{ term: 'notices', idf: 5 }])).toEqual([2, 3, 1]);
  });

  it('gives a word in nearly every chunk almost no weight', () => {
    expect(idf(59_999, 60_000)).toBeCloseTo(1e-6, 9);
    expect(idf(10, 60_000)).toBeGreaterThan(8);
  });
});
