import {
  cellText,
  DEFAULT_REVIEW_VIEW,
  type ReviewCellStatus,
  type ReviewGridQuery,
  type ReviewView,
} from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';

/** What filtering and sorting read of a row: its document's name and its cells' state. */
export type ViewRow = {
  documentId: number;
  originalname: string;
  cells: ViewCell[];
};
export type ViewCell = {
  columnId: number;
  status: ReviewCellStatus;
  value: string | null;
  verified: boolean;
  flagged: boolean;
};

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The query's view with its defaults; a column that is not the review's is a 400 naming the field. */
export function viewOf(query: ReviewGridQuery, columnIds: readonly number[]): ReviewView {
  const view: ReviewView = {
    sort: query.sort ?? DEFAULT_REVIEW_VIEW.sort,
    direction: query.direction ?? DEFAULT_REVIEW_VIEW.direction,
    document: query.document?.trim() ?? '',
    column: query.column ?? null,
    value: query.value?.trim() ?? '',
    rows: query.rows ?? DEFAULT_REVIEW_VIEW.rows,
  };
  for (const field of ['sort', 'column'] as const) {
    const id = view[field];
    if (typeof id === 'number' && !columnIds.includes(id)) {
      throw new AppError('VALIDATION_FAILED', `${field}: ${id} is not a column of this review`);
    }
  }
  return view;
}

/** True when the view needs the cells' state (else the document names are enough). */
export function readsCells(view: ReviewView): boolean {
  return (
    view.sort !== 'document' || (view.column !== null && view.value !== '') || view.rows !== 'all'
  );
}

/**
 * The rows the view keeps, in its order: by the sorted column's text (as the grid shows it;
 * numbers in order, case ignored), then by document name, then by document id.
 */
export function viewRows(rows: readonly ViewRow[], view: ReviewView): ViewRow[] {
  const name = view.document.toLowerCase();
  const value = view.value.toLowerCase();
  const cellOf = (row: ViewRow, columnId: number) =>
    row.cells.find((cell) => cell.columnId === columnId);
  const kept = rows.filter((row) => {
    if (name && !row.originalname.toLowerCase().includes(name)) return false;
    if (view.column !== null && value) {
      if (!cellText(cellOf(row, view.column)).toLowerCase().includes(value)) return false;
    }
    switch (view.rows) {
      case 'flagged':
        return row.cells.some((cell) => cell.flagged);
      case 'unverified':
        return row.cells.some((cell) => !cell.verified);
      case 'not_found':
        return row.cells.some((cell) => cell.status === 'not_found');
      case 'all':
        return true;
    }
  });
  const sign = view.direction === 'asc' ? 1 : -1;
  const { sort } = view;
  const byName = (a: ViewRow, b: ViewRow) =>
    collator.compare(a.originalname, b.originalname) || a.documentId - b.documentId;
  if (sort === 'document') return kept.sort((a, b) => sign * byName(a, b));
  const keys = new Map(kept.map((row) => [row.documentId, cellText(cellOf(row, sort))]));
  return kept.sort(
    (a, b) =>
      sign * collator.compare(keys.get(a.documentId)!, keys.get(b.documentId)!) || byName(a, b),
  );
}
