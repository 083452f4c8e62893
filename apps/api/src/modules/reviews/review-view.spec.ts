import { describe, expect, it } from '@jest/globals';
import { DEFAULT_REVIEW_VIEW, type ReviewView } from '@clearroom/contracts';
import { readsCells, type ViewCell, type ViewRow, viewOf, viewRows } from './review-view.js';

const cell = (columnId: number, value: string | null, extra: Partial<ViewCell> = {}): ViewCell => ({
  columnId,
  status: value === null ? 'not_found' : 'answered',
  value,
  verified: false,
  flagged: false,
  ...extra,
});

/** 449 rows: "Contract 1" … "Contract 449", column 1 holding a number of days that falls as names rise. */
const rows: ViewRow[] = Array.from({ length: 449 }, (_, index) => ({
  documentId: 1000 - index,
  originalname: `Contract ${index + 1}.pdf`,
  cells: [
    cell(1, `${449 - index} days`, { verified: index % 2 === 0, flagged: index === 300 }),
    cell(2, index % 3 === 0 ? null : 'New York'),
  ],
}));
const view = (changes: Partial<ReviewView>): ReviewView => ({ ...DEFAULT_REVIEW_VIEW, ...changes });
const names = (view: ReviewView) => viewRows(rows, view).map((row) => row.originalname);

describe('a review grid view, applied to every row before paging', () => {
  it('sorts by document name with numbers in order, either way', () => {
    expect(names(DEFAULT_REVIEW_VIEW).slice(0, 3)).toEqual([
      'Contract 1.pdf',
      'Contract 2.pdf',
      'Contract 3.pdf',
    ]);
    expect(names(view({ direction: 'desc' }))[0]).toBe('Contract 449.pdf');
  });

  it("sorts by a column's text as the grid shows it, ties by document name", () => {
    // "1 days" belongs to the last contract: the whole grid's first row, not the first page's.
    expect(names(view({ sort: 1 })).slice(0, 2)).toEqual(['Contract 449.pdf', 'Contract 448.pdf']);
    expect(names(view({ sort: 1, direction: 'desc' }))[0]).toBe('Contract 1.pdf');
    // "New York" before "Not found"; equal texts in name order.
    const byPlace = names(view({ sort: 2 }));
    expect(byPlace[0]).toBe('Contract 2.pdf');
    expect(byPlace.at(-1)).toBe('Contract 448.pdf');
  });

  it('filters by document name, by a column’s text and by review state', () => {
    expect(names(view({ document: 'CONTRACT 44' }))).toEqual([
      'Contract 44.pdf',
      ...Array.from({ length: 10 }, (_, i) => `Contract ${440 + i}.pdf`),
    ]);
    expect(names(view({ column: 2, value: 'not found' }))).toHaveLength(150);
    expect(names(view({ column: 1, value: '' }))).toHaveLength(449);
    expect(names(view({ rows: 'flagged' }))).toEqual(['Contract 301.pdf']);
    expect(names(view({ rows: 'not_found' }))).toHaveLength(150);
    // Every row has its second cell unverified.
    expect(names(view({ rows: 'unverified' }))).toHaveLength(449);
  });

  it('reads the cells only when the view needs them', () => {
    expect(readsCells(DEFAULT_REVIEW_VIEW)).toBe(false);
    expect(readsCells(view({ direction: 'desc', document: 'x' }))).toBe(false);
    expect(readsCells(view({ sort: 1 }))).toBe(true);
    expect(readsCells(view({ rows: 'flagged' }))).toBe(true);
    expect(readsCells(view({ column: 1, value: 'x' }))).toBe(true);
  });

  it("refuses a column that is not the review's, naming the field", () => {
    expect(viewOf({ sort: 2, column: 1, value: ' days ' }, [1, 2])).toEqual(
      view({ sort: 2, column: 1, value: 'days' }),
    );
    expect(() => viewOf({ sort: 7 }, [1, 2])).toThrow('sort: 7 is not a column of this review');
    expect(() => viewOf({ column: 9, value: 'x' }, [1, 2])).toThrow(
      'column: 9 is not a column of this review',
    );
  });
});
