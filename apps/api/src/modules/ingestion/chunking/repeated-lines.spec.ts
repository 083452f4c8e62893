import { describe, expect, it } from '@jest/globals';
import { findRepeatedLines, lineKeys } from './repeated-lines.js';

function pages(...texts: string[]) {
  return texts.map((text, index) => ({ number: index + 1, text }));
}

describe('lineKeys', () => {
  it('trims, collapses spaces, folds case and masks digits', () => {
    expect(lineKeys('  Page 3   of 50 \nSource: ACME\tINC., 10-Q, 1/9/2020\n')).toEqual([
      'page # of #',
      'source: acme inc., #-q, #/#/#',
      '',
    ]);
  });
});

describe('findRepeatedLines', () => {
  it('finds a footer whose page number changes, on every page', async () => {
    const found = await findRepeatedLines(
      pages(
        'Intro text.\nPage 1 of 4',
        'More text.\nPage 2 of 4',
        'Other words.\nPage 3 of 4',
        'Last words.\nPage 4 of 4',
      ),
    );
    expect([...found]).toEqual(['page # of #']);
  });

  it('needs the line on 40% of the pages with text and on at least 3 of them', async () => {
    const withFooter = (text: string) => `${text}\nACME CONFIDENTIAL`;
    expect(await findRepeatedLines(pages(withFooter('a'), withFooter('b'), 'c', 'd', 'e'))).toEqual(
      new Set(),
    );
    expect(
      await findRepeatedLines(
        pages(withFooter('a'), withFooter('b'), withFooter('c'), 'd', 'e', 'f', ''),
      ),
    ).toEqual(new Set(['acme confidential']));
    expect(await findRepeatedLines(pages(withFooter('a'), withFooter('b')))).toEqual(new Set());
  });

  it('ignores lines without a letter', async () => {
    expect(await findRepeatedLines(pages('x\n1', 'y\n2', 'z\n3', 'w\n[***]'))).toEqual(new Set());
  });
});
