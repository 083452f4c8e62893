import type { CuadContract } from '../../../cuad/labels.js';
import { CUAD_CATEGORIES } from '../../../cuad/labels.js';
import type { CuadPages } from '../../../cuad/pages.js';
import { type PageText, type Segment, segmentDocument } from '../model/segment.js';
import { type LocatedPassage, indexPages, lengthOf, locatePassages, overlap } from './locate.js';

/** A CUAD contract ready for training or measuring: its segments, gold passages and labels. */
export type LabelledDocument = {
  pdfFile: string;
  pages: PageText[];
  segments: Segment[];
  /** Per category (CUAD order): the gold passages as written, and those found in the page text. */
  gold: string[][];
  located: LocatedPassage[][];
  /** Per segment: the categories whose gold passage it lies on. */
  positives: number[][];
};

/**
 * A segment is a positive example of a category when at least half of it lies on one of the
 * category's gold passages, or when it holds at least half of a (short) gold passage.
 */
export function labelDocument(contract: CuadContract, pages: CuadPages): LabelledDocument {
  const pageTexts = pages.pages.map((text, i) => ({ pageNumber: i + 1, text }));
  const segments = segmentDocument(pageTexts);
  const index = indexPages(pageTexts);
  const gold = CUAD_CATEGORIES.map((category) => contract.passages[category]);
  const located = gold.map((passages) =>
    locatePassages(index, passages).filter(
      (passage): passage is LocatedPassage => passage !== null,
    ),
  );
  const positives = segments.map((segment) => {
    const length = lengthOf(segment.pieces);
    const categories: number[] = [];
    located.forEach((passages, category) => {
      const hit = passages.some((passage) => {
        const shared = overlap(segment.pieces, passage.pieces);
        return shared >= 0.5 * length || shared >= 0.5 * lengthOf(passage.pieces);
      });
      if (hit) categories.push(category);
    });
    return categories;
  });
  return { pdfFile: contract.pdfFile, pages: pageTexts, segments, gold, located, positives };
}
