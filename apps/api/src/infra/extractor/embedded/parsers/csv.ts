import { CsvError, parse } from 'csv-parse/sync';
import { FileProblem, checkHeap } from './problems.ts';
import type { ParsedDocument } from './protocol.ts';
import { SheetPages, cellText } from './rows.ts';
import { decodeText } from './text.ts';

/** CSV and TSV: rows rendered with their header names, in pages of at most 200 rows (rows.ts). */
const DELIMITERS = [',', ';', '\t', '|'];

export function parseCsv(data: Buffer, tabSeparated: boolean, memoryMb: number): ParsedDocument {
  const text = decodeText(data);
  const pages = new SheetPages();
  // Rows are rendered as they are parsed, and the parsed records not kept.
  const onRecord = (record: string[], context: { records: number }) => {
    pages.addRow(
      context.records,
      record.map((value, column) => ({ column: column + 1, text: cellText(value) })),
    );
    if (context.records % 1000 === 0) checkHeap(memoryMb);
    return null;
  };
  try {
    parse(text, {
      delimiter: tabSeparated ? '\t' : sniffDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      on_record: onRecord,
    });
  } catch (error) {
    if (error instanceof CsvError) throw new FileProblem(`file is not valid CSV: ${error.message}`);
    throw error;
  }
  const texts = pages.finish();
  return {
    engine: 'csv',
    tabular: true,
    pageCount: texts.length,
    pages: texts.map((text, i) => ({ number: i + 1, text })),
  };
}

/** The delimiter found most often outside quotes in the first line. */
function sniffDelimiter(text: string): string {
  const counts = new Map(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of text.slice(0, 65_536)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '\n') break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}
