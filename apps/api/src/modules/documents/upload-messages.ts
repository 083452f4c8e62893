import type { UploadOutcome } from '@clearroom/contracts';
import { fileNameMessage, shownFileName } from './upload/file-names.js';
import type { ReceivedPart } from './upload/receive-uploads.js';

const MB = 1024 * 1024;

export function rejectionFor(
  part: Exclude<ReceivedPart, { kind: 'file' }>,
  limits: { maxFileBytes: number; maxFiles: number },
): UploadOutcome {
  const { originalName } = part;
  switch (part.kind) {
    case 'empty':
      return {
        status: 'rejected',
        originalname: originalName,
        size: 0,
        code: 'VALIDATION_FAILED',
        error: `"${originalName}" is empty (0 bytes): there is nothing to analyse.`,
      };
    case 'too-large':
      return {
        status: 'rejected',
        originalname: originalName,
        size: part.size,
        code: 'PAYLOAD_TOO_LARGE',
        error: `"${originalName}" is larger than the ${formatLimit(limits.maxFileBytes)} limit per file.`,
      };
    case 'bad-name':
      return {
        status: 'rejected',
        originalname: shownFileName(originalName),
        size: 0,
        code: 'VALIDATION_FAILED',
        error: fileNameMessage(part.problem, originalName),
      };
    case 'too-many':
      return {
        status: 'rejected',
        originalname: originalName,
        size: part.size,
        code: 'PAYLOAD_TOO_LARGE',
        error: `"${originalName}" was not uploaded: at most ${limits.maxFiles} files can be uploaded at once.`,
      };
  }
}

function formatLimit(bytes: number): string {
  return bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes} bytes`;
}

/** The response's summary line: the spec's success text first, then what else happened. */
export function summarize(outcomes: UploadOutcome[]): string {
  const accepted = outcomes.filter((outcome) => outcome.status === 'accepted').length;
  const duplicates = outcomes.filter((outcome) => outcome.status === 'duplicate');
  const rejected = outcomes.filter((outcome) => outcome.status === 'rejected');
  const parts: string[] = [];
  if (accepted > 0 || (duplicates.length === 0 && rejected.length === 0)) {
    parts.push(`${accepted} file(s) uploaded successfully`);
  }
  if (duplicates.length > 0) {
    parts.push(
      `${duplicates.length} already in this project: ${duplicates.map((d) => d.originalname).join(', ')}`,
    );
  }
  if (rejected.length > 0) {
    parts.push(`${rejected.length} rejected: ${rejected.map((r) => r.originalname).join(', ')}`);
  }
  return parts.join('; ');
}
