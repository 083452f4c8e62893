/**
 * Spreadsheet rows as lines a question can find: `Row 5: Company: Acme | Revenue: 1,200`. The
 * first row of two or more labels is taken as the header; rows above it are written plainly.
 */
export type Cell = { column: number; text: string };

const NUMERIC = /^[-+(]?[$€£¥]?\s?[\d.,:/ %-]+\)?$/;

export class RowWriter {
  private header: Map<number, string> | undefined;

  /** The row's line, or undefined when it has no text. `cells` hold 1-based column numbers. */
  line(rowNumber: number, cells: Cell[]): string | undefined {
    const filled = cells.filter((cell) => cell.text);
    if (!filled.length) return undefined;
    if (!this.header && filled.length >= 2 && filled.every((cell) => !NUMERIC.test(cell.text))) {
      this.header = new Map(filled.map((cell) => [cell.column, cell.text]));
    } else if (this.header) {
      const header = this.header;
      const labelled = filled.map(
        (cell) => `${header.get(cell.column) ?? columnName(cell.column)}: ${cell.text}`,
      );
      return `Row ${rowNumber}: ${labelled.join(' | ')}`;
    }
    return `Row ${rowNumber}: ${filled.map((cell) => cell.text).join(' | ')}`;
  }
}

/** 1 → A, 27 → AA, as spreadsheets name columns. */
function columnName(column: number): string {
  let name = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

/** Cell text on one line: line breaks inside a cell would split the row. */
export function cellText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
