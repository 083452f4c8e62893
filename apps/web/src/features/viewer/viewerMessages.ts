/** Spec §8: the document viewer's errors. */
export const TOKEN_FAILED_MESSAGE = 'Failed to access document. Please try again.';
export const LOAD_FAILED_MESSAGE = 'Failed to load document. Please try again.';
export const FILE_NOT_FOUND_TOAST = {
  title: 'File not found',
  description: 'Could not locate the source document',
  variant: 'destructive',
} as const;
