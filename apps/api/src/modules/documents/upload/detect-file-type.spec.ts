import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeXls } from '../../../infra/extractor/fixtures/xls-writer.js';
import { DETECTION_HEAD_BYTES, detectFileType } from './detect-file-type.js';

/** What upload intake reads of a received file: its first DETECTION_HEAD_BYTES. */
async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(DETECTION_HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, DETECTION_HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const SUPPORTED =
  'Upload PDF, Word, Excel, PowerPoint, text, Markdown, CSV, JPEG, PNG or TIFF files.';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let dir: string;

async function detect(name: string, content: Buffer | string) {
  const target = path.join(dir, `upload-${Math.random().toString(36).slice(2)}`);
  await writeFile(target, content);
  return detectFileType(await readHead(target), name);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'clearroom-detect-'));
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('detectFileType', () => {
  it.each([
    ['notes.txt', 'text/plain', 'txt'],
    ['README.md', 'text/markdown', 'md'],
    ['Guide.MARKDOWN', 'text/markdown', 'markdown'],
    ['deals.csv', 'text/csv', 'csv'],
    ['deals.tsv', 'text/tab-separated-values', 'tsv'],
  ])('accepts text named %s as %s', async (name, mimeType, extension) => {
    expect(await detect(name, '# Closing\nThe parties agree, in <b>bold</b>.\n')).toEqual({
      accepted: true,
      mimeType,
      extension,
    });
  });

  it.each([
    ['page.html', '<!DOCTYPE html><html><body><p>Closing</p></body></html>', 'html'],
    ['data.json', '{"closing": "2027-03-01"}', 'json'],
    ['run.sh', '#!/bin/sh\necho closing\n', 'sh'],
    ['drawing.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="10"></svg>', 'svg'],
    ['styles.css', 'body { color: red; }', 'css'],
  ])(
    'refuses text named %s: the name is the only evidence of what text is',
    async (name, content, extension) => {
      expect(await detect(name, content)).toEqual({
        accepted: false,
        reason: `"${name}" is not a supported file type (its content is text, and .${extension} is not a text format Clearroom reads (.txt, .md, .markdown, .csv, .tsv)). ${SUPPORTED}`,
      });
    },
  );

  it('refuses an SVG that opens with an XML declaration as XML', async () => {
    const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>';
    expect(await detect('logo.svg', svg)).toEqual({
      accepted: false,
      reason: `"logo.svg" is not a supported file type (its content is XML (application/xml)). ${SUPPORTED}`,
    });
  });

  it('refuses text without an extension, saying how to name it', async () => {
    expect(await detect('README', 'Closing date: 1 March 2027.\n')).toEqual({
      accepted: false,
      reason: `"README" is not a supported file type (its content is text, but its name has no extension: name it .txt, .md or .csv). ${SUPPORTED}`,
    });
  });

  it('refuses text named like another format as a contradiction', async () => {
    expect(await detect('contract.pdf', 'Closing date: 1 March 2027.\n')).toEqual({
      accepted: false,
      reason:
        '"contract.pdf" is named .pdf but its content is plain text (text/plain): rename it or upload the intended file.',
    });
  });

  it('accepts legacy Excel workbooks by their OLE container and name', async () => {
    expect(await detect('Budget.xls', writeXls({ Budget: [['Item', 'Cost']] }))).toEqual({
      accepted: true,
      mimeType: 'application/vnd.ms-excel',
      extension: 'xls',
    });
  });

  it("accepts Excel's XML Spreadsheet 2003 and web pages saved as .xls, and no other text", async () => {
    const legacyExcel = { accepted: true, mimeType: 'application/vnd.ms-excel', extension: 'xls' };
    const rows = { Budget: [['Item', 'Cost']] };
    expect(await detect('Budget.xls', writeXls(rows, { bookType: 'xlml' }))).toEqual(legacyExcel);
    expect(await detect('Report.XLS', writeXls(rows, { bookType: 'html' }))).toEqual(legacyExcel);
    // The same markup under other names is not a workbook.
    expect(await detect('Budget.xml', writeXls(rows, { bookType: 'xlml' }))).toMatchObject({
      accepted: false,
    });
    expect(await detect('Report.html', writeXls(rows, { bookType: 'html' }))).toMatchObject({
      accepted: false,
    });
    expect(await detect('notes.xls', 'Item,Cost\nAudit,1200\n')).toEqual({
      accepted: false,
      reason:
        '"notes.xls" is named .xls but its content is plain text (text/plain): rename it or upload the intended file.',
    });
  });

  it('accepts images by their bytes, and refuses them under a document name', async () => {
    expect(await detect('scan.png', PNG)).toEqual({
      accepted: true,
      mimeType: 'image/png',
      extension: 'png',
    });
    expect(await detect('scan.xls', PNG)).toMatchObject({
      accepted: false,
      reason: expect.stringMatching(/^"scan\.xls" is named \.xls but its content is an image/),
    });
  });
});
