import { isOleContainer, type Cfb } from './ole.ts';
import {
  MemoryProblem,
  checkHeap,
  corruptFile,
  passwordProtected,
  shortDetail,
} from './problems.ts';
import type { ParsedDocument } from './protocol.ts';
import { SheetPages, cellText, type Cell } from './rows.ts';
import { formatDate, formatNumber } from './spreadsheet.ts';
import {
  spreadsheetMarkup,
  type SpreadsheetMarkup,
} from '../../../../common/spreadsheet-markup.ts';

/**
 * Legacy Excel workbooks (.xls: Excel 97-2003 and older BIFF inside an OLE container, or the XML
 * Spreadsheet 2003 and web page formats Excel also saves under that name), read with
 * SheetJS (@e965/xlsx, the SheetJS Community Edition 0.20.3 republished on npm). Same pages as
 * .xlsx: each sheet in pages of at most 200 rows (rows.ts), in tab order, opening with the
 * sheet's name and header, each row with its header names; cached formula results, never
 * formulas; cell comments at the end of their sheet.
 *
 * SheetJS reads a whole workbook at once, and a cell costs about a kilobyte of heap while it
 * reads (its objects lose their fast shape), so a few bytes of file can become a kilobyte. Before parsing, the
 * workbook stream's records are counted and the heap the parse would take is estimated; a file
 * needing over half the parse process's heap cap is refused as too big, as checkSize does for
 * the other formats.
 */
type XlsxModule = typeof import('@e965/xlsx');
type WorkSheet = import('@e965/xlsx').WorkSheet;
type CellObject = import('@e965/xlsx').CellObject;
/** The parts of SheetJS's number-format library used here (untyped by it). */
type DateCode = { y: number; m: number; d: number; H: number; M: number; S: number };
type Ssf = {
  is_date(format: string): boolean;
  parse_date_code(value: number, options: { date1904: boolean }): DateCode | null;
};

const MB = 1024 * 1024;

/**
 * Heap per cell, per shared string, per row and per row slot while SheetJS 0.20.3 reads a
 * workbook on Node 24, garbage included (as checkHeap counts it): a cell peaked at 800-1,500
 * bytes (about 500 once collected), a shared string at about 200.
 */
const CELL_BYTES = 1024;
const SHARED_STRING_BYTES = 256;
const ROW_BYTES = 64;
const ROW_SLOT_BYTES = 8;

/** Excel's error codes, as the cell shows them. */
const ERRORS: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
  0x2b: '#GETTING_DATA',
};

let sheetjs: Promise<XlsxModule> | undefined;
let codepages: Promise<void> | undefined;

function loadSheetJs(): Promise<XlsxModule> {
  sheetjs ??= import('@e965/xlsx');
  return sheetjs;
}

/**
 * SheetJS's codepage tables (10 MB of heap), for BIFF5 and older workbooks, which store text in
 * the workbook's codepage; BIFF8 (Excel 97 and later) stores it as Unicode.
 */
function loadCodepages(XLSX: XlsxModule): Promise<void> {
  codepages ??= import('@e965/xlsx/dist/cpexcel.full.mjs').then((tables) =>
    XLSX.set_cptable(tables),
  );
  return codepages;
}

export async function parseXls(data: Buffer, memoryMb: number): Promise<ParsedDocument> {
  const ole = isOleContainer(data);
  const markup = ole ? null : spreadsheetMarkup(data);
  if (!ole && !markup) {
    throw corruptFile(
      "this is not an Excel workbook (neither Excel 97-2003's OLE container nor Excel's XML or web page format)",
    );
  }
  const XLSX = await loadSheetJs();
  if (markup) {
    if (estimateMarkupHeap(data, markup) > memoryMb * MB * 0.5) throw new MemoryProblem();
  } else {
    // SheetJS reads the file with its own copy of the container: this one is left before that.
    const stream = workbookStream(XLSX, data);
    if (estimateHeap(stream) + data.length * 2 > memoryMb * MB * 0.5) throw new MemoryProblem();
    if (biffVersion(stream) < BIFF8) await loadCodepages(XLSX);
  }

  let workbook: import('@e965/xlsx').WorkBook;
  try {
    workbook = XLSX.read(data, {
      type: 'buffer',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellNF: true,
      cellStyles: false,
      sheetStubs: false,
      bookVBA: false,
    });
  } catch (error) {
    rethrow(error, 'the workbook');
  }
  if (!workbook.SheetNames.length) throw corruptFile('the workbook has no sheets');
  const date1904 = workbook.Workbook?.WBProps?.date1904 === true;
  const pages: string[] = [];
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name];
    // Chart and dialog sheets hold no cells of their own (SheetJS's types leave out 'dialog').
    const type = sheet?.['!type'] as string | undefined;
    if (!sheet || type === 'chart' || type === 'dialog') continue;
    pages.push(...renderSheet(XLSX, name, sheet, date1904, memoryMb));
  }
  return {
    engine: 'sheetjs',
    tabular: true,
    pageCount: pages.length,
    pages: pages.map((text, i) => ({ number: i + 1, text })),
  };
}

function renderSheet(
  XLSX: XlsxModule,
  name: string,
  sheet: WorkSheet,
  date1904: boolean,
  memoryMb: number,
): string[] {
  const pages = new SheetPages(`Sheet: ${name}`);
  const comments: string[] = [];
  const data = (sheet['!data'] ?? []) as (CellObject[] | undefined)[];
  data.forEach((row, r) => {
    if (!row) return;
    const cells: Cell[] = [];
    row.forEach((cell, c) => {
      if (!cell) return;
      cells.push({ column: c + 1, text: cellText(formatCell(XLSX, cell, date1904)) });
      for (const comment of cell.c ?? []) {
        const text = cellText(comment.t ?? '');
        if (text) comments.push(`${XLSX.utils.encode_cell({ r, c })}: ${text}`);
      }
    });
    pages.addRow(r + 1, cells);
    if (r % 1000 === 999) checkHeap(memoryMb);
  });
  if (comments.length) ['Comments:', ...comments].forEach((line) => pages.addLine(line));
  return pages.finish();
}

/** A cell's cached value as the .xlsx reader shows it: ISO dates, numbers in their format. */
function formatCell(XLSX: XlsxModule, cell: CellObject, date1904: boolean): string {
  switch (cell.t) {
    case 's':
      return String(cell.v ?? '');
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'e':
      return ERRORS[cell.v as number] ?? '#ERROR';
    case 'd':
      return cell.v instanceof Date ? formatDate(cell.v, cellFormat(cell)) : String(cell.v ?? '');
    case 'n': {
      const value = cell.v as number;
      const format = cellFormat(cell);
      const ssf = XLSX.SSF as Ssf;
      if (format && ssf.is_date(format)) {
        const date = ssf.parse_date_code(value, { date1904 });
        if (date) {
          return formatDate(
            new Date(Date.UTC(date.y, date.m - 1, date.d, date.H, date.M, date.S)),
            format,
          );
        }
      }
      return formatNumber(value, format);
    }
    case 'z':
      return '';
  }
}

function cellFormat(cell: CellObject): string | undefined {
  return typeof cell.z === 'string' ? cell.z : undefined;
}

/** The BIFF record stream; an encrypted OOXML file (EncryptionInfo) is password-protected. */
function workbookStream(XLSX: XlsxModule, data: Buffer): Buffer {
  const cfb = XLSX.CFB as Cfb;
  let container: unknown;
  try {
    container = cfb.read(data, { type: 'buffer' });
  } catch (error) {
    rethrow(error, 'its OLE container');
  }
  const find = (name: string) => cfb.find(container, name);
  if (find('EncryptionInfo') || find('EncryptedPackage') || find('/encryption')) {
    throw passwordProtected();
  }
  const content = (find('/Workbook') ?? find('/Book'))?.content;
  if (!content?.length) {
    throw corruptFile('it has no Excel workbook stream (is it another kind of Office file?)');
  }
  return Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}

const BIFF8 = 0x0600;

/** The version in the workbook's first BOF record (BIFF2 to BIFF4 records have none: 0). */
function biffVersion(stream: Buffer): number {
  return stream.readUInt16LE(0) === 0x0809 && stream.length >= 6 ? stream.readUInt16LE(4) : 0;
}

/** BIFF record types (BIFF2 to BIFF8) that each make one cell. */
const SINGLE_CELL_RECORDS = new Set([
  0x0002, // INTEGER (BIFF2)
  0x0003, // NUMBER (BIFF2)
  0x0004, // LABEL (BIFF2)
  0x0005, // BOOLERR (BIFF2)
  0x0006, // FORMULA
  0x0206, // FORMULA (BIFF3)
  0x0406, // FORMULA (BIFF4)
  0x0203, // NUMBER
  0x0204, // LABEL
  0x0205, // BOOLERR
  0x027e, // RK
  0x00fd, // LABELSST
  0x00d6, // RSTRING
  0x001c, // NOTE (a comment: its objects cost about as much as a cell)
]);
const MULRK = 0x00bd;
const SST = 0x00fc;
const CONTINUE = 0x003c;
const FILEPASS = 0x002f;
const EOF = 0x000a;
const BOF = new Set([0x0809, 0x0409, 0x0209, 0x0009]);
const MAX_ROWS = 65536;
/** Excel writes records of at most 8,224 bytes (BIFF8; 2,080 in BIFF5 and older). */
const MAX_RECORD_BYTES = 8224;

/**
 * The heap SheetJS would take for this workbook stream, from its records: cells, shared strings,
 * and each sheet's row arrays (as long as the row's last filled column). Encryption (FILEPASS)
 * and records that cannot be Excel's (too long, or running past the end) are refused here.
 */
function estimateHeap(stream: Buffer): number {
  let cells = 0;
  let sharedStrings = 0;
  let sharedStringBytes = 0;
  let inSst = false;
  let rowBytes = 0;
  // The current sheet's row widths, and which rows have one.
  const widths = new Uint16Array(MAX_ROWS);
  const filled: number[] = [];
  const closeSheet = () => {
    for (const row of filled) {
      rowBytes += ROW_BYTES + widths[row]! * ROW_SLOT_BYTES;
      widths[row] = 0;
    }
    filled.length = 0;
  };
  const touch = (row: number, lastColumn: number) => {
    if (!widths[row]) filled.push(row);
    widths[row] = Math.max(widths[row]!, Math.min(0xffff, lastColumn + 1));
  };
  if (stream.length < 4 || !BOF.has(stream.readUInt16LE(0))) {
    throw corruptFile('the workbook stream does not begin like an Excel workbook');
  }
  // Substreams (the globals, each sheet, charts inside sheets) open with BOF and close with EOF.
  let depth = 0;
  for (let offset = 0; offset + 4 <= stream.length;) {
    const type = stream.readUInt16LE(offset);
    const length = stream.readUInt16LE(offset + 2);
    const body = offset + 4;
    const next = body + length;
    if (length > MAX_RECORD_BYTES || next > stream.length) {
      if (depth === 0) break; // padding after the last substream
      throw corruptFile(
        next > stream.length
          ? 'the workbook is damaged or cut short'
          : `the workbook is damaged (a record at byte ${offset} is ${length} bytes long)`,
      );
    }
    offset = next;
    if (type === FILEPASS) throw passwordProtected();
    if (type !== CONTINUE) inSst = false;
    if (BOF.has(type)) {
      if (depth === 0) closeSheet();
      depth += 1;
    } else if (type === EOF) {
      depth = Math.max(0, depth - 1);
      if (depth === 0) closeSheet();
    } else if (SINGLE_CELL_RECORDS.has(type) && length >= 4) {
      cells += 1;
      touch(stream.readUInt16LE(body), stream.readUInt16LE(body + 2));
    } else if (type === MULRK && length >= 6) {
      const count = Math.floor((length - 6) / 6);
      cells += count;
      touch(stream.readUInt16LE(body), stream.readUInt16LE(body + 2) + count - 1);
    } else if (type === SST && length >= 8) {
      inSst = true;
      sharedStrings += stream.readUInt32LE(body + 4);
      sharedStringBytes += length;
    } else if (type === CONTINUE && inSst) {
      sharedStringBytes += length;
    }
  }
  closeSheet();
  // Each shared string takes at least 3 bytes of the stream, whatever the count claims.
  sharedStrings = Math.min(sharedStrings, Math.ceil(sharedStringBytes / 3));
  return cells * CELL_BYTES + sharedStrings * SHARED_STRING_BYTES + rowBytes + stream.length * 3;
}

/** Tags that open a cell in each markup (SpreadsheetML's with or without its usual prefix). */
const MARKUP_CELL_TAGS: Record<SpreadsheetMarkup, string[]> = {
  spreadsheetml: ['<Cell', '<ss:Cell'],
  html: ['<td', '<TD', '<Td', '<th', '<TH', '<Th'],
};

/** The heap SheetJS would take for a markup workbook: its cells, and the text it copies. */
function estimateMarkupHeap(data: Buffer, markup: SpreadsheetMarkup): number {
  let cells = 0;
  for (const tag of MARKUP_CELL_TAGS[markup]) {
    for (let at = data.indexOf(tag); at !== -1; at = data.indexOf(tag, at + tag.length)) cells += 1;
  }
  return cells * CELL_BYTES + data.length * 8;
}

/**
 * SheetJS's errors as problems of the file: a password is asked for as such; a damaged file says
 * which part is damaged (SheetJS's own message when it has one, not a JavaScript error's).
 * RangeErrors go on to the parse process, which tells allocation failures from damage.
 */
function rethrow(error: unknown, part: string): never {
  if (error instanceof RangeError) throw error;
  const message = error instanceof Error ? error.message.split('\n', 1)[0]!.trim() : '';
  if (/password-protected/i.test(message)) throw passwordProtected();
  if (!message || error instanceof TypeError) throw corruptFile(`${part} is damaged or cut short`);
  throw corruptFile(`${part} is damaged (${shortDetail(message)})`);
}
