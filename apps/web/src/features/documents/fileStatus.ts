import { inProgressFileStatuses, type ProjectFile } from '@clearroom/contracts';

/** Spec §3: the status is `processing_status`, also read as `processingStatus`. */
export function readFileStatus(file: ProjectFile): string {
  return file.processing_status ?? file.processingStatus ?? '';
}

export function isInProgress(file: ProjectFile): boolean {
  return inProgressFileStatuses.includes(readFileStatus(file));
}

/** 'indexed' is an older name for 'completed' (spec §4). */
export function isAnalysed(file: ProjectFile): boolean {
  const status = readFileStatus(file);
  return status === 'completed' || status === 'indexed';
}

export type StatusBadge = {
  label: string;
  color: 'default' | 'info' | 'success' | 'error';
  /** Shown with a pulse while analysis is under way. */
  pulse: boolean;
};

/** Spec §4: the badge for each status; any other or missing value is 'Not Processed'. */
export function statusBadge(file: ProjectFile): StatusBadge {
  switch (readFileStatus(file)) {
    case 'awaiting_processing':
      return { label: 'Awaiting Analysis', color: 'default', pulse: false };
    case 'processing':
      return { label: 'Processing...', color: 'info', pulse: true };
    case 'completed':
    case 'indexed':
      return { label: 'Analysis Complete', color: 'success', pulse: false };
    case 'failed':
      return { label: 'Analysis Failed', color: 'error', pulse: false };
    default:
      return { label: 'Not Processed', color: 'default', pulse: false };
  }
}

/** How far analysis got, e.g. '12 of 50 pages'; null until the pages have been counted. */
export function pagesProgress(file: ProjectFile): string | null {
  if (readFileStatus(file) !== 'processing' || !file.pageCount) return null;
  return `${file.pagesProcessed} of ${file.pageCount} ${file.pageCount === 1 ? 'page' : 'pages'}`;
}

/**
 * What a completed analysis could not read and what to do about it, e.g. '4 scanned pages
 * (10–13) have no text layer and were not read: ask your administrator to enable OCR…'; null
 * otherwise. The badge stays
 * 'Analysis Complete' (spec §4).
 */
export function analysisNote(file: ProjectFile): string | null {
  return (isAnalysed(file) && file.analysisNote) || null;
}
