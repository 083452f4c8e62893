import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { EmbeddedExtractor } from './embedded.extractor.js';
import type { Extraction } from '../extractor.port.js';
import { extractorConfig } from '../fixtures/extractor-config.js';
import { localFileSource } from '../../file-store/local-file-source.js';
import { paragraph, writeDocx, writePptx } from '../fixtures/office-writer.js';
import { writePdf } from '../fixtures/pdf-writer.js';
import { libreOfficeDeck, writePowerPointStylePpt } from '../fixtures/ppt-writer.js';
import { commented, formatted, product, writeXls } from '../fixtures/xls-writer.js';

/** Features of each format, on small files written by the tests. */
const XLS = 'application/vnd.ms-excel';
const MIME = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

let dir: string;
let extractor: EmbeddedExtractor;

async function extract(
  name: string,
  content: Buffer | string,
  mimeType: string,
): Promise<Extraction> {
  const target = path.join(dir, name);
  await writeFile(target, content);
  return extractor.extract({ file: localFileSource(target), mimeType, originalName: name });
}

const texts = (result: Extraction) => result.pages.map((page) => page.text);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'clearroom-formats-'));
  extractor = await EmbeddedExtractor.create(extractorConfig({ ocr: 'off' }));
});

afterAll(async () => {
  await extractor?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('PDF', () => {
  it('reads the text around empty q Q pairs, which pdf.js is patched to skip, and in strings', async () => {
    const pairs = 'q Q q\nQ q\r\nQ q  Q q\tQ\n';
    const pdf = writePdf(['Save q Q and restore\n(q) then Q', 'Page two'], {
      // Pairs before the text, between operators, and right before a string: "q Q(, kept)".
      decorate: (shown) =>
        `${pairs}${'q Q '.repeat(2000)}${shown.replace(') Tj T*', ') Tj q Q(, kept) Tj q Q T*')} q Q`,
    });
    const result = await extract('pairs.pdf', pdf, 'application/pdf');
    expect(texts(result)).toEqual(['Save q Q and restore, kept\n(q) then Q', 'Page two, kept']);
  });

  it('decodes CJK text set in a CMap-encoded font', async () => {
    const result = await extract(
      'japanese.pdf',
      writePdf(['日本語の契約書\n第1条 目的'], { japanese: true }),
      'application/pdf',
    );
    expect(texts(result)).toEqual(['日本語の契約書\n第1条 目的']);
  });
});

describe('Word', () => {
  const styles =
    '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>' +
    '<w:style w:type="paragraph" w:styleId="Clause"><w:name w:val="Clause"/><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style>';
  const numbering =
    '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>' +
    '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="(%2)"/></w:lvl>' +
    '<w:lvl w:ilvl="2"><w:start w:val="1"/><w:numFmt w:val="lowerRoman"/><w:lvlText w:val="%1.%2.%3"/><w:isLgl/></w:lvl></w:abstractNum>' +
    '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>';

  it('keeps clause numbers, headings and tables readable', async () => {
    const sub = '<w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr>';
    const legal = '<w:numPr><w:ilvl w:val="2"/><w:numId w:val="1"/></w:numPr>';
    const cell = (text: string) => `<w:tc>${paragraph(text)}</w:tc>`;
    const body = [
      paragraph('Definitions', '<w:pStyle w:val="Heading1"/>'),
      paragraph('Affiliate means any entity.', '<w:pStyle w:val="Clause"/>'),
      paragraph('Control means ownership.', sub),
      paragraph('Votes count once.', legal),
      paragraph('Term', '<w:pStyle w:val="Clause"/>'),
      `<w:tbl><w:tr>${cell('Party')}${cell('Address')}${cell('Share')}</w:tr><w:tr>${cell('Acme')}${cell('1 Main St')}${cell('60%')}</w:tr></w:tbl>`,
    ].join('');
    const result = await extract('clauses.docx', writeDocx(body, { styles, numbering }), MIME.docx);
    expect(texts(result)).toEqual([
      'Definitions\n\n1. Affiliate means any entity.\n(a) Control means ownership.\n1.1.1 Votes count once.\n2. Term\n\nParty | Address | Share\nAcme | 1 Main St | 60%',
    ]);
  });

  it('uses the pages Word rendered when the file records them', async () => {
    const body = [
      paragraph('First page text.'),
      paragraph('Second page text.', '', '<w:lastRenderedPageBreak/>'),
      paragraph('Still the second page.'),
      '<w:p><w:r><w:t>Third begins</w:t></w:r><w:r><w:lastRenderedPageBreak/><w:t xml:space="preserve"> mid-paragraph.</w:t></w:r></w:p>',
    ].join('');
    const result = await extract('rendered.docx', writeDocx(body), MIME.docx);
    expect(result.pages).toEqual([
      { number: 1, text: 'First page text.' },
      { number: 2, text: 'Second page text.\nStill the second page.\nThird begins' },
      { number: 3, text: 'mid-paragraph.' },
    ]);
  });

  it('otherwise makes sections of about 3,000 characters at paragraph ends, and at page breaks', async () => {
    const long = (n: number) => `Paragraph ${n} ${'word '.repeat(280)}`.trim();
    const body = [
      paragraph(long(1)),
      paragraph(long(2)),
      paragraph(long(3)),
      '<w:p><w:r><w:br w:type="page"/></w:r></w:p>',
      paragraph('After the break.'),
    ].join('');
    const result = await extract('sections.docx', writeDocx(body), MIME.docx);
    expect(result.pages.map((page) => page.text.slice(0, 12))).toEqual([
      'Paragraph 1 ',
      'Paragraph 3 ',
      'After the br',
    ]);
    expect(result.pages[0]!.text.length).toBeLessThanOrEqual(3000);
    expect(result.pages[0]!.text).toContain(`${'word '.repeat(10).trim()}\nParagraph 2`);
  });
});

describe('Excel', () => {
  it('renders each row with its header names, cached formula results and formatted values', async () => {
    const workbook = new ExcelJS.Workbook();
    const deals = workbook.addWorksheet('Deals');
    deals.addRow(['Pipeline review']);
    deals.addRow([]);
    deals.addRow(['Company', 'Revenue', 'Signed', 'Share', 'Price', 'Double']);
    deals.addRow([
      'Acme',
      1200,
      new Date(Date.UTC(2024, 2, 5)),
      0.25,
      99.5,
      { formula: 'B4*2', result: 2400 },
    ]);
    deals.getCell('B4').numFmt = '#,##0';
    deals.getCell('C4').numFmt = 'dd/mm/yyyy';
    deals.getCell('D4').numFmt = '0.0%';
    deals.getCell('E4').numFmt = '"$"#,##0.00';
    deals.getRow(10).getCell(1).value = 'Beta';
    workbook.addWorksheet('Notes').addRow(['Checked', true]);
    const result = await extract(
      'deals.xlsx',
      Buffer.from(await workbook.xlsx.writeBuffer()),
      MIME.xlsx,
    );
    expect(texts(result)).toEqual([
      'Sheet: Deals\nRow 1: Pipeline review\nRow 3: Company | Revenue | Signed | Share | Price | Double\n' +
        'Row 4: Company: Acme | Revenue: 1,200 | Signed: 2024-03-05 | Share: 25.0% | Price: $99.50 | Double: 2400\n' +
        'Row 10: Company: Beta',
      'Sheet: Notes\nRow 1: Checked | TRUE',
    ]);
    expect(result.metadata.engine).toBe('exceljs');
  });

  it('reads legacy .xls workbooks the same way: sheets in tab order, headers, cached results', async () => {
    const xls = writeXls({
      Deals: [
        ['Pipeline review'],
        [],
        ['Company', 'Revenue', 'Signed', 'Share', 'Price', 'Double'],
        [
          'Acme',
          formatted(1200, '#,##0'),
          formatted(45356, 'dd/mm/yyyy'), // 5 March 2024
          formatted(0.25, '0.0%'),
          formatted(99.5, '"$"#,##0.00'),
          product('B', 4, 2, 2400), // =B4*2
        ],
        [],
        [],
        [],
        [],
        [],
        [commented('Société Générale', 'Signed in May')],
      ],
      Notes: [['Checked', true]],
    });
    const result = await extract('deals.xls', xls, 'application/vnd.ms-excel');
    expect(texts(result)).toEqual([
      'Sheet: Deals\nRow 1: Pipeline review\nRow 3: Company | Revenue | Signed | Share | Price | Double\n' +
        'Row 4: Company: Acme | Revenue: 1,200 | Signed: 2024-03-05 | Share: 25.0% | Price: $99.50 | Double: 2400\n' +
        'Row 10: Company: Société Générale\nComments:\nA10: Signed in May',
      'Sheet: Notes\nRow 1: Checked | TRUE',
    ]);
    expect(result.metadata.engine).toBe('sheetjs');
  });

  it('reads Excel 5.0/95 workbooks too', async () => {
    const xls = writeXls(
      {
        Parties: [
          ['Party', 'Role'],
          ['Acme', 'Buyer'],
        ],
        Dates: [['Signed', 'Closing']],
      },
      { bookType: 'biff5' },
    );
    const result = await extract('old.xls', xls, 'application/vnd.ms-excel');
    expect(texts(result)).toEqual([
      'Sheet: Parties\nRow 1: Party | Role\nRow 2: Party: Acme | Role: Buyer',
      'Sheet: Dates\nRow 1: Signed | Closing',
    ]);
  });

  it("reads Excel's XML Spreadsheet 2003 and web pages saved as .xls like workbooks", async () => {
    const sheets = {
      Budget: [
        ['Company', 'Revenue'],
        ['Acme Holdings', 1200],
      ],
    };
    const xml = await extract('budget.xls', writeXls(sheets, { bookType: 'xlml' }), XLS);
    expect(texts(xml)).toEqual([
      'Sheet: Budget\nRow 1: Company | Revenue\nRow 2: Company: Acme Holdings | Revenue: 1200',
    ]);
    const page = await extract('report.xls', writeXls(sheets, { bookType: 'html' }), XLS);
    expect(texts(page)).toEqual([
      'Sheet: Sheet1\nRow 1: Company | Revenue\nRow 2: Company: Acme Holdings | Revenue: 1200',
    ]);
  });
});

describe('CSV, TSV and text', () => {
  it('renders CSV rows with their header names, a few hundred rows per page', async () => {
    const rows = Array.from(
      { length: 450 },
      (_, i) => `Company ${i + 1};"${i + 1},000";"line one\nline two"`,
    );
    const result = await extract(
      'deals.csv',
      ['Company;Revenue;Notes', ...rows].join('\r\n'),
      'text/csv',
    );
    expect(result.pages).toHaveLength(3);
    const first = result.pages[0]!.text.split('\n');
    expect(first[0]).toBe('Row 1: Company | Revenue | Notes');
    expect(first[1]).toBe('Row 2: Company: Company 1 | Revenue: 1,000 | Notes: line one line two');
    expect(result.pages[2]!.text.split('\n').at(-1)).toBe(
      'Row 451: Company: Company 450 | Revenue: 450,000 | Notes: line one line two',
    );
  });

  it('reads TSV by its type', async () => {
    const result = await extract(
      'list.tsv',
      'Name\tCity\nAda\tLondon\n',
      'text/tab-separated-values',
    );
    expect(texts(result)).toEqual(['Row 1: Name | City\nRow 2: Name: Ada | City: London']);
  });

  it('strips a BOM, falls back to Latin-1, and cuts long text at line ends', async () => {
    const bom = await extract(
      'bom.md',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# Title\nBody')]),
      'text/markdown',
    );
    expect(texts(bom)).toEqual(['# Title\nBody']);
    const latin1 = await extract(
      'latin1.txt',
      Buffer.from('Caf\xe9 cr\xe8me', 'latin1'),
      'text/plain',
    );
    expect(texts(latin1)).toEqual(['Café crème']);
    const lines = Array.from({ length: 200 }, (_, i) => `Line ${i} ${'x'.repeat(40)}`);
    const long = await extract('long.txt', lines.join('\n'), 'text/plain');
    expect(long.pages.length).toBe(4);
    expect(long.pages.every((page) => page.text.length <= 3000)).toBe(true);
    expect(long.pages.map((page) => page.text).join('\n')).toBe(lines.join('\n'));
  });
});

describe('PowerPoint', () => {
  it('reads each slide title first, then top to bottom, then its speaker notes', async () => {
    const pptx = writePptx([
      {
        title: 'Deal summary',
        body: ['Price: 10m', 'Closing in Q3'],
        notes: 'Mention the escrow.',
      },
      { title: 'Risks', body: ['Change of control'] },
    ]);
    const progress: [number, number][] = [];
    const target = path.join(dir, 'deck.pptx');
    await writeFile(target, pptx);
    const result = await extractor.extract({
      file: localFileSource(target),
      mimeType: MIME.pptx,
      originalName: 'deck.pptx',
      onProgress: (done, count) => progress.push([done, count]),
    });
    expect(texts(result)).toEqual([
      'Deal summary\nClosing in Q3\nPrice: 10m\nNotes: Mention the escrow.',
      'Risks\nChange of control',
    ]);
    expect(progress).toEqual([[2, 2]]);
  });

  it('reads legacy .ppt written by LibreOffice: title first, then by position, groups, notes', async () => {
    const result = await extract(
      'deal-deck.ppt',
      libreOfficeDeck(),
      'application/vnd.ms-powerpoint',
    );
    expect(texts(result)).toEqual([
      'Project Falcon\nManagement presentation, March 2026',
      'Key terms\nPurchase price: USD 120 million\nClosing expected in Q3 2026\nChange of control: consent required from Acme Shipping\n\nNotes: Confirm the consent deadline with counsel.',
      'Risks in Zürich — Société Générale facility\nGrouped box one\nGrouped box two',
    ]);
  });

  it('reads legacy .ppt as PowerPoint writes it: texts from the slide list, the last save wins', async () => {
    const ppt = writePowerPointStylePpt(
      [
        {
          listed: ['Heads of terms', 'Exclusivity: 60 days\nBreak fee: 2%'],
          boxes: [{ text: 'Draft for discussion', top: 20_000 }],
          notes: 'Ask about the break fee.',
        },
        { listed: ['Next steps', 'Sign the NDA'] },
      ],
      { replaceSlide: { index: 1, slide: { listed: ['Next steps', 'Sign the SPA'] } } },
    );
    const result = await extract('terms.ppt', ppt, 'application/x-cfb');
    expect(texts(result)).toEqual([
      'Heads of terms\nExclusivity: 60 days\nBreak fee: 2%\nDraft for discussion\n\nNotes: Ask about the break fee.',
      'Next steps\nSign the SPA',
    ]);
  });

  it('reads the slides of a .ppt whose notes page is damaged, without the notes', async () => {
    const ppt = writePowerPointStylePpt([{ listed: ['Heads of terms'], notes: 'Ask about it.' }]);
    // The notes container's header (version 0xF, type 0x03F0) made into another record type.
    const notesHeader = ppt.indexOf(Buffer.from([0x0f, 0x00, 0xf0, 0x03]));
    expect(notesHeader).toBeGreaterThan(0);
    ppt.writeUInt16LE(0x03f8, notesHeader + 2);
    const result = await extract('damaged-notes.ppt', ppt, 'application/vnd.ms-powerpoint');
    expect(texts(result)).toEqual(['Heads of terms']);
  });
});
