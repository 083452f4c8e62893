import { describe, expect, it } from 'vitest';
import { formatFileSize, formatMegabytes } from './formatFileSize';

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1.0 MB'],
    [1000 * 1024, '1000.0 KB'],
    [1024 * 1024, '1.0 MB'],
    [5.25 * 1024 * 1024, '5.3 MB'],
    [1200 * 1024 * 1024, '1200.0 MB'],
  ])('%d bytes → %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it('shows megabytes to two decimals for the selected files', () => {
    expect(formatMegabytes(1_234_567)).toBe('1.18 MB');
    expect(formatMegabytes(512)).toBe('0.00 MB');
  });
});
