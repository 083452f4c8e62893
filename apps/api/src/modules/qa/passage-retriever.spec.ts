import { describe, expect, it } from '@jest/globals';
import type { SearchPassage } from '@clearroom/contracts';
import { chooseDiverse, mergeOverlapping } from './passage-retriever.js';

const PAGE = 'Alpha one. Beta two. Gamma three. Delta four.';

const hit = (documentId: number, start: number, end: number, pageNumber = 1): SearchPassage => ({
  documentId,
  originalname: `doc${documentId}.pdf`,
  pageNumber,
  start,
  end,
  text: PAGE.slice(start, end),
  score: 1,
});

describe('passage selection', () => {
  it('folds overlapping chunks of one page into one passage, keeping the text equal to the page slice', () => {
    const merged = mergeOverlapping([hit(1, 11, 33), hit(1, 0, 20), hit(1, 34, 45), hit(2, 0, 20)]);
    expect(merged.map((p) => [p.documentId, p.start, p.end])).toEqual([
      [1, 0, 33],
      [1, 34, 45],
      [2, 0, 20],
    ]);
    expect(merged[0]!.text).toBe(PAGE.slice(0, 33));
  });

  it('does not merge the same offsets on different pages', () => {
    expect(mergeOverlapping([hit(1, 0, 10, 1), hit(1, 0, 10, 2)])).toHaveLength(2);
  });

  it('lets other documents in before a document’s fifth passage', () => {
    const ranked = [1, 1, 1, 1, 1, 1, 2, 3].map((documentId, index) =>
      hit(documentId, index, index + 1),
    );
    expect(chooseDiverse(ranked, 8).map((p) => p.documentId)).toEqual([1, 1, 1, 1, 2, 3, 1, 1]);
    expect(chooseDiverse(ranked, 6).map((p) => p.documentId)).toEqual([1, 1, 1, 1, 2, 3]);
  });
});
