import { describe, expect, it } from '@jest/globals';
import type { SearchPassage } from '@clearroom/contracts';
import { chooseDiverse, documentFocus, mergeOverlapping } from './passage-retriever.js';

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

describe('documentFocus', () => {
  const named = (documentId: number, originalname: string, text: string): SearchPassage => ({
    documentId,
    originalname,
    pageNumber: 2,
    start: 0,
    end: text.length,
    text,
    score: 1,
  });
  const hits = [
    named(1, 'INKTOMICORP hosting agreement.pdf', 'Inktomi shall host the servers.'),
    named(1, 'INKTOMICORP hosting agreement.pdf', 'Inktomi provides support.'),
    named(
      2,
      'NETGEAR distributor agreement.pdf',
      'This agreement is governed by the laws of California.',
    ),
  ];
  const firstPages = [
    { documentId: 1, text: 'SOFTWARE HOSTING AGREEMENT between Inktomi Corporation and Foo Inc.' },
    { documentId: 2, text: 'DISTRIBUTOR AGREEMENT between NETGEAR, Inc. and Bar Ltd.' },
  ];

  it('focuses on the document a proper noun of the question names, searching without the naming and title words', () => {
    expect(
      documentFocus('Which state’s law governs the Inktomi hosting agreement?', hits, firstPages),
    ).toEqual({ documentIds: [1], namingTerms: ['inktomi'], query: 'state law governs' });
  });

  it('does not focus when no word of the question names a document', () => {
    expect(documentFocus('Which law governs the agreement?', hits, firstPages)).toBeNull();
    // Lower case and spread over documents: a subject, not a name.
    expect(documentFocus('who provides support and hosting?', hits, firstPages)).toBeNull();
  });
});
