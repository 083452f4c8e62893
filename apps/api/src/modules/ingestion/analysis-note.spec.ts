import { describe, expect, it } from '@jest/globals';
import { formatPageRanges, unreadPagesNote } from './analysis-note.js';

describe('formatPageRanges', () => {
  it('writes runs of consecutive pages as ranges with an en dash', () => {
    expect(formatPageRanges([10, 11, 12, 13])).toBe('10–13');
    expect(formatPageRanges([2, 5, 6, 7])).toBe('2, 5–7');
    expect(formatPageRanges([1, 3])).toBe('1, 3');
    expect(formatPageRanges([4, 5])).toBe('4–5');
    expect(formatPageRanges([7])).toBe('7');
    expect(formatPageRanges([])).toBe('');
  });

  it('sorts and drops repeated pages first', () => {
    expect(formatPageRanges([7, 5, 2, 6, 5])).toBe('2, 5–7');
  });

  it('lists the first eight ranges and leaves the rest as an ellipsis', () => {
    const odd = Array.from({ length: 20 }, (_, i) => 2 * i + 1);
    expect(formatPageRanges(odd)).toBe('1, 3, 5, 7, 9, 11, 13, 15, …');
    expect(formatPageRanges(odd.slice(0, 8))).toBe('1, 3, 5, 7, 9, 11, 13, 15');
  });
});

describe('unreadPagesNote', () => {
  const ask =
    'not read: ask your administrator to enable OCR (text recognition), then upload the file again.';

  it('names the unread pages and who can have them read, without package names', () => {
    expect(unreadPagesNote([10, 11, 12, 13])).toBe(
      `4 scanned pages (10–13) have no text layer and were ${ask}`,
    );
    expect(unreadPagesNote([2, 5, 6, 7])).toBe(
      `4 scanned pages (2, 5–7) have no text layer and were ${ask}`,
    );
  });

  it('speaks of one page in the singular', () => {
    expect(unreadPagesNote([3])).toBe(`1 scanned page (3) has no text layer and was ${ask}`);
  });

  it('counts every unread page even when the list is shortened', () => {
    const odd = Array.from({ length: 20 }, (_, i) => 2 * i + 1);
    expect(unreadPagesNote(odd)).toBe(
      `20 scanned pages (1, 3, 5, 7, 9, 11, 13, 15, …) have no text layer and were ${ask}`,
    );
  });

  it('is null when every page was read, or the extractor cannot tell', () => {
    expect(unreadPagesNote([])).toBeNull();
    expect(unreadPagesNote(undefined)).toBeNull();
  });
});
