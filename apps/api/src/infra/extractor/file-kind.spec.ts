import { describe, expect, it } from '@jest/globals';
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
    ['application/x-cfb', 'deck.ppt', 'ppt'],
    ['application/x-cfb', 'SHOW.PPS', 'ppt'],
    ['application/vnd.ms-powerpoint', 'deck', 'ppt'],
  ])('%s named %s is read as %s', (mimeType, name, kind) => {
    expect(fileKind(mimeType, name)).toBe(kind);
  });

  it('refuses what it cannot read', () => {
    expect(() => fileKind('application/zip', 'archive.zip')).toThrow(
      'unsupported file type (application/zip): upload PDF, Word, Excel, PowerPoint, CSV, text or image (JPEG, PNG, TIFF) files',
    );
  });
});
