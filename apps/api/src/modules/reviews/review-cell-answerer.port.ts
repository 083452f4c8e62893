import type { Citation, ReviewColumnType } from '@clearroom/contracts';

/** The document a cell is answered from: its own, and no other. */
export type ReviewDocument = {
  documentId: number;
  originalname: string;
  filename: string;
  mimetype: string;
  /** Known when the document was read; lets the answerer skip looking it up. */
  pageCount?: number | null;
};

export type ReviewColumnQuestion = { question: string; type: ReviewColumnType };

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

/** Answers columns' questions from one document. */
export interface ReviewCellAnswerer {
  answer(column: ReviewColumnQuestion, document: ReviewDocument): Promise<CellAnswer>;
  /**
   * Every column of one row, in order: the document's evidence is read once for all of them.
   * `pause` is awaited between columns, so a long row leaves room for requests.
   */
  answerRow(
    columns: readonly ReviewColumnQuestion[],
    document: ReviewDocument,
    pause?: () => Promise<void>,
  ): Promise<CellAnswer[]>;
}

export const REVIEW_CELL_ANSWERER = Symbol('REVIEW_CELL_ANSWERER');
