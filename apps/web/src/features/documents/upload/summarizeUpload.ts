import type { UploadOutcome } from '@clearroom/contracts';

export type UploadSummary = {
  accepted: number;
  /** Names of files whose content was already in the project. */
  duplicates: string[];
  /** One message per refused file, naming it and the rule it broke. */
  rejections: string[];
};

/** What happened to one file of the last upload, as the results list shows it. */
export type FileResult = { name: string; outcome: 'uploaded' | 'duplicate' | 'refused' };

export function fileResults(outcomes: readonly UploadOutcome[]): FileResult[] {
  return outcomes.map((outcome) => ({
    name: outcome.originalname,
    outcome:
      outcome.status === 'accepted'
        ? 'uploaded'
        : outcome.status === 'duplicate'
          ? 'duplicate'
          : 'refused',
  }));
}

export function summarizeOutcomes(outcomes: readonly UploadOutcome[]): UploadSummary {
  const summary: UploadSummary = { accepted: 0, duplicates: [], rejections: [] };
  for (const outcome of outcomes) {
    switch (outcome.status) {
      case 'accepted':
        summary.accepted += 1;
        break;
      case 'duplicate':
        summary.duplicates.push(outcome.originalname);
        break;
      case 'rejected':
        summary.rejections.push(outcome.error);
        break;
    }
  }
  return summary;
}

/** Spec §4 '{n} file(s) uploaded successfully', plus the files that were already there. */
export function successMessage(accepted: number, duplicates: readonly string[]): string {
  const parts: string[] = [];
  if (accepted > 0 || duplicates.length === 0) {
    parts.push(`${accepted} file(s) uploaded successfully`);
  }
  if (duplicates.length > 0) {
    parts.push(`${duplicates.length} already in this project: ${duplicates.join(', ')}`);
  }
  return parts.join('; ');
}
