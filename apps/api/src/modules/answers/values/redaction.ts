import type { Redaction } from '../answer.types.js';

/**
 * The marks filings use where confidential words were cut: `[***]`, `[*]`, `[ * ]`, `* * *`,
 * runs of three or more asterisks, and the bracketed notices some filers write instead.
 */
const REDACTION =
  /\[\s*\*(?:\s*\*)*\s*\]|\*(?:\s?\*){2,}|\[\s*(?:redacted|confidential(?: treatment requested)?|omitted)\s*\]/gi;

/** Every redaction mark in `text`, in order. */
export function findRedactions(text: string): Redaction[] {
  return [...text.matchAll(REDACTION)].map((match) => ({ marker: match[0], index: match.index }));
}

/** True when `text` has at least one redaction mark. */
export const hasRedaction = (text: string): boolean => findRedactions(text).length > 0;
