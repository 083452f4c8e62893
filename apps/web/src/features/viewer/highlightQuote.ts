/**
 * Finding a cited quote in the text runs of a PDF page's text layer.
 *
 * The server builds a page's text from the same pdf.js `getTextContent()` items the text layer
 * shows, but joins them with spaces and newlines of its own and drops control and zero-width
 * characters. So the quote is matched on the characters that carry text only: every kind of
 * whitespace and those dropped characters are left out on both sides, case-sensitively first,
 * then ignoring case.
 */

/** Whitespace (including no-break and typographic spaces) and what the extractor drops. */
// eslint-disable-next-line no-control-regex -- control characters are what this skips
const IGNORED = /[\s\u0000-\u001f\u007f\u00a0\u2000-\u200b\u202f\u205f\u3000\ufeff]/;

/** Part of one text run: characters `start` to `end` of `pieces[piece]`. */
export type PieceRange = { piece: number; start: number; end: number };

type Compact = { text: string; positions: Array<[piece: number, offset: number]> };

function compact(pieces: readonly string[], fold: boolean): Compact {
  let text = '';
  const positions: Array<[number, number]> = [];
  pieces.forEach((piece, pieceIndex) => {
    for (let offset = 0; offset < piece.length; offset++) {
      const char = piece.charAt(offset);
      if (IGNORED.test(char)) continue;
      text += foldChar(char, fold);
      positions.push([pieceIndex, offset]);
    }
  });
  return { text, positions };
}

/** Lower case, one UTF-16 unit for one (so positions stay aligned); else the character itself. */
function foldChar(char: string, fold: boolean): string {
  if (!fold) return char;
  const lower = char.toLowerCase();
  return lower.length === 1 ? lower : char;
}

/** `quote` without what the matching ignores. */
export function compactText(text: string, fold = false): string {
  return compact([text], fold).text;
}

/**
 * Where `quote` lies in the concatenation of `pieces` (the text layer's runs), as ranges within
 * the runs it covers, in order; empty when it is not found.
 */
export function findQuoteRanges(pieces: readonly string[], quote: string): PieceRange[] {
  for (const fold of [false, true]) {
    const needle = compactText(quote, fold);
    if (!needle) return [];
    const haystack = compact(pieces, fold);
    const index = haystack.text.indexOf(needle);
    if (index === -1) continue;
    const ranges: PieceRange[] = [];
    for (const [piece, offset] of haystack.positions.slice(index, index + needle.length)) {
      const last = ranges.at(-1);
      if (last?.piece === piece) last.end = offset + 1;
      else ranges.push({ piece, start: offset, end: offset + 1 });
    }
    return ranges;
  }
  return [];
}

export const HIGHLIGHT_CLASS = 'citation-highlight';

/**
 * Wraps the parts of the text-layer runs that hold `quote` in highlight elements
 * (`data-testid="citation-highlight"`), and returns them in order (none when not found).
 * Each run is expected to hold one text node, as pdf.js's TextLayer makes them.
 */
export function highlightQuote(runs: readonly HTMLElement[], quote: string): HTMLElement[] {
  const ranges = findQuoteRanges(
    runs.map((run) => run.textContent),
    quote,
  );
  const marks: HTMLElement[] = [];
  for (const { piece, start, end } of ranges) {
    const run = runs[piece];
    if (!run) continue;
    const text = run.textContent;
    const mark = run.ownerDocument.createElement('mark');
    mark.className = HIGHLIGHT_CLASS;
    mark.dataset['testid'] = HIGHLIGHT_CLASS;
    mark.textContent = text.slice(start, end);
    run.replaceChildren(text.slice(0, start), mark, text.slice(end));
    marks.push(mark);
  }
  return marks;
}
