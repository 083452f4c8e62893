/**
 * Spreadsheet rows as lines a question can find: `Row 5: Company: Acme | Revenue: 1,200`. The
 * first row of two or more labels is taken as the header; rows above it are written plainly.
 */
export type Cell = { column: number; text: string };

const NUMERIC = /^[-+(]?[$€£¥]?\s?[\d.,:/ %-]+\)?$/;

class RowWriter {
  private header: Map<number, string> | undefined;

  /**
   * The row's line, or undefined when it has no text. `cells` hold 1-based column numbers.
   * `isHeader` tells whether this row became the header.
   */
  line(rowNumber: number, cells: Cell[]): { text: string; isHeader: boolean } | undefined {
    const filled = cells.filter((cell) => cell.text);
    if (!filled.length) return undefined;
    if (!this.header && filled.length >= 2 && filled.every((cell) => !NUMERIC.test(cell.text))) {
      this.header = new Map(filled.map((cell) => [cell.column, cell.text]));
      return {
        text: `Row ${rowNumber}: ${filled.map((cell) => cell.text).join(' | ')}`,
        isHeader: true,
      };
    } else if (this.header) {
      const header = this.header;
      const labelled = filled.map(
        (cell) => `${header.get(cell.column) ?? columnName(cell.column)}: ${cell.text}`,
      );
      return { text: `Row ${rowNumber}: ${labelled.join(' | ')}`, isHeader: false };
    }
    return {
      text: `Row ${rowNumber}: ${filled.map((cell) => cell.text).join(' | ')}`,
      isHeader: false,
    };
  }
}

/** At most this many rows on a page of a sheet… */
export const ROWS_PER_PAGE = 200;
/** …and at most this many characters: a page stays quick to store, index, cite and show. */
export const PAGE_CHARACTERS = 64 * 1024;
/** A longer line is cut into pieces of this size; a longer header is not repeated. */
const LINE_PIECE = 32 * 1024;
const REPEATED_HEADER = 4 * 1024;

/**
 * The pages of one sheet (or CSV file): rows in order, at most 200 rows or 64 K characters a
 * page, each page opening with the sheet's title and its header row, so that a page read alone
 * still says what its columns are. A million-row sheet becomes 5,000 small pages instead of one
 * of 50 MB, which froze the server for everyone who read or cited it. Page numbers follow the
 * rows, so the same file always gives the same pages.
 */
export class SheetPages {
  private readonly rows = new RowWriter();
  private readonly opening: string[];
  private readonly pages: string[] = [];
  private lines: string[] = [];
  private characters = 0;
  private rowsOnPage = 0;

  constructor(title?: string) {
    this.opening = title ? [title] : [];
    this.startPage();
  }

  /** A row of cells (1-based column numbers); rows without text are left out. */
  addRow(rowNumber: number, cells: Cell[]): void {
    const line = this.rows.line(rowNumber, cells);
    if (!line) return;
    if (line.isHeader && line.text.length <= REPEATED_HEADER) this.opening.push(line.text);
    this.push(line.text, !line.isHeader);
  }

  /** A line after the rows, such as a cell comment: it fills pages as rows do. */
  addLine(text: string): void {
    this.push(text, false);
  }

  /** The pages, each page's text; a sheet without rows is one page of its title. */
  finish(): string[] {
    if (this.hasContent() || this.pages.length === 0) this.pages.push(this.lines.join('\n'));
    return this.pages;
  }

  private push(text: string, isRow: boolean): void {
    const pieces: string[] = [];
    for (let from = 0; from < text.length; from += LINE_PIECE) {
      pieces.push(text.slice(from, from + LINE_PIECE));
    }
    pieces.forEach((piece, index) => {
      const full =
        (isRow && index === 0 && this.rowsOnPage >= ROWS_PER_PAGE) ||
        this.characters + piece.length + 1 > PAGE_CHARACTERS;
      if (full && this.hasContent()) {
        this.pages.push(this.lines.join('\n'));
        this.startPage();
      }
      this.lines.push(piece);
      this.characters += piece.length + 1;
    });
    if (isRow) this.rowsOnPage++;
  }

  /** Whether the page holds more than the lines every page of the sheet opens with. */
  private hasContent(): boolean {
    return this.lines.length > this.opening.length;
  }

  private startPage(): void {
    this.lines = [...this.opening];
    this.characters = this.opening.reduce((sum, line) => sum + line.length + 1, 0);
    this.rowsOnPage = 0;
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
