import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { readXmlPart, relationships, targetsOfType } from './opc.ts';
import { checkHeap, checkSize } from './problems.ts';
import type { ParsedDocument } from './protocol.ts';
import { SheetPages, cellText, type Cell } from './rows.ts';
import { descendants, elements, ownText, path } from './xml.ts';
import { type StoredEntry, ZipArchive } from './zip.ts';

/**
 * Excel workbooks: each sheet in pages of at most 200 rows (rows.ts), opening with the sheet's
 * name and header, each row with its header names; cached formula results, never formulas; cell
 * comments at the end of their sheet.
 * exceljs's streaming reader keeps memory flat however many rows a sheet declares, and empty
 * rows cost one check each.
 */
type SheetInfo = { name: string; comments: string[] };
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const SHARED_STRINGS_EXPANSION = 8;

export async function parseXlsx(data: Buffer, memoryMb: number): Promise<ParsedDocument> {
  const zip = ZipArchive.open(data, memoryMb);
  await zip.verifySizes();
  // exceljs keeps every shared string in memory before it reads a row.
  checkSize(zip.sizeOf(SHARED_STRINGS), SHARED_STRINGS_EXPANSION, memoryMb);
  const sheets = readSheets(zip);
  // exceljs reads a sheet at once only after the shared strings (an empty part stands in when
  // there are none); otherwise it goes through temporary files, and then loses rows now and then
  // (seen in 5 of 60 reads of the corpus's testEXCEL_headers_footers.xlsx).
  const added = zip.has(SHARED_STRINGS) ? [] : [emptySharedStrings()];
  const ordered = zip.withEntriesFirst((name) => !name.startsWith('xl/worksheets/'), added);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(ordered), {
    sharedStrings: 'cache',
    styles: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const read: { name: string; pages: string[] }[] = [];
  let rowCount = 0;
  for await (const worksheet of reader) {
    // exceljs's types leave out the name its worksheet reader has.
    const name = (worksheet as unknown as { name: string }).name;
    const pages = new SheetPages(`Sheet: ${name}`);
    for await (const row of worksheet) {
      if (!row.hasValues) continue;
      const cells: Cell[] = [];
      row.eachCell((cell, column) =>
        cells.push({ column, text: cellText(formatCell(cell.value, cell.numFmt)) }),
      );
      pages.addRow(row.number, cells);
      if (++rowCount % 1000 === 0) checkHeap(memoryMb);
    }
    const comments = sheets.find((sheet) => sheet.name === name)?.comments ?? [];
    if (comments.length) ['Comments:', ...comments].forEach((line) => pages.addLine(line));
    read.push({ name, pages: pages.finish() });
  }
  // exceljs emits sheets in the order of the zip's entries; pages follow the workbook's tabs.
  const order = (name: string) => sheets.findIndex((sheet) => sheet.name === name) >>> 0;
  read.sort((a, b) => order(a.name) - order(b.name));
  const texts = read.flatMap((sheet) => sheet.pages);
  return {
    engine: 'exceljs',
    tabular: true,
    pageCount: texts.length,
    pages: texts.map((text, i) => ({ number: i + 1, text })),
  };
}

function emptySharedStrings(): StoredEntry {
  const xml = Buffer.from(
    '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
  );
  return { name: SHARED_STRINGS, method: 0, crc: crc32(xml), stored: xml, size: xml.length };
}

/** Sheet names in tab order, with their cell comments ("B3: text"). */
function readSheets(zip: ZipArchive): SheetInfo[] {
  const workbookName =
    targetsOfType(relationships(zip, ''), 'officeDocument')[0] ?? 'xl/workbook.xml';
  const workbook = readXmlPart(zip, workbookName);
  const rels = relationships(zip, workbookName);
  return elements(path(workbook, 'sheets'), 'sheet').map((sheet) => {
    const target = rels.find((rel) => rel.id === sheet.attrs['r:id'])?.target;
    const commentsName = target
      ? targetsOfType(relationships(zip, target), 'comments')[0]
      : undefined;
    const comments = commentsName ? readXmlPart(zip, commentsName) : undefined;
    return {
      name: sheet.attrs['name'] ?? '',
      comments: comments
        ? descendants(comments, 'comment').map(
            (comment) =>
              `${comment.attrs['ref']}: ${cellText(descendants(comment, 't').map(ownText).join(''))}`,
          )
        : [],
    };
  });
}

function formatCell(value: ExcelJS.CellValue, numFmt: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDate(value, numFmt);
  if (typeof value === 'number') return formatNumber(value, numFmt);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('error' in value) return value.error;
  if ('hyperlink' in value) {
    return typeof value.text === 'string' ? value.text : formatCell(value.text, numFmt);
  }
  if ('result' in value) return formatCell(value.result, numFmt);
  return '';
}

/** Numbers as the cell's format shows them, roughly: decimals, thousands separators, %, currency. */
export function formatNumber(value: number, numFmt: string | undefined): string {
  const format = (numFmt ?? '').split(';')[0]!.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  if (!/[0#]/.test(format)) return String(Number(value.toPrecision(15)));
  const decimals = /\.([0#]+)/.exec(format)?.[1]?.length ?? 0;
  const percent = format.includes('%');
  const text = (percent ? value * 100 : value).toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: /[0#],[0#]/.test(format),
  });
  const currency = /[$€£¥]/.exec(numFmt ?? '')?.[0] ?? '';
  return `${currency}${text}${percent ? '%' : ''}`;
}

/** ISO dates (yyyy-mm-dd), with the time when the format shows one. */
export function formatDate(value: Date, numFmt: string | undefined): string {
  const iso = value.toISOString();
  const format = (numFmt ?? '').replace(/"[^"]*"|\[[^\]]*\]/g, '').toLowerCase();
  const hasTime = /h|ss/.test(format);
  const hasDate = /[dy]|m(?!m?:)/.test(format.replace(/h+:mm|mm:ss/g, ''));
  if (hasTime && !hasDate) return iso.slice(11, 16);
  return hasTime ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
}
