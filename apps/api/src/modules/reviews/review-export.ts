import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  REVIEW_COLUMN_TYPE_LABELS,
  type ReviewCell,
  type ReviewColumn,
  type ReviewDetail,
  type ReviewRow,
} from '@clearroom/contracts';

export type ExportContext = { author: string; exportedAt: Date };

const STATUS_SHOWN: Record<ReviewCell['status'], string> = {
  pending: 'Pending',
  answered: '',
  not_found: 'Not found',
  redacted: 'Redacted',
  failed: 'Failed',
};

/** What a cell shows: its value, or why it has none. */
export function shownValue(cell: ReviewCell | undefined): string {
  if (!cell) return '';
  return cell.value ?? STATUS_SHOWN[cell.status];
}

function marks(cell: ReviewCell | undefined): string {
  if (!cell) return '';
  return [
    cell.verified && 'verified',
    cell.edited && `edited (was: ${cell.originalValue ?? STATUS_SHOWN[cell.status]})`,
    cell.flagged && 'flagged',
    cell.comment && `comment: ${cell.comment}`,
  ]
    .filter(Boolean)
    .join('; ');
}

/** The header line: the document, then for each question its value, citation page, quote and marks. */
export function gridHeader(columns: readonly ReviewColumn[]): string[] {
  const header = ['Document'];
  for (const column of columns) {
    header.push(
      column.label,
      `${column.label}: page`,
      `${column.label}: quote`,
      `${column.label}: marks`,
    );
  }
  header.push('Verified cells');
  return header;
}

/** One document's line; last, how many of the row's cells are verified. */
export function gridLine(row: ReviewRow, columns: readonly ReviewColumn[]): string[] {
  const byColumn = new Map(row.cells.map((cell) => [cell.columnId, cell]));
  const line = [row.originalname];
  for (const column of columns) {
    const cell = byColumn.get(column.id);
    const citation = cell?.citations[0];
    line.push(
      shownValue(cell),
      citation ? String(citation.pageNumber) : '',
      citation?.quote ?? '',
      marks(cell),
    );
  }
  line.push(`${row.cells.filter((cell) => cell.verified).length} of ${row.cells.length}`);
  return line;
}

/** The grid as rows of text: one row per document. */
export function gridTable(review: ReviewDetail): string[][] {
  return [gridHeader(review.columns), ...review.rows.map((row) => gridLine(row, review.columns))];
}

/** The grid's rows a batch at a time, with the review (its columns) beside the first. */
export type RowBatches = AsyncIterable<{ review: ReviewDetail; rows: ReviewRow[] }>;

/**
 * A spreadsheet program runs a cell that starts with = + - @ (or a tab or carriage return) as a
 * formula: such text is written with a leading apostrophe, so it stays text.
 */
export function neutralised(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvField(text: string): string {
  const safe = neutralised(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 CSV with a byte-order mark, so Excel reads it as UTF-8. */
export function reviewCsv(review: ReviewDetail): string {
  return `\uFEFF${gridTable(review)
    .map((line) => line.map(csvField).join(','))
    .join('\r\n')}\r\n`;
}

/** The same CSV written batch by batch. */
export async function writeReviewCsv(batches: RowBatches, out: Writable): Promise<void> {
  let first = true;
  for await (const { review, rows } of batches) {
    const lines = rows.map((row) => gridLine(row, review.columns));
    if (first) lines.unshift(gridHeader(review.columns));
    const text = lines.map((line) => `${line.map(csvField).join(',')}\r\n`).join('');
    if (!out.write(first ? `\uFEFF${text}` : text)) await once(out, 'drain');
    first = false;
  }
  out.end();
}

/** An empty text is an empty cell (no empty string in the sheet). */
const xlsxValue = (text: string): string | null => (text === '' ? null : neutralised(text));

/**
 * The workbook, streamed: rows are written to `out` as each batch is read (ExcelJS's streaming
 * writer, inline strings, light compression), so the whole grid never sits in memory twice.
 */
export async function writeReviewXlsx(
  batches: RowBatches,
  context: ExportContext,
  out: Writable,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = context.author;
  workbook.created = context.exportedAt;
  const grid = workbook.addWorksheet('Review', {
    views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }],
  });
  let review: ReviewDetail | null = null;
  for await (const batch of batches) {
    if (!review) {
      review = batch.review;
      grid.columns = gridHeader(review.columns).map((_, index) => ({
        width: index === 0 ? 40 : index % 4 === 1 ? 30 : index % 4 === 3 ? 60 : 12,
      }));
      const header = grid.addRow(gridHeader(review.columns).map(neutralised));
      header.font = { bold: true };
      header.commit();
    }
    for (const row of batch.rows)
      grid.addRow(gridLine(row, review.columns).map(xlsxValue)).commit();
  }
  grid.commit();
  if (!review) throw new Error('writeReviewXlsx: no rows batch');

  const questions = workbook.addWorksheet('Questions');
  questions.columns = [{ width: 30 }, { width: 80 }, { width: 20 }];
  questions.addRow(['Review', review.name].map(neutralised)).commit();
  questions.addRow(['Exported at', context.exportedAt.toISOString()]).commit();
  questions.addRow(['Exported by', neutralised(context.author)]).commit();
  questions.addRow([]).commit();
  const heading = questions.addRow(['Column', 'Question', 'Answer type']);
  heading.font = { bold: true };
  heading.commit();
  for (const column of review.columns) {
    questions
      .addRow(
        [column.label, column.question, REVIEW_COLUMN_TYPE_LABELS[column.type]].map(neutralised),
      )
      .commit();
  }
  questions.commit();
  await workbook.commit();
}
