import type { PageText, SegmentPiece } from '../model/segment.js';

/**
 * Finds CUAD's gold passages (verbatim from CUAD's txt files) in the PDF's page text, where
 * whitespace, hyphenation, quotes and page furniture differ: both sides are compared as their
 * letters and digits only, lower-cased. A passage not found whole is found by its first and last
 * 40 such characters when they lie in the right order at about the right distance.
 */
export type LocatedPassage = { text: string; pieces: SegmentPiece[] };

type CharIndex = { chars: string; pageNumbers: Int32Array; offsets: Int32Array };

const ANCHOR = 40;

export function indexPages(pages: PageText[]): CharIndex {
  let chars = '';
  const pageNumbers: number[] = [];
  const offsets: number[] = [];
  for (const page of pages) {
    const lower = page.text.toLowerCase();
    for (let i = 0; i < lower.length; i++) {
      const ch = lower[i]!;
      if (/[a-z0-9]/.test(ch)) {
        chars += ch;
        pageNumbers.push(page.pageNumber);
        offsets.push(i);
      }
    }
  }
  return { chars, pageNumbers: Int32Array.from(pageNumbers), offsets: Int32Array.from(offsets) };
}

export function normalise(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Locates each passage, searching on from where the previous one of the list was found. */
export function locatePassages(index: CharIndex, passages: string[]): (LocatedPassage | null)[] {
  let from = 0;
  return passages.map((text) => {
    const found = find(index, normalise(text), from) ?? find(index, normalise(text), 0);
    if (!found) return null;
    from = found[0];
    return { text, pieces: piecesOf(index, found[0], found[1]) };
  });
}

function find(index: CharIndex, needle: string, from: number): [number, number] | null {
  if (needle.length === 0) return null;
  const exact = index.chars.indexOf(needle, from);
  if (exact >= 0) return [exact, exact + needle.length];
  if (needle.length < 2 * ANCHOR) return null;
  const head = index.chars.indexOf(needle.slice(0, ANCHOR), from);
  if (head < 0) return null;
  const tail = index.chars.indexOf(needle.slice(-ANCHOR), head + ANCHOR);
  if (tail < 0) return null;
  const length = tail + ANCHOR - head;
  if (length > needle.length * 1.3 || length < needle.length * 0.7) return null;
  return [head, tail + ANCHOR];
}

/** Character range [from, to) of the index → one piece per page, from the first to the last character. */
function piecesOf(index: CharIndex, from: number, to: number): SegmentPiece[] {
  const pieces: SegmentPiece[] = [];
  for (let i = from; i < to; i++) {
    const pageNumber = index.pageNumbers[i]!;
    const last = pieces.at(-1);
    if (last && last.pageNumber === pageNumber) last.end = index.offsets[i]! + 1;
    else pieces.push({ pageNumber, start: index.offsets[i]!, end: index.offsets[i]! + 1 });
  }
  return pieces;
}

/** Characters shared by two sets of pieces. */
export function overlap(a: SegmentPiece[], b: SegmentPiece[]): number {
  let total = 0;
  for (const x of a) {
    for (const y of b) {
      if (x.pageNumber !== y.pageNumber) continue;
      total += Math.max(0, Math.min(x.end, y.end) - Math.max(x.start, y.start));
    }
  }
  return total;
}

export function lengthOf(pieces: SegmentPiece[]): number {
  return pieces.reduce((sum, piece) => sum + piece.end - piece.start, 0);
}
