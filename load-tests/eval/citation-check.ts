/**
 * Checks an answer's citations independently of the server's own check: each quote must be
 * exactly `pageText.slice(start, end)` of the cited page as `GET /api/files/:id/pages/:n` serves
 * it, and every `[n]` in the answer must refer to a citation that is present. Words the answer
 * itself puts in quotation marks before a marker (`“…” [n]`) must lie within what citation n
 * highlights, or the viewer highlights something other than what the reader was shown.
 */
import type { Citation, DocumentPageResponse } from '@clearroom/contracts';
import type { ApiClient } from '../bench/api-client.ts';

export type CitationCheck = {
  checked: number;
  verified: number;
  /** One line per citation that failed, saying why. */
  failures: string[];
  /** Markers `[n]` in the answer with no citation `n` (each number once). */
  phantoms: number[];
  /** Citations returned as used whose `[n]` the answer never shows. */
  unused: number[];
  /** `“…” [n]` quotations in the answer, and those found inside citation n's highlighted quote. */
  quotations: number;
  quotationsHighlighted: number;
  /** One line per quotation outside its citation's highlight, saying where it was found. */
  quotationProblems: string[];
};

export type PageTextSource = (documentId: number, pageNumber: number) => Promise<string | null>;

/** Page texts fetched once each; null when the page cannot be fetched. */
export function pageTextSource(client: ApiClient): PageTextSource {
  const cache = new Map<string, Promise<string | null>>();
  return (documentId, pageNumber) => {
    const key = `${documentId}:${pageNumber}`;
    let text = cache.get(key);
    if (!text) {
      text = client
        .json<DocumentPageResponse>('GET', `/api/files/${documentId}/pages/${pageNumber}`)
        .then((page) => page.text)
        .catch(() => null);
      cache.set(key, text);
    }
    return text;
  };
}

export async function checkCitations(
  pageText: PageTextSource,
  answer: string,
  citations: readonly Citation[],
): Promise<CitationCheck> {
  const failures: string[] = [];
  for (const citation of citations) {
    const text = await pageText(citation.documentId, citation.pageNumber);
    const label = `[${citation.n}] ${citation.originalname} p${citation.pageNumber}`;
    if (text === null) failures.push(`${label}: the page could not be fetched`);
    else if (!citation.quote) failures.push(`${label}: empty quote`);
    else if (text.slice(citation.start, citation.end) !== citation.quote) {
      failures.push(
        `${label}: quote is not text.slice(${citation.start}, ${citation.end})` +
          (text.includes(citation.quote) ? ' (found elsewhere on the page)' : ' (not on the page)'),
      );
    }
  }
  const markers = new Set([...answer.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1])));
  const numbers = new Set(citations.map((citation) => citation.n));
  const quotations = await checkQuotations(pageText, answer, citations);
  return {
    checked: citations.length,
    verified: citations.length - failures.length,
    failures,
    phantoms: [...markers].filter((n) => !numbers.has(n)),
    unused: [...numbers].filter((n) => !markers.has(n)),
    quotations: quotations.checked,
    quotationsHighlighted: quotations.checked - quotations.problems.length,
    quotationProblems: quotations.problems,
  };
}

/**
 * Quoted text followed by one or more markers, within one line: curly quotes may enclose the
 * contract's own quotation marks (the shortest span that ends in `” [n]`); straight ones may not.
 */
const QUOTATION = /“([^\n]{8,}?)”\s*((?:\[\d+\]\s*)+)|"([^"\n]{8,})"\s*((?:\[\d+\]\s*)+)/g;

async function checkQuotations(
  pageText: PageTextSource,
  answer: string,
  citations: readonly Citation[],
): Promise<{ checked: number; problems: string[] }> {
  const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
  const byNumber = new Map(citations.map((citation) => [citation.n, citation]));
  let checked = 0;
  const problems: string[] = [];
  for (const match of answer.matchAll(QUOTATION)) {
    const quoted = flat(match[1] ?? match[3]!);
    for (const n of [...(match[2] ?? match[4]!).matchAll(/\d+/g)].map(Number)) {
      const citation = byNumber.get(n);
      if (!citation) continue; // a phantom, counted as such
      checked++;
      if (flat(citation.quote).includes(quoted)) continue;
      const page = await pageText(citation.documentId, citation.pageNumber);
      const where =
        page !== null && flat(page).includes(quoted)
          ? 'on the cited page but outside the highlighted quote'
          : 'not on the cited page';
      const short = quoted.length > 70 ? `${quoted.slice(0, 70)}…` : quoted;
      problems.push(`[${n}] p${citation.pageNumber} "${short}": ${where}`);
    }
  }
  return { checked, problems };
}
