import { describe, expect, it } from '@jest/globals';
import { ExtractionError } from './extractor.port.js';
import { fileKind } from './file-kind.js';

describe('fileKind', () => {
  it.each([
    ['application/pdf', 'a.pdf', 'pdf'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a.docx', 'docx'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'a.xlsx', 'xlsx'],
    ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'a.pptx', 'pptx'],
    ['application/zip', 'Deck.PPTX', 'pptx'],
    ['application/x-cfb', 'old.doc', 'doc'],
    ['application/msword', 'old.doc', 'doc'],
    ['text/plain', 'notes.txt', 'text'],
    ['text/plain', 'list.csv', 'csv'],
    ['text/plain; charset=utf-8', 'README', 'text'],
    ['text/markdown', 'a.md', 'text'],
    ['application/vnd.ms-excel', 'export.csv', 'csv'],
    ['application/vnd.ms-excel', 'book.xls', 'xls'],
    ['application/x-cfb', 'BOOK.XLS', 'xls'],
    ['application/vnd.ms-excel', 'book', 'xls'],
    ['text/tab-separated-values', 'a.tsv', 'tsv'],
    ['image/tiff', 'scan.tif', 'image'],
  ])('%s named %s is read as %s', (mimeType, name, kind) => {
    expect(fileKind(mimeType, name)).toBe(kind);
  });

  it('refuses legacy presentations, pointing to the way out', () => {
    expect(() => fileKind('application/x-cfb', 'deck.ppt')).toThrow(
      new ExtractionError(
        'legacy .ppt files are not supported by the built-in reader: save as .pptx or configure Apache Tika (EXTRACTOR_DRIVER=tika)',
      ),
    );
    expect(() => fileKind('application/vnd.ms-powerpoint', 'deck')).toThrow(/^legacy \.ppt files/);
  });

  it('refuses what it cannot read', () => {
    expect(() => fileKind('application/zip', 'archive.zip')).toThrow(
      'unsupported file type (application/zip): upload PDF, Word, Excel, PowerPoint, CSV, text or image (JPEG, PNG, TIFF) files',
    );
  });
});
