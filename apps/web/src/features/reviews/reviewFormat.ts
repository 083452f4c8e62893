import type { ReviewCell, ReviewDetail, ReviewProgress, ReviewRow } from '@clearroom/contracts';

const count = new Intl.NumberFormat('en-US');

/** "312 of 4,490 cells". */
export function progressLabel({ done, total }: ReviewProgress): string {
  return `${count.format(done)} of ${count.format(total)} ${total === 1 ? 'cell' : 'cells'}`;
}

/** What a cell shows as its value: the value, or why there is none. */
export function cellText(cell: ReviewCell | undefined): string {
  if (!cell) return '';
  switch (cell.status) {
    case 'pending':
      return 'Pending…';
    case 'not_found':
      return cell.value ?? 'Not found';
    case 'redacted':
      return cell.value ?? 'Redacted';
    case 'failed':
      return cell.value ?? 'Failed';
    case 'answered':
      return cell.value ?? '';
  }
}

/** A confidence cue in words: people read "High" faster than 0.83. */
export function confidenceLabel(confidence: number | null): 'High' | 'Medium' | 'Low' | null {
  if (confidence === null) return null;
  if (confidence >= 0.8) return 'High';
  if (confidence >= 0.5) return 'Medium';
  return 'Low';
}

export type RowFilter = 'all' | 'flagged' | 'unverified' | 'not_found';
export type GridView = {
  /** Rows whose document name holds this text (case-insensitive). */
  documentFilter: string;
  /** Rows with a cell of this column holding this text; '' for none. */
  columnFilter: { columnId: number | null; text: string };
  rowFilter: RowFilter;
  sort: { columnId: number | 'document'; direction: 'asc' | 'desc' };
};

export const DEFAULT_VIEW: GridView = {
  documentFilter: '',
  columnFilter: { columnId: null, text: '' },
  rowFilter: 'all',
  sort: { columnId: 'document', direction: 'asc' },
};

const cellOf = (row: ReviewRow, columnId: number) =>
  row.cells.find((cell) => cell.columnId === columnId);

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The rows to show: filtered by document name, by a column's text and by review state; sorted. */
export function visibleRows(review: ReviewDetail, view: GridView): ReviewRow[] {
  const documentText = view.documentFilter.trim().toLowerCase();
  const columnText = view.columnFilter.text.trim().toLowerCase();
  const rows = review.rows.filter((row) => {
    if (documentText && !row.originalname.toLowerCase().includes(documentText)) return false;
    if (view.columnFilter.columnId !== null && columnText) {
      const text = cellText(cellOf(row, view.columnFilter.columnId)).toLowerCase();
      if (!text.includes(columnText)) return false;
    }
    switch (view.rowFilter) {
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
  const { columnId, direction } = view.sort;
  const key = (row: ReviewRow) =>
    columnId === 'document' ? row.originalname : cellText(cellOf(row, columnId));
  const sign = direction === 'asc' ? 1 : -1;
  return rows.sort((a, b) => sign * collator.compare(key(a), key(b)));
}

export const verifiedCount = (row: ReviewRow) => row.cells.filter((cell) => cell.verified).length;
