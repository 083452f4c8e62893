import {
  DEFAULT_REVIEW_VIEW,
  type ReviewProgress,
  type ReviewRow,
  type ReviewView,
} from '@clearroom/contracts';

const count = new Intl.NumberFormat('en-US');

/** "312 of 4,490 cells". */
export function progressLabel({ done, total }: ReviewProgress): string {
  return `${count.format(done)} of ${count.format(total)} ${total === 1 ? 'cell' : 'cells'}`;
}

/** A confidence cue in words: people read "High" faster than 0.83. */
export function confidenceLabel(confidence: number | null): 'High' | 'Medium' | 'Low' | null {
  if (confidence === null) return null;
  if (confidence >= 0.8) return 'High';
  if (confidence >= 0.5) return 'Medium';
  return 'Low';
}

/** A view's query string for `GET /api/reviews/:id` (its defaults left out). */
export function viewParams(view: ReviewView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.sort !== DEFAULT_REVIEW_VIEW.sort) params.set('sort', String(view.sort));
  if (view.direction !== DEFAULT_REVIEW_VIEW.direction) params.set('direction', view.direction);
  const document = view.document.trim();
  if (document) params.set('document', document);
  const value = view.value.trim();
  if (view.column !== null && value) {
    params.set('column', String(view.column));
    params.set('value', value);
  }
  if (view.rows !== DEFAULT_REVIEW_VIEW.rows) params.set('rows', view.rows);
  return params;
}

export const verifiedCount = (row: ReviewRow) => row.cells.filter((cell) => cell.verified).length;
