import { describe, expect, it } from '@jest/globals';
import { splitSentences } from './sentences.js';

const LIMITS = { maxWords: 200, maxChars: 3000 };

function sentences(text: string, limits = LIMITS): string[] {
  return splitSentences(text, 0, text.length, limits).map(({ start, end }) =>
    text.slice(start, end),
  );
}

describe('splitSentences', () => {
  it('ends sentences at periods, question and exclamation marks, with closing quotes', () => {
    expect(
      sentences('The term is one year. Is it renewable? Yes! He said "stop." Then left.'),
    ).toEqual([
      'The term is one year.',
      'Is it renewable?',
      'Yes!',
      'He said "stop."',
      'Then left.',
    ]);
  });

  it('does not end a sentence after an abbreviation, an initial or before lower case', () => {
    expect(
      sentences(
        'Payments, e.g. royalties, are due. Acme Inc. (the "Company") and J. Smith sign. ' +
          'It is governed by U.S. Federal law, i.e. the Code. See Sec. 4 and No. 12. Done.',
      ),
    ).toEqual([
      'Payments, e.g. royalties, are due.',
      'Acme Inc. (the "Company") and J. Smith sign.',
      'It is governed by U.S. Federal law, i.e. the Code.',
      'See Sec. 4 and No. 12.',
      'Done.',
    ]);
  });

  it('keeps a clause number with its heading, and section references inside sentences', () => {
    expect(
      sentences(
        '1. Definitions. 1.2.3 Terms in Section 1.2.3. apply. (a) The Licensee pays. 2. Term.',
      ),
    ).toEqual([
      '1. Definitions.',
      '1.2.3 Terms in Section 1.2.3. apply.',
      '(a) The Licensee pays.',
      '2. Term.',
    ]);
  });

  it('ends a sentence after a year or a redaction marker', () => {
    expect(sentences('It ends in 2019. The fee is [***]. The rest [* * *] stays.')).toEqual([
      'It ends in 2019.',
      'The fee is [***].',
      'The rest [* * *] stays.',
    ]);
  });

  it('ends sentences at blank lines and treats single line breaks as spaces', () => {
    expect(sentences('ARTICLE 1\nDEFINITIONS\n\n  Words have\nmeanings.\n \nEnd')).toEqual([
      'ARTICLE 1\nDEFINITIONS',
      'Words have\nmeanings.',
      'End',
    ]);
  });

  it('cuts a sentence longer than the limits at whitespace, with exact offsets', () => {
    const text = '  alpha beta gamma delta epsilon zeta  ';
    expect(splitSentences(text, 0, text.length, { maxWords: 4, maxChars: 100 })).toEqual([
      { start: 2, end: 24, words: 4 },
      { start: 25, end: 37, words: 2 },
    ]);
    expect(sentences('aaaa bbbb cccc dddd', { maxWords: 100, maxChars: 9 })).toEqual([
      'aaaa bbbb',
      'cccc dddd',
    ]);
  });

  it('splits only the requested span, and finds nothing in whitespace', () => {
    const text = 'Skip this. Keep this one. And this.';
    const spans = splitSentences(text, 10, text.length, LIMITS);
    expect(spans).toEqual([
      { start: 11, end: 25, words: 3 },
      { start: 26, end: 35, words: 2 },
    ]);
    expect(splitSentences(' \n\t ', 0, 4, LIMITS)).toEqual([]);
  });
});
