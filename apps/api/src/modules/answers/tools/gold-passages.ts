import { findQuote, type Span } from '../../../common/text/find-quote.js';

export type LocatedPassage = { pageNumber: number; start: number; end: number };

const ALNUM = /[\p{L}\p{N}]/u;
/** Characters of a passage's start and end matched when the whole does not match (text layers differ in places). */
const ENDS = 40;

/**
 * Where an annotator's passage (copied from CUAD's txt file) is in the page text the product
 * extracted from the PDF: first exactly up to whitespace, else comparing letters and digits only,
 * else by its first and last 40 letters on one page. Null when it cannot be found.
 */
export function locatePassage(pages: readonly string[], passage: string): LocatedPassage | null {
  return locateIn(pages, passage, new Map());
}

/** `locatePassage` for many passages of one document: the pages' letters are read once. */
export function passageLocator(
  pages: readonly string[],
): (passage: string) => LocatedPassage | null {
  const cache = new Map<number, Flat>();
  return (passage) => locateIn(pages, passage, cache);
}

function locateIn(
  pages: readonly string[],
  passage: string,
  cache: Map<number, Flat>,
): LocatedPassage | null {
  for (const [index, page] of pages.entries()) {
    const span = findQuote(page, passage);
    if (span) return { pageNumber: index + 1, ...span };
  }
  const needle = alnum(passage).flat;
  if (needle.length < 8) return null;
  for (const [index, page] of pages.entries()) {
    const haystack = cache.get(index) ?? alnum(page);
    cache.set(index, haystack);
    const whole = find(haystack, needle);
    if (whole) return { pageNumber: index + 1, ...whole };
    if (needle.length < 2 * ENDS) continue;
    const head = find(haystack, needle.slice(0, ENDS));
    const tail = head && find(haystack, needle.slice(-ENDS), head.start);
    if (head && tail && tail.end - head.start < needle.length * 2)
      return { pageNumber: index + 1, start: head.start, end: tail.end };
  }
  return null;
}

type Flat = { flat: string; origin: number[] };

function alnum(text: string): Flat {
  let flat = '';
  const origin: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (ALNUM.test(char)) {
      flat += char.toLowerCase();
      origin.push(index);
    }
  }
  return { flat, origin };
}

function find(haystack: Flat, needle: string, from = 0): Span | null {
  const fromFlat = haystack.origin.findIndex((at) => at >= from);
  const at = haystack.flat.indexOf(needle, Math.max(0, fromFlat));
  if (at < 0) return null;
  return { start: haystack.origin[at]!, end: haystack.origin[at + needle.length - 1]! + 1 };
}
