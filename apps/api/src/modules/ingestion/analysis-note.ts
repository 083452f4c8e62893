/** Ranges listed before the rest is summed up, so a note stays a sentence. */
const MAX_RANGES = 8;

/**
 * Page numbers as a person writes them: "2, 5–7, 10–13". Sorted and deduplicated first; past
 * eight ranges the rest is left as "…", e.g. "1, 3, 5, 7, 9, 11, 13, 15, …".
 */
export function formatPageRanges(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length;) {
    const first = sorted[i]!;
    let last = first;
    while (sorted[i + 1] === last + 1) last = sorted[++i]!;
    i++;
    ranges.push(first === last ? String(first) : `${first}–${last}`);
  }
  return ranges.length > MAX_RANGES
    ? `${ranges.slice(0, MAX_RANGES).join(', ')}, …`
    : ranges.join(', ');
}

/**
 * What a completed document's status should add, for the person who uploaded it: which scanned
 * pages were not read and who can change that, e.g. "4 scanned pages (10–13) have no text layer
 * and were not read: ask your administrator to enable OCR, then upload the file again". What to
 * install is the administrator's business: it is in the log. Null when every page was read.
 */
export function unreadPagesNote(unreadPages: readonly number[] | undefined): string | null {
  const count = new Set(unreadPages).size;
  if (count === 0) return null;
  const pages = formatPageRanges(unreadPages!);
  const what =
    count === 1
      ? `1 scanned page (${pages}) has no text layer and was`
      : `${count} scanned pages (${pages}) have no text layer and were`;
  return `${what} not read: ask your administrator to enable OCR (text recognition), then upload the file again.`;
}
