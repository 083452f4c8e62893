import { describe, expect, it } from '@jest/globals';
import { DocumentWordScorer, documentTerms, fitDocumentWords } from './document-words.js';
import { segmentDocument } from './segment.js';

const documentOf = (text: string) => segmentDocument([{ pageNumber: 1, text }]);

describe('document words', () => {
  it('reads the words and word pairs of the segments and their headings', () => {
    const terms = documentTerms(
      documentOf('ARTICLE 7\nLIQUIDATED DAMAGES\n\n7.1 The Supplier shall pay 500 dollars.'),
    );
    expect(terms.has('liquidated_damages')).toBe(true);
    expect(terms.has('supplier_shall')).toBe(true);
    expect(terms.has('#num')).toBe(true);
    expect(terms.has('damages_the')).toBe(false);
  });

  it('keeps the terms of the contracts holding a category, in enough of them, strongest first', () => {
    const documents = [
      ['affiliate', 'sublicense', 'the'],
      ['affiliate', 'sublicense', 'the'],
      ['affiliate', 'the'],
      ['sublicense', 'the'],
      ['the'],
      ['the', 'rare'],
    ].map((terms) => new Set(terms));
    const present = [[true], [true], [true], [false], [false], [false]];
    const words = fitDocumentWords(documents, present, 1, {
      terms: 5,
      minPositives: 2,
      smoothing: 1,
    });
    // "affiliate" is in all three and none of the rest; "sublicense" in two and one; "the"
    // everywhere (no evidence); "rare" in no contract holding the category.
    expect(words.terms[0]).toEqual(['affiliate', 'sublicense']);
    expect(words.weights[0]![0]).toBeCloseTo(Math.log(4 / 5) - Math.log(1 / 5), 5);
    expect(words.weights[0]![1]).toBeCloseTo(Math.log(3 / 5) - Math.log(2 / 5), 5);
    const capped = fitDocumentWords(documents, present, 1, {
      terms: 1,
      minPositives: 2,
      smoothing: 1,
    });
    expect(capped.terms[0]).toEqual(['affiliate']);
  });

  it('ranks a term met in many of the category’s contracts above a rarer one of higher ratio', () => {
    // "divert" is in 4 of the 6 contracts holding the category and 1 of the 6 others (ratio 2.5,
    // share 5/8); "lima" in 2 and none (ratio 3, share 3/8).
    const documents = [
      ['divert', 'lima'],
      ['divert', 'lima'],
      ['divert'],
      ['divert'],
      [],
      [],
      ['divert'],
      [],
      [],
      [],
      [],
      [],
    ].map((terms) => new Set(terms));
    const present = documents.map((_, i) => [i < 6]);
    const words = fitDocumentWords(documents, present, 1, {
      terms: 2,
      minPositives: 2,
      smoothing: 1,
    });
    expect(words.terms[0]).toEqual(['divert', 'lima']);
    expect(words.weights[0]![1]).toBeGreaterThan(words.weights[0]![0]!);
  });

  it('scores a document by the share of each category’s marker weight it holds', () => {
    const scorer = new DocumentWordScorer({
      terms: [['most_favored', 'lowest'], ['liquidated_damages'], []],
      weights: [[3, 1], [2], []],
    });
    const shares = scorer.scores(
      documentOf('Prices are no higher than to the most favored customer. Most favored terms.'),
    );
    expect(shares).toEqual([0.75, 0, 0]);
    expect(scorer.scoresOf(new Set(['lowest', 'liquidated_damages']))).toEqual([0.25, 1, 0]);
  });

  it('finds the same markers scanning the segments as from the document’s terms', () => {
    const scorer = new DocumentWordScorer({
      terms: [
        ['most_favored', 'favored'],
        ['shall_not', 'compete', 'not_compete'],
      ],
      weights: [
        [3, 1],
        [2, 1, 1],
      ],
    });
    const segments = documentOf(
      'SECTION 4\nCOVENANTS\n\nDistributor shall not directly compete with the Company. Most favored pricing.',
    );
    expect(scorer.scores(segments)).toEqual(scorer.scoresOf(documentTerms(segments)));
    expect(scorer.scores(segments)).toEqual([1, 0.75]);
  });
});
