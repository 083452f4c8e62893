import path from 'node:path';
import { ExtractionError } from './extractor.port.js';
import type { ParseKind } from './embedded/parsers/protocol.js';

/** What the embedded extractor reads a file as: a format its parse processes read, or an image for OCR. */
export type FileKind = ParseKind | 'image';

const BY_MIME_TYPE: Record<string, FileKind> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template': 'docx',
  'application/vnd.ms-word.document.macroenabled.12': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template': 'xlsx',
  'application/vnd.ms-excel.sheet.macroenabled.12': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow': 'pptx',
  'application/vnd.ms-powerpoint.presentation.macroenabled.12': 'pptx',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/msword': 'doc',
  'application/vnd.ms-excel': 'xls',
  'text/csv': 'csv',
  'text/tab-separated-values': 'tsv',
  'text/markdown': 'text',
  'text/x-markdown': 'text',
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/tiff': 'image',
};

const BY_EXTENSION: Record<string, FileKind> = {
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.docm': 'docx',
  '.dotx': 'docx',
  '.xlsx': 'xlsx',
  '.xlsm': 'xlsx',
  '.xls': 'xls',
  '.pptx': 'pptx',
  '.pptm': 'pptx',
  '.ppsx': 'pptx',
  '.ppt': 'ppt',
  '.pps': 'ppt',
  '.pot': 'ppt',
  '.doc': 'doc',
  '.dot': 'doc',
  '.csv': 'csv',
  '.tsv': 'tsv',
  '.txt': 'text',
  '.md': 'text',
  '.markdown': 'text',
  '.jpg': 'image',
  '.jpeg': 'image',
  '.png': 'image',
  '.tif': 'image',
  '.tiff': 'image',
};

/** Containers whose content only the file name tells apart (zip: OOXML; x-cfb: legacy Office). */
const GENERIC_TYPES = new Set([
  'application/zip',
  'application/x-cfb',
  'application/octet-stream',
  'text/plain',
]);

/** Throws ExtractionError for formats the embedded extractor cannot read. */
export function fileKind(mimeType: string, originalName: string): FileKind {
  const mime = mimeType.toLowerCase().split(';')[0]!.trim();
  const extension = path.extname(originalName).toLowerCase();
  const named = BY_EXTENSION[extension];
  // Browsers on Windows label CSV files application/vnd.ms-excel: the name decides.
  const kind =
    GENERIC_TYPES.has(mime) || (mime === 'application/vnd.ms-excel' && named)
      ? (named ?? (mime === 'text/plain' ? 'text' : undefined))
      : BY_MIME_TYPE[mime];
  if (!kind) {
    throw new ExtractionError(
      `unsupported file type (${mime || 'unknown'}): upload PDF, Word, Excel, PowerPoint, CSV, text or image (JPEG, PNG, TIFF) files`,
    );
  }
  return kind;
}
