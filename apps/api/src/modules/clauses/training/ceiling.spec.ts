import { describe, expect, it } from '@jest/globals';
import { CUAD_CATEGORIES } from '../../../cuad/labels.js';
import type { ClauseSpan } from '../model/clause-model.js';
import { segmentDocument } from '../model/segment.js';
import { formatCeiling, spanCeiling } from './ceiling.js';
import type { LabelledDocument } from './dataset.js';
import { indexPages, locatePassages, type LocatedPassage } from './locate.js';

const LAW = CUAD_CATEGORIES.indexOf('Governing Law');

function documentWith(text: string, passages: string[]): LabelledDocument {
  const pages = [{ pageNumber: 1, text }];
  const gold = CUAD_CATEGORIES.map((_, j) => (j === LAW ? passages : []));
  const index = indexPages(pages);
  const located = gold.map((list) =>
    locatePassages(index, list).filter((found): found is LocatedPassage => found !== null),
  );
  return {
    pdfFile: 'x.pdf',
    pages,
    segments: segmentDocument(pages),
    gold,
    located,
    positives: [],
  };
}

describe('the span ceiling', () => {
  const text = [
    '1. This Agreement is governed by the laws of Delaware.',
    '2. Each party submits to the courts of Delaware. Venue lies in Wilmington. Process may be served by mail.',
    '3. Notices go to the addresses above, including the notice address of the buyer.',
  ].join('\n');
  const passages = [
    'This Agreement is governed by the laws of Delaware.',
    'Each party submits to the courts of Delaware. Venue lies in Wilmington. Process may be served by mail.',
    'notice address',
    'a passage the page text does not hold',
  ];

  it('counts the gold passages any candidate matches, and says why the others are missed', () => {
    const document = documentWith(text, passages);
    // Every segment as a candidate, as evaluation emits them for a category.
    const candidates = (doc: LabelledDocument): ClauseSpan[] =>
      doc.segments.flatMap((segment, group) =>
        segment.pieces.map((piece) => ({ category: 'Governing Law', score: 0.5, ...piece, group })),
      );
    const law = spanCeiling([document], candidates)[LAW]!;
    expect(law.gold).toBe(4);
    expect(law.reached).toBe(1);
    expect(law.misses).toEqual({
      'not located': 1,
      'several segments': 1,
      'inside a segment': 1,
      'boundaries differ': 0,
    });
    expect(law.runWouldReach).toBe(1);
    const report = formatCeiling(spanCeiling([document], candidates), true);
    expect(report).toContain('| all categories | 4 | 25.0 % | 1 | 1 | 1 | 0 | 1 |');
    expect(report).toContain('- Governing Law, inside a segment: notice address');
  });

  it('reaches nothing without candidates', () => {
    const [law] = spanCeiling([documentWith(text, passages)], () => []).filter((c) => c.gold > 0);
    expect(law!.reached).toBe(0);
  });
});
