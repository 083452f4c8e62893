import type { Citation, ReviewColumnType } from '@clearroom/contracts';

/** The document a cell is answered from: its own, and no other. */
export type ReviewDocument = {
  documentId: number;
  originalname: string;
  filename: string;
  mimetype: string;
};

export type CellAnswer = {
  status: 'answered' | 'not_found' | 'redacted';
  /** The typed value shown in the cell, e.g. "New York", "Yes", "60 days". */
  value: string | null;
  /** The passage the value was read from. */
  answer: string | null;
  /** In [0, 1]. */
  confidence: number | null;
  /** Each quote exactly `pageText.slice(start, end)` of its page (checked again before storing). */
  citations: Citation[];
};

/** Answers one column's question from one document. */
export interface ReviewCellAnswerer {
  answer(
    column: { question: string; type: ReviewColumnType },
    document: ReviewDocument,
  ): Promise<CellAnswer>;
}

export const REVIEW_CELL_ANSWERER = Symbol('REVIEW_CELL_ANSWERER');
