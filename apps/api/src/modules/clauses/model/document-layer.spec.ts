import { describe, expect, it } from '@jest/globals';
import { CUAD_CATEGORIES } from '../../../cuad/labels.js';
import { positiveWeightsOf } from '../training/train.js';
import { documentProfile, ruleHits } from './document-layer.js';
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

  it('weighs rarer categories’ positives up, between 2 and 8', () => {
    expect(Array.from(positiveWeightsOf([400, 100, 25, 1]))).toEqual([2, 2, 4, 8]);
  });
});
