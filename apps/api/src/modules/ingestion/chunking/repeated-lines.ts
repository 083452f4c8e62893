/** A page's extracted text; lines are separated by "\n". */
export type PageText = { number: number; text: string };

/** Keys (see `lineKeys`) of the running headers and footers of one document. */
export type RepeatedLines = ReadonlySet<string>;

/**
 * 40% rather than a majority: CERES's footer "Page N of 75" sits on 75 of its 154 pages (its
 * exhibits have none), while no line of the corpus's contract text comes near 30%.
 */
const MIN_SHARE_OF_PAGES = 0.4;
const MIN_PAGES = 3;
const LETTER = /\p{L}/u;
const DIGITS = /\d+/g;
const SPACES_TO_COLLAPSE = /\s\s|[^\S ]/;

/**
 * Each line of the text as compared across pages, in order: trimmed, spaces collapsed, lower
 * case, digits masked, so that "Page 3 of 50" and "Page 4 of 50" have the same key. Done on
 * the whole page at once: this runs on every line of every page.
 */
export function lineKeys(text: string): string[] {
  return text
    .toLowerCase()
    .replace(DIGITS, '#')
    .split('\n')
    .map((line) => {
      const key = line.trim();
      return SPACES_TO_COLLAPSE.test(key) ? key.replace(/\s+/g, ' ') : key;
    });
}

/**
 * Finds the running headers and footers of a document: lines found on at least 40% of its
 * pages with text (and on at least 3). Anywhere on the page, not only at its edges: PDFs
 * converted from HTML often carry a printed page's footer in the middle of a PDF page. Lines
 * without a letter (bare page numbers, rules, a lone "[***]") are never reported: they carry
 * no words worth keeping out of the index, and skipping them would only cut passages apart.
 * `pause` is called after each page (see common/time-slices.ts).
 */
export async function findRepeatedLines(
  pages: readonly PageText[],
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<RepeatedLines> {
  const pagesByKey = new Map<string, number>();
  let pagesWithText = 0;
  for (const page of pages) {
    const keys = new Set(lineKeys(page.text));
    keys.delete('');
    if (keys.size > 0) pagesWithText++;
    for (const key of keys) pagesByKey.set(key, (pagesByKey.get(key) ?? 0) + 1);
    await pause();
  }
  const threshold = Math.max(MIN_PAGES, Math.ceil(pagesWithText * MIN_SHARE_OF_PAGES));
  const repeated = new Set<string>();
  for (const [key, count] of pagesByKey) {
    if (count >= threshold && LETTER.test(key)) repeated.add(key);
  }
  return repeated;
}
