import {
  dealStages,
  type ExtractableDealField,
  type ExtractDealDetailsResponse,
  extractableDealFields,
  SHORT_TEXT_MAX_LENGTH,
} from '@clearroom/contracts';
import type {
  CandidatePage,
  FoundDealValue,
} from '../../infra/deal-extractor/deal-extractor.port.js';

export type VerifiedDetails = Pick<ExtractDealDetailsResponse, 'dealDetails' | 'provenance'>;
export type Rejection = { field: string; reason: string };

const flat = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Keeps only the values whose passage is really on the page they name: `start`/`end` must be a
 * range of that page's text, and the passage must contain the value (whitespace and case aside).
 * A deal stage is one of the stage options, so it must be one of them instead of a quote.
 * Everything else is dropped and reported to `onRejected`.
 */
export function verifyFoundValues(
  found: Partial<Record<string, FoundDealValue>>,
  pages: readonly CandidatePage[],
  onRejected: (rejection: Rejection) => void,
): VerifiedDetails {
  const byRef = new Map(pages.map((page) => [`${page.documentId}:${page.pageNumber}`, page]));
  const verified: VerifiedDetails = { dealDetails: {}, provenance: {} };
  for (const [field, candidate] of Object.entries(found)) {
    if (!candidate) continue;
    const reason = problemWith(field, candidate, byRef);
    if (reason) {
      onRejected({ field, reason });
      continue;
    }
    const page = byRef.get(`${candidate.documentId}:${candidate.pageNumber}`)!;
    const key = field as ExtractableDealField;
    verified.dealDetails[key] = candidate.value.replace(/\s+/g, ' ').trim();
    verified.provenance[key] = {
      documentId: page.documentId,
      originalname: page.originalname,
      pageNumber: page.pageNumber,
      quote: page.text.slice(candidate.start, candidate.end),
      start: candidate.start,
      end: candidate.end,
    };
  }
  return verified;
}

function problemWith(
  field: string,
  candidate: FoundDealValue,
  pages: Map<string, CandidatePage>,
): string | null {
  if (!(extractableDealFields as readonly string[]).includes(field)) return 'not a deal field';
  const value = typeof candidate.value === 'string' ? candidate.value.trim() : '';
  if (!value) return 'empty value';
  if (value.length > SHORT_TEXT_MAX_LENGTH)
    return `value longer than ${SHORT_TEXT_MAX_LENGTH} characters`;
  const page = pages.get(`${candidate.documentId}:${candidate.pageNumber}`);
  if (!page) return `page ${candidate.pageNumber} of document ${candidate.documentId} was not read`;
  const { start, end } = candidate;
  if (
    !Number.isInteger(start) ||
    !Number.isInteger(end) ||
    start < 0 ||
    end <= start ||
    end > page.text.length
  ) {
    return `quote [${start}, ${end}) is not a range of the page (${page.text.length} characters)`;
  }
  if (field === 'dealStage') {
    return (dealStages as readonly string[]).includes(value) ? null : 'not one of the deal stages';
  }
  return flat(page.text.slice(start, end)).includes(flat(value))
    ? null
    : 'the quote does not contain the value';
}
