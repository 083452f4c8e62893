import ExcelJS from 'exceljs';
import {
  REVIEW_COLUMN_TYPE_LABELS,
  type ReviewCell,
  type ReviewDetail,
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

/**
 * The grid as rows of text: one row per document; for each question its value, citation page,
 * quote and marks; last, how many of the row's cells are verified.
 */
export function gridTable(review: ReviewDetail): string[][] {
  const header = ['Document'];
  for (const column of review.columns) {
    header.push(
      column.label,
      `${column.label}: page`,
      `${column.label}: quote`,
      `${column.label}: marks`,
    );
  }
  header.push('Verified cells');
  const rows = review.rows.map((row) => {
    const byColumn = new Map(row.cells.map((cell) => [cell.columnId, cell]));
    const line = [row.originalname];
    for (const column of review.columns) {
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
  });
  return [header, ...rows];
}

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

export async function reviewXlsx(review: ReviewDetail, context: ExportContext): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = context.author;
  workbook.created = context.exportedAt;
  const grid = workbook.addWorksheet('Review', {
    views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }],
  });
  for (const line of gridTable(review)) grid.addRow(line.map(neutralised));
  grid.getRow(1).font = { bold: true };
  grid.getColumn(1).width = 40;
  review.columns.forEach((_, index) => {
    grid.getColumn(2 + index * 4).width = 30;
    grid.getColumn(4 + index * 4).width = 60;
  });

  const questions = workbook.addWorksheet('Questions');
  questions.addRow(['Review', review.name].map(neutralised));
  questions.addRow(['Exported at', context.exportedAt.toISOString()]);
  questions.addRow(['Exported by', neutralised(context.author)]);
  questions.addRow([]);
  questions.addRow(['Column', 'Question', 'Answer type']).font = { bold: true };
  for (const column of review.columns) {
    questions.addRow(
      [column.label, column.question, REVIEW_COLUMN_TYPE_LABELS[column.type]].map(neutralised),
    );
  }
  questions.getColumn(1).width = 30;
  questions.getColumn(2).width = 80;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
