import { describe, expect, it } from 'vitest';
import { hasControlCharacters, hasInvisibleCharacters, withoutControlCharacters } from './text.js';

describe('text rules', () => {
  it('finds control characters; tabs and line breaks only in one-line text', () => {
    for (const char of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(hasControlCharacters(`a${char}b`, 'multi-line')).toBe(true);
      expect(hasControlCharacters(`a${char}b`, 'single-line')).toBe(true);
    }
    for (const char of ['\t', '\n', '\r']) {
      expect(hasControlCharacters(`a${char}b`, 'multi-line')).toBe(false);
      expect(hasControlCharacters(`a${char}b`, 'single-line')).toBe(true);
    }
    expect(hasControlCharacters('Zoë’s “deal” – €5M', 'single-line')).toBe(false);
  });

  it('removes control characters but keeps tabs and line breaks', () => {
    expect(withoutControlCharacters('a\u0000b\tc\nd\u001be')).toBe('ab\tc\nde');
  });

  it('finds invisible characters and text-direction controls, not visible letters', () => {
    for (const char of [
      '\u200b',
      '\u200c',
      '\u200d',
      '\u2060',
      '\ufeff',
      '\u00ad',
      '\u202e',
      '\u2066',
      '\u200f',
      '\u061c',
      '\u3164',
      '\ufe0f',
    ]) {
      expect([char.codePointAt(0)!.toString(16), hasInvisibleCharacters(`bo${char}b`)]).toEqual([
        char.codePointAt(0)!.toString(16),
        true,
      ]);
    }
    for (const name of ['bob', 'Zoë', 'Łukasz', '山田', 'عمر', 'o’neil']) {
      expect(hasInvisibleCharacters(name)).toBe(false);
    }
  });
});
