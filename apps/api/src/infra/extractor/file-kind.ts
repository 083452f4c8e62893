import path from 'node:path';
import { SUPPORTED_FORMATS } from '@clearroom/contracts';
import { ExtractionError } from './extractor.port.js';
import type { ParseKind } from './embedded/parsers/protocol.js';

/** What the embedded extractor reads a file as: a format its parse processes read, or an image for OCR. */
export type FileKind = ParseKind | 'image';

const BY_MIME_TYPE: Record<string, FileKind> = Object.fromEntries(
  SUPPORTED_FORMATS.flatMap((format) => format.mimeTypes.map((mime) => [mime, format.parser])),
);

const BY_EXTENSION: Record<string, FileKind> = Object.fromEntries(
  SUPPORTED_FORMATS.flatMap((format) =>
    [...format.extensions, ...(format.alsoReads ?? [])].map((extension) => [
      `.${extension}`,
      format.parser,
    ]),
  ),
);

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
