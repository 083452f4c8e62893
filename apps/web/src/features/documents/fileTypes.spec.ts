import { describe, expect, it } from 'vitest';
import { fileKind, fileTypeLabel } from './fileTypes';

describe('fileTypeLabel', () => {
  it.each([
    ['application/pdf', 'PDF'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'DOCX'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'XLSX'],
    ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'PPTX'],
    ['application/msword', 'DOC'],
    ['text/plain; charset=utf-8', 'TXT'],
    ['image/png', 'PNG'],
    ['image/jpeg', 'JPEG'],
    ['image/svg+xml', 'SVG'],
    ['application/zip', 'ZIP'],
    ['application/x-tar', 'TAR'],
  ])('%s → %s', (mimetype, label) => {
    expect(fileTypeLabel(mimetype)).toBe(label);
  });

  it("falls back to the name's extension when the type is unknown", () => {
    expect(fileTypeLabel('', 'Lease.Docx')).toBe('DOCX');
    expect(fileTypeLabel('application/octet-stream', 'data.bin')).toBe('BIN');
    expect(fileTypeLabel('', 'README')).toBe('FILE');
  });
});

describe('fileKind', () => {
  it.each([
    ['application/pdf', '', 'pdf'],
    ['application/msword', '', 'word'],
    ['application/vnd.ms-excel', '', 'excel'],
    ['text/csv', '', 'excel'],
    ['application/vnd.ms-powerpoint', '', 'powerpoint'],
    ['image/tiff', '', 'image'],
    ['text/plain', '', 'text'],
    ['text/html', '', 'text'],
    ['application/zip', '', 'other'],
    ['', 'deck.PPTX', 'powerpoint'],
  ])('%s %s → %s', (mimetype, name, kind) => {
    expect(fileKind(mimetype, name)).toBe(kind);
  });
});
