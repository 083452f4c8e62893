import { describe, expect, it } from '@jest/globals';
import type { SearchPassage } from '@clearroom/contracts';
import type { CitablePage } from '../documents/document-reader.service.js';
import { citationsUsed, citePassages, isVerified, pageTextsOf, sourceLabel } from './citations.js';

const PAGE_TEXT =
  'Section 9. Assignment.\nNeither party may assign this Agreement without the prior written\nconsent of the other party. Any attempted assignment is void.';

const page = (overrides: Partial<CitablePage> = {}): CitablePage => ({
  documentId: 4,
  originalname: 'MSA.pdf',
  filename: 'a'.repeat(32),
  mimetype: 'application/pdf',
  pageNumber: 9,
  text: PAGE_TEXT,
  ...overrides,
});

const passage = (
  text: string,
  start: number,
  overrides: Partial<SearchPassage> = {},
): SearchPassage => ({
  documentId: 4,
  originalname: 'MSA.pdf',
  pageNumber: 9,
  start,
  end: start + text.length,
  text,
  score: 1,
  ...overrides,
});

describe('citations', () => {
  const whole = passage(PAGE_TEXT, 0);

  it('numbers the passages found on their page, as "<name> (Page N)" sources', () => {
    const [citation] = citePassages([whole], [page()]);
    expect(citation).toMatchObject({
      n: 1,
      documentId: 4,
      pageNumber: 9,
      quote: PAGE_TEXT,
      start: 0,
    });
    expect(sourceLabel(citation!)).toBe('MSA.pdf (Page 9)');
  });

  it('drops a passage whose quote is not on the cited page, and one whose page is gone', () => {
    const notOnPage = passage('The licensor may assign freely.', 10);
    const pageGone = passage(PAGE_TEXT, 0, { pageNumber: 10 });
    const citations = citePassages([notOnPage, pageGone, whole], [page()]);
    expect(citations).toHaveLength(1);
    expect(citations[0]).toMatchObject({ n: 1, quote: PAGE_TEXT });
  });

  it('finds a passage whose offsets went stale at its new place on the page', () => {
    const sentence = 'Any attempted assignment is void.';
    const [citation] = citePassages([passage(sentence, 0)], [page()]);
    expect(citation!.start).toBe(PAGE_TEXT.indexOf(sentence));
    expect(isVerified(citation!, pageTextsOf([page()]))).toBe(true);
  });

  it('keeps only the citations the answer uses, narrowed to the words it quotes', () => {
    const other = page({
      documentId: 5,
      originalname: 'NDA.pdf',
      pageNumber: 1,
      text: 'Term. Two years.',
    });
    const given = citePassages(
      [whole, passage('Term. Two years.', 0, { documentId: 5, pageNumber: 1 })],
      [page(), other],
    );
    const answer =
      'From MSA.pdf:\n“Neither party may assign this Agreement without the prior written consent of the other party.” [1]';
    const used = citationsUsed(answer, given, pageTextsOf([page(), other]));
    expect(used).toHaveLength(1);
    expect(used[0]!.quote).toBe(
      'Neither party may assign this Agreement without the prior written\nconsent of the other party.',
    );
    expect(isVerified(used[0]!, pageTextsOf([page()]))).toBe(true);
  });

  it('narrows to a whole quote that contains brackets of its own, such as a redaction', () => {
    const text = 'Royalty. Licensee pays [***] percent of Net Sales. Payment is quarterly.';
    const redacted = page({ text });
    const given = citePassages([passage(text, 0)], [redacted]);
    const used = citationsUsed(
      'From MSA.pdf:\n“Licensee pays [***] percent of Net Sales.” [1]',
      given,
      pageTextsOf([redacted]),
    );
    expect(used[0]!.quote).toBe('Licensee pays [***] percent of Net Sales.');
  });

  it('keeps the whole passage when the answer paraphrases it', () => {
    const given = citePassages([whole], [page()]);
    const used = citationsUsed(
      'Assignment needs the other side’s consent [1].',
      given,
      pageTextsOf([page()]),
    );
    expect(used[0]!.quote).toBe(PAGE_TEXT);
  });

  it('never returns a citation for a number that was not given', () => {
    const given = citePassages([whole], [page()]);
    expect(
      citationsUsed('Void [1]. Also [7].', given, pageTextsOf([page()])).map((c) => c.n),
    ).toEqual([1]);
  });

  it('rejects a citation whose quote differs from the page text at its offsets', () => {
    const [citation] = citePassages([whole], [page()]);
    const texts = pageTextsOf([page()]);
    expect(isVerified({ ...citation!, quote: 'Neither party may assign' }, texts)).toBe(false);
    expect(isVerified({ ...citation!, end: PAGE_TEXT.length + 5 }, texts)).toBe(false);
    expect(isVerified({ ...citation!, pageNumber: 2 }, texts)).toBe(false);
  });
});
