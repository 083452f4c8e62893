import type { Citation, SearchPassage } from '@clearroom/contracts';
import { findQuote, type Span } from '../../common/text/find-quote.js';
import type { CitablePage } from '../documents/document-reader.service.js';
import { citedNumbers } from './citation-markers.js';

export const pageKey = (documentId: number, pageNumber: number) => `${documentId}:${pageNumber}`;

export type PageTexts = ReadonlyMap<string, string>;

export function pageTextsOf(pages: readonly CitablePage[]): PageTexts {
  return new Map(pages.map((page) => [pageKey(page.documentId, page.pageNumber), page.text]));
}

/** True when the citation's quote is exactly the cited page's text at its offsets. */
export function isVerified(citation: Citation, pages: PageTexts): boolean {
  const text = pages.get(pageKey(citation.documentId, citation.pageNumber));
  return (
    text !== undefined &&
    citation.quote.trim() !== '' &&
    citation.start >= 0 &&
    citation.end <= text.length &&
    text.slice(citation.start, citation.end) === citation.quote
  );
}

/**
 * Numbers the retrieved passages `[1]`…`[n]` as citations, keeping only those found on their page
 * as it is stored now (an index entry outliving a re-analysed page is dropped, never shown).
 */
export function citePassages(
  passages: readonly SearchPassage[],
  pages: readonly CitablePage[],
): Citation[] {
  const byKey = new Map(pages.map((page) => [pageKey(page.documentId, page.pageNumber), page]));
  const citations: Citation[] = [];
  for (const passage of passages) {
    const page = byKey.get(pageKey(passage.documentId, passage.pageNumber));
    if (!page) continue;
    const span: Span | null =
      page.text.slice(passage.start, passage.end) === passage.text
        ? { start: passage.start, end: passage.end }
        : findQuote(page.text, passage.text);
    if (!span) continue;
    citations.push({
      n: citations.length + 1,
      documentId: page.documentId,
      originalname: page.originalname,
      filename: page.filename,
      mimetype: page.mimetype,
      pageNumber: page.pageNumber,
      quote: page.text.slice(span.start, span.end),
      start: span.start,
      end: span.end,
    });
  }
  return citations;
}

/**
 * The citations an answer actually uses, in order of first use. Where the answer quotes a
 * passage word for word (the extractive answerer always does), the citation is narrowed to the
 * quoted words, so the viewer highlights exactly what the answer relies on. Every citation
 * returned is verified against its page.
 */
export function citationsUsed(
  answer: string,
  given: readonly Citation[],
  pages: PageTexts,
): Citation[] {
  const byNumber = new Map(given.map((citation) => [citation.n, citation]));
  return citedNumbers(answer).flatMap((n) => {
    const citation = byNumber.get(n);
    if (!citation) return [];
    const narrowed = narrow(citation, quotedBefore(answer, n), pages);
    return isVerified(narrowed, pages) ? [narrowed] : [];
  });
}

/** The sentence-like text written just before each `[n]` of the answer. */
function quotedBefore(answer: string, n: number): string[] {
  const claims: string[] = [];
  for (const match of answer.matchAll(new RegExp(`\\[${n}\\]`, 'g'))) {
    // Markers right before this one ("…years [1][2]") cite the same words.
    const before = answer.slice(0, match.index).replace(/(\s*\[\d+\])+\s*$/, '');
    // The claim starts after the previous citation or line break; other brackets ("[***]") are text.
    const previousMarker = [...before.matchAll(/\[\d+\]/g)].at(-1);
    const boundary = Math.max(
      before.lastIndexOf('\n'),
      previousMarker ? previousMarker.index + previousMarker[0].length - 1 : -1,
    );
    const claim = before
      .slice(boundary + 1)
      .trim()
      .replace(/^["“”']+|["“”']+$/g, '')
      .trim();
    if (claim) claims.push(claim);
  }
  return claims;
}

function narrow(citation: Citation, claims: string[], pages: PageTexts): Citation {
  const text = pages.get(pageKey(citation.documentId, citation.pageNumber));
  if (text === undefined) return citation;
  const spans = claims.flatMap((claim) => {
    const span = findQuote(text, claim, citation.start, citation.end);
    return span ? [span] : [];
  });
  if (spans.length === 0) return citation;
  const start = Math.min(...spans.map((span) => span.start));
  const end = Math.max(...spans.map((span) => span.end));
  return { ...citation, start, end, quote: text.slice(start, end) };
}

/** `"<original name> (Page N)"`, the spec's form of a source. */
export function sourceLabel(citation: Citation): string {
  return `${citation.originalname} (Page ${citation.pageNumber})`;
}

/** Original names of the cited documents, in order, without repeats. */
export function sourceFilesOf(citations: readonly Citation[]): string[] {
  return [...new Set(citations.map((citation) => citation.originalname))];
}
