import { describe, expect, it } from '@jest/globals';
import { chunkDocument, chunkPage } from './chunker.js';

/** `count` sentences of 20 words each, numbered so that each is unique. */
function twentyWordSentences(count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => `Sentence ${i} ${Array.from({ length: 17 }, () => 'word').join(' ')} end.`,
  );
}

describe('chunkPage', () => {
  it('gives exact character offsets into the page text', () => {
    const page = '  The Licensee pays. The Licensor delivers.\n\nNotices go by mail.  ';
    expect(chunkPage(page)).toEqual([
      {
        start: 2,
        end: 64,
        text: 'The Licensee pays. The Licensor delivers.\n\nNotices go by mail.',
      },
    ]);
  });

  it('keeps repeated header and footer lines out of the chunks, splitting around them', () => {
    const page =
      'The term is one year. It renews\nSource: ACME INC., 10-Q, 1/9/2020\nautomatically. Notice is due.';
    const chunks = chunkPage(page, new Set(['source: acme inc., #-q, #/#/#']));
    expect(chunks).toEqual([
      { start: 0, end: 31, text: 'The term is one year. It renews' },
      { start: 66, end: 95, text: 'automatically. Notice is due.' },
    ]);
    expect(chunks.some((chunk) => chunk.text.includes('Source'))).toBe(false);
  });

  it('gives no chunk for an empty or whitespace-only page, or one holding only a footer', () => {
    expect(chunkPage('')).toEqual([]);
    expect(chunkPage(' \n\t\n ')).toEqual([]);
    expect(chunkPage('Page 7 of 9\n', new Set(['page # of #']))).toEqual([]);
  });

  it('packs sentences up to 200 words, the next chunk repeating the last sentence', () => {
    const sentences = twentyWordSentences(30);
    const page = sentences.join(' ');
    const chunks = chunkPage(page);
    const sentenceRanges = chunks.map((chunk) => [
      sentences.findIndex((sentence) => chunk.text.startsWith(sentence)),
      sentences.findIndex((sentence) => chunk.text.endsWith(sentence)),
    ]);
    expect(sentenceRanges).toEqual([
      [0, 9],
      [9, 18],
      [18, 27],
      [27, 29],
    ]);
    for (const chunk of chunks) expect(page.slice(chunk.start, chunk.end)).toBe(chunk.text);
  });

  it('cuts a long passage without periods at whitespace, without overlap', () => {
    const words = Array.from({ length: 450 }, (_, i) => `w${i}`);
    const page = words.join(' ');
    const chunks = chunkPage(page);
    expect(chunks.map((chunk) => chunk.text.split(' ').length)).toEqual([200, 200, 50]);
    expect(chunks[1]).toMatchObject({ start: page.indexOf('w200'), end: page.indexOf(' w400') });
    expect(chunks[2]!.text.endsWith('w449')).toBe(true);
  });

  it('keeps redaction markers and legal abbreviations inside their sentences', () => {
    const page = 'Vyera pays [***] per unit, e.g. in the U.S. market. Section 1.2.3 applies.';
    expect(chunkPage(page).map((chunk) => chunk.text)).toEqual([page]);
  });
});

describe('chunkDocument', () => {
  it('chunks every page with its page number, leaving out the footer the pages repeat', async () => {
    const clauses = [
      'Payment is due monthly.',
      'Either party may terminate.',
      'Notices are written.',
    ];
    const pages = clauses.map((clause, i) => ({
      number: i + 1,
      text: `${clause}\nSource: ACME INC., 10-Q, 1/9/2020`,
    }));
    expect(await chunkDocument(pages)).toEqual([
      { pageNumber: 1, start: 0, end: 23, text: 'Payment is due monthly.' },
      { pageNumber: 2, start: 0, end: 27, text: 'Either party may terminate.' },
      { pageNumber: 3, start: 0, end: 20, text: 'Notices are written.' },
    ]);
  });

  it("keeps every row of a sheet's pages: rows look alike, and each page repeats the header", async () => {
    const notes = ['alpha', 'beta', 'gamma', 'delta'];
    const pages = [1, 2, 3, 4].map((number) => ({
      number,
      text: `Sheet: Ledger\nRow 1: ID | Value\nRow ${number + 1}: ID: ${number} | Value: 10\nNote ${notes[number - 1]}`,
    }));
    const chunks = await chunkDocument(pages, { tabular: true });
    expect(chunks.map((chunk) => chunk.pageNumber)).toEqual([1, 2, 3, 4]);
    for (const chunk of chunks) expect(chunk.text).toContain(`ID: ${chunk.pageNumber} | Value: 10`);
    // As a document's pages, the rows (alike once digits are masked) would be taken for footers.
    expect((await chunkDocument(pages)).map((chunk) => chunk.text).join()).not.toContain(
      'Value: 10',
    );
  });

  it('lets the event loop run while it chunks a huge document', async () => {
    const page = 'The parties agree to the terms set out below in full. '.repeat(1000);
    const pages = Array.from({ length: 400 }, (_, i) => ({ number: i + 1, text: page }));
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    const started = performance.now();
    await chunkDocument(pages);
    clearInterval(ticker);
    const elapsed = performance.now() - started;
    // At least one tick per 50 ms of chunking: the loop was never held for long.
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(elapsed / 50));
    expect(elapsed).toBeGreaterThan(50);
  });
});

describe('chunkDocument when every line repeats', () => {
  it('keeps the repeated lines rather than losing the whole document', async () => {
    const pages = [1, 2, 3, 4].map((number) => ({ number, text: `Page ${number} of the form.` }));
    expect((await chunkDocument(pages)).map((chunk) => [chunk.pageNumber, chunk.text])).toEqual([
      [1, 'Page 1 of the form.'],
      [2, 'Page 2 of the form.'],
      [3, 'Page 3 of the form.'],
      [4, 'Page 4 of the form.'],
    ]);
  });
});
