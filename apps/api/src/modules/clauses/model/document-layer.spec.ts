import { describe, expect, it } from '@jest/globals';
import { CUAD_CATEGORIES } from '../../../cuad/labels.js';
import { positiveWeightsOf } from '../training/train.js';
import { documentProfile, documentProfiles, ruleHits } from './document-layer.js';
import { segmentDocument } from './segment.js';

describe('document layer inputs', () => {
  const segments = segmentDocument([
    {
      pageNumber: 1,
      text: [
        '1. Pricing. Supplier shall offer Buyer prices no less favorable than those it offers any other',
        'customer for the same products.',
        '2. Damages. The parties agree that the amount payable is liquidated damages and not a penalty.',
      ].join('\n'),
    },
  ]);

  it('fires a category’s rule on its phrases anywhere in the document, and only then', () => {
    const hits = ruleHits(CUAD_CATEGORIES, segments);
    const fired = CUAD_CATEGORIES.filter((_, j) => hits[j]);
    expect(fired).toEqual(['Most Favored Nation', 'Liquidated Damages']);
    expect(ruleHits(CUAD_CATEGORIES, segmentDocument([{ pageNumber: 1, text: '' }]))).toEqual(
      CUAD_CATEGORIES.map(() => false),
    );
  });

  it('appends the rule’s hit to the score profile only when asked', () => {
    const scores = segments.map(() => new Float32Array(CUAD_CATEGORIES.length).fill(0.3));
    const plain = documentProfile(segments, scores, 0);
    expect(documentProfile(segments, scores, 0, true)).toEqual([...plain, 1]);
    expect(documentProfile(segments, scores, 0, false)).toEqual([...plain, 0]);
  });

  it('reads the best three clauses, the counts at four levels and the related categories’ best', () => {
    const licensee = CUAD_CATEGORIES.indexOf('Affiliate License-Licensee');
    const grant = CUAD_CATEGORIES.indexOf('License Grant');
    const licensor = CUAD_CATEGORIES.indexOf('Affiliate License-Licensor');
    const scores = [0.9, 0.6, 0.1].map((p) => {
      const row = new Float32Array(CUAD_CATEGORIES.length).fill(0.01);
      row[licensee] = p;
      row[grant] = 0.5;
      return row;
    });
    const hits = CUAD_CATEGORIES.map((category) => category === 'Affiliate License-Licensee');
    const logit = (p: number) => Math.log(p / (1 - p));
    const related = documentProfiles(CUAD_CATEGORIES, segments, scores, hits, 'related');
    const expected = [
      logit(0.9),
      logit(0.6),
      logit(0.1),
      Math.log1p(1),
      Math.log1p(2),
      Math.log1p(2),
      Math.log1p(3),
      Math.log1p(segments.length) / 5,
      1,
      logit(0.5),
      logit(0.01),
    ];
    related[licensee]!.forEach((value, k) => expect(value).toBeCloseTo(expected[k]!, 5));
    expect(related[licensee]).toHaveLength(expected.length);
    expect(related[licensor]!.at(-3)).toBe(0);
    const none = documentProfiles(CUAD_CATEGORIES, segments, scores, null, 'none');
    expect(none[licensee]).toHaveLength(8);
    const shares = CUAD_CATEGORIES.map((_, j) => (j === licensee ? 0.5 : 0));
    const exemplars = CUAD_CATEGORIES.map(() => 0.25);
    const withWords = documentProfiles(
      CUAD_CATEGORIES,
      segments,
      scores,
      hits,
      'related',
      exemplars,
      shares,
    );
    expect(withWords[licensee]!.slice(-2)).toEqual([1, 2]);
    expect(withWords[licensor]!.at(-1)).toBe(0);
    const all = documentProfiles(CUAD_CATEGORIES, segments, scores, null, 'all');
    expect(all[licensee]).toHaveLength(8 + CUAD_CATEGORIES.length - 1);
  });

  it('weighs rarer categories’ positives up, between 2 and 8', () => {
    expect(Array.from(positiveWeightsOf([400, 100, 25, 1]))).toEqual([2, 2, 4, 8]);
  });
});
