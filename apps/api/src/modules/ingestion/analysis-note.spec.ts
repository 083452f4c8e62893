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
  const advice = 'install tesseract-ocr or use Tika';

  it('names the unread pages and what would read them', () => {
    expect(unreadPagesNote([10, 11, 12, 13], advice)).toBe(
      '4 scanned pages (10–13) were not read: install tesseract-ocr or use Tika',
    );
    expect(unreadPagesNote([2, 5, 6, 7], advice)).toBe(
      '4 scanned pages (2, 5–7) were not read: install tesseract-ocr or use Tika',
    );
  });

  it('speaks of one page in the singular', () => {
    expect(unreadPagesNote([3], advice)).toBe(
      '1 scanned page (3) was not read: install tesseract-ocr or use Tika',
    );
  });

  it('counts every unread page even when the list is shortened', () => {
    const odd = Array.from({ length: 20 }, (_, i) => 2 * i + 1);
    expect(unreadPagesNote(odd, advice)).toBe(
      '20 scanned pages (1, 3, 5, 7, 9, 11, 13, 15, …) were not read: install tesseract-ocr or use Tika',
    );
  });

  it('is null when every page was read, or the extractor cannot tell', () => {
    expect(unreadPagesNote([], advice)).toBeNull();
    expect(unreadPagesNote(undefined, undefined)).toBeNull();
  });
});
