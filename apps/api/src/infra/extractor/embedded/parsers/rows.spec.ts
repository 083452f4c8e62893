import { describe, expect, it } from '@jest/globals';
import { PAGE_CHARACTERS, ROWS_PER_PAGE, SheetPages } from './rows.ts';

const cells = (...texts: string[]) => texts.map((text, i) => ({ column: i + 1, text }));

function ledger(rows: number, title = 'Sheet: Ledger'): string[] {
  const pages = new SheetPages(title);
  pages.addRow(1, cells('Company', 'Revenue'));
  for (let row = 2; row <= rows + 1; row++) pages.addRow(row, cells(`Co ${row}`, `${row * 10}`));
  return pages.finish();
}

describe('SheetPages', () => {
  it('cuts a sheet into pages of 200 rows, each opening with the title and the header', () => {
    const pages = ledger(450);
    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(page.split('\n').slice(0, 2)).toEqual(['Sheet: Ledger', 'Row 1: Company | Revenue']);
    }
    const rowsOf = (page: string) => page.split('\n').slice(2);
    expect(rowsOf(pages[0]!)).toHaveLength(ROWS_PER_PAGE);
    expect(rowsOf(pages[0]!)[0]).toBe('Row 2: Company: Co 2 | Revenue: 20');
    expect(rowsOf(pages[1]!)[0]).toBe('Row 202: Company: Co 202 | Revenue: 2020');
    expect(rowsOf(pages[2]!)).toHaveLength(50);
    expect(rowsOf(pages[2]!).at(-1)).toBe('Row 451: Company: Co 451 | Revenue: 4510');
    // The same rows always give the same pages.
    expect(ledger(450)).toEqual(pages);
  });

  it('starts a new page before 64 K characters, and cuts a longer line into pieces', () => {
    const pages = new SheetPages('Sheet: Notes');
    pages.addRow(1, cells('Clause', 'Text'));
    for (let row = 2; row < 12; row++) pages.addRow(row, cells(`${row}`, 'x'.repeat(20_000)));
    pages.addRow(12, cells('12', 'y'.repeat(100_000)));
    const texts = pages.finish();
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(PAGE_CHARACTERS);
    expect(texts.join('\n')).toContain('y'.repeat(32 * 1024));
    expect(texts.join('').split('y').length - 1).toBe(100_000);
  });

  it('a sheet without rows is one page of its title; a CSV has no title', () => {
    expect(new SheetPages('Sheet: Empty').finish()).toEqual(['Sheet: Empty']);
    const csv = new SheetPages();
    csv.addRow(1, cells('a', 'b'));
    csv.addRow(2, cells('1', '2'));
    expect(csv.finish()).toEqual(['Row 1: a | b\nRow 2: a: 1 | b: 2']);
  });

  it('repeats the rows above the header only on the first page, where they count as rows', () => {
    const pages = new SheetPages('Sheet: Report');
    pages.addRow(1, cells('Quarterly report'));
    pages.addRow(3, cells('Company', 'Revenue'));
    for (let row = 4; row < 4 + ROWS_PER_PAGE + 1; row++) pages.addRow(row, cells('Co', '1'));
    const [first, second] = pages.finish();
    expect(first!.split('\n').slice(0, 3)).toEqual([
      'Sheet: Report',
      'Row 1: Quarterly report',
      'Row 3: Company | Revenue',
    ]);
    expect(second!.split('\n').slice(0, 3)).toEqual([
      'Sheet: Report',
      'Row 3: Company | Revenue',
      `Row ${3 + ROWS_PER_PAGE}: Company: Co | Revenue: 1`,
    ]);
  });
});
