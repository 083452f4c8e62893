/**
 * A workbook of one sheet with 1,000,000 rows (ID, Name, Value) and its header, about 14 MB as
 * .xlsx: the spreadsheet the hardening probe found freezing the server (issue 13, item 2).
 * Made here, deterministically, in a few seconds; never committed.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { loadBenchKit, type StoredEntry } from './api-kit.ts';

// The zip writer of the API's parsers, from its public entry for benchmarks (bench:sheet builds it).
const { writeZip } = await loadBenchKit();

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOCUMENT_RELATIONSHIPS =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NAMES = 50;

export function hugeSheet(rows = 1_000_000): Buffer {
  let seed = 1;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
  const xml: string[] = [
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}"><sheetData>`,
    '<row r="1"><c r="A1" t="inlineStr"><is><t>ID</t></is></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c><c r="C1" t="inlineStr"><is><t>Value</t></is></c></row>',
  ];
  for (let row = 2; row <= rows + 1; row++) {
    xml.push(
      `<row r="${row}"><c r="A${row}"><v>${row - 1}</v></c><c r="B${row}" t="s"><v>${row % NAMES}</v></c><c r="C${row}"><v>${(random() % 100) * 1000}</v></c></row>`,
    );
  }
  xml.push('</sheetData></worksheet>');
  const names = Array.from({ length: NAMES }, (_, i) => `<si><t>Counterparty ${i}</t></si>`);
  return writeZip([
    entry(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    ),
    entry(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${DOCUMENT_RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    entry(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${DOCUMENT_RELATIONSHIPS}"><sheets><sheet name="Ledger" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    entry(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${DOCUMENT_RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${DOCUMENT_RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    entry(
      'xl/sharedStrings.xml',
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${NAMES}" uniqueCount="${NAMES}">${names.join('')}</sst>`,
    ),
    entry('xl/worksheets/sheet1.xml', xml.join('')),
  ]);
}

function entry(name: string, text: string): StoredEntry {
  const content = Buffer.from(text);
  const stored = deflateRawSync(content, { level: 9 });
  return { name, method: 8, crc: crc32(content), stored, size: content.length };
}
