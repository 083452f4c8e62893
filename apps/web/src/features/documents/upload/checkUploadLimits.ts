import type { UploadLimits, UploadOutcome } from '@clearroom/contracts';

export type RejectedOutcome = Extract<UploadOutcome, { status: 'rejected' }>;

export type UploadPlan =
  { ok: true; toSend: File[]; rejected: RejectedOutcome[] } | { ok: false; error: string };

const BYTES_PER_MB = 1024 * 1024;

/**
 * The server's limits (`GET /api/config`), checked before sending so that a file it would refuse
 * is not sent for nothing. The server still decides.
 */
export function checkUploadLimits(
  files: readonly File[],
  { maxFileSizeMb, maxFiles }: UploadLimits,
): UploadPlan {
  if (files.length > maxFiles) {
    return {
      ok: false,
      error: `Too many files: ${files.length} selected, at most ${maxFiles} can be uploaded at once.`,
    };
  }
  const toSend: File[] = [];
  const rejected: RejectedOutcome[] = [];
  for (const file of files) {
    if (file.size > maxFileSizeMb * BYTES_PER_MB) {
      rejected.push({
        status: 'rejected',
        originalname: file.name,
        size: file.size,
        error: `"${file.name}" is larger than the ${maxFileSizeMb} MB limit per file.`,
        code: 'PAYLOAD_TOO_LARGE',
      });
    } else {
      toSend.push(file);
    }
  }
  return { ok: true, toSend, rejected };
}
