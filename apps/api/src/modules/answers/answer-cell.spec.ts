import { describe, expect, it } from '@jest/globals';
import type { Category, Evidence } from './answer.types.js';
import { answerCell } from './answer-cell.js';
import { evidenceOn } from './fixtures/evidence.js';

const PAGE_1 =
  'This Agreement shall be governed by the laws of the State of New York. ' +
  'Neither party may assign this Agreement without the prior written consent of the other party.';
const PAGE_2 = "In no event shall either party's liability exceed [***].";

function evidence(
  pageNumber: number,
  pageText: string,
  phrase: string,
  category: Category,
  score: number,
): Evidence {
  const page = { documentId: 7, documentName: 'Acme supply agreement', pageNumber, pageText };
  return evidenceOn({ ...page, pageCount: 2 }, phrase, category, score);
}

const own = [
  evidence(
    1,
    PAGE_1,
    'This Agreement shall be governed by the laws of the State of New York.',
    'Governing Law',
    0.97,
  ),
  evidence(
    1,
    PAGE_1,
    'Neither party may assign this Agreement without the prior written consent of the other party.',
    'Anti-Assignment',
    0.93,
  ),
  evidence(2, PAGE_2, PAGE_2, 'Cap On Liability', 0.95),
  evidence(2, PAGE_2, PAGE_2, 'Non-Compete', 0.3),
];

describe('answerCell', () => {
  it('answers a place cell with the value, its citation and the clause score', () => {
    const cell = answerCell({ question: 'Governing law?', type: 'place' }, own);
    expect(cell).toMatchObject({ status: 'answered', value: 'New York', confidence: 0.97 });
    expect(cell.citations).toEqual([
      expect.objectContaining({
        number: 1,
        documentId: 7,
        pageNumber: 1,
        quote: own[0]!.pageText.slice(own[0]!.start, own[0]!.end),
      }),
    ]);
  });

  it('answers a yes/no cell "Yes" when the clause is there', () => {
    const cell = answerCell({ question: 'Can the agreement be assigned?', type: 'yes_no' }, own);
    expect(cell).toMatchObject({ status: 'answered', value: 'Yes', confidence: 0.93 });
    expect(cell.citations[0]!.quote).toContain('Neither party may assign');
  });

  it('says "redacted" when the typed value is blacked out, and "not found" without citations below the threshold', () => {
    const cap = answerCell({ question: 'What is the cap on liability?', type: 'money' }, own);
    expect(cap).toMatchObject({ status: 'redacted', value: null });
    expect(cap.answer).toBe(
      'The cap amount is redacted in the filed copy (page 2) [1].\n"In no event shall either party\'s liability exceed [***]." [1]',
    );
    const compete = answerCell({ question: 'Is there a non-compete?', type: 'yes_no' }, own);
    expect(compete).toMatchObject({
      status: 'not_found',
      value: null,
      citations: [],
      confidence: 0.7,
    });
    expect(compete.answer).toBe(
      'No non-compete clause was found in Acme supply agreement (2 pages searched).',
    );
  });

  it('uses its own document only', () => {
    const other = {
      ...own[0]!,
      documentId: 8,
      pageText: own[0]!.pageText.replace('New York', 'Texas'),
    };
    const cell = answerCell({ question: 'Governing law?', type: 'place' }, [own[1]!, other]);
    expect(cell.status).toBe('not_found');
  });

  it('answers a value column from the found clause that states the value', () => {
    const page =
      'This Agreement will automatically renew at the end of the Initial Term on a year to year basis. ' +
      'The Initial Term shall be two (2) years from the Effective Date.';
    const renewal = evidence(
      1,
      page,
      'This Agreement will automatically renew at the end of the Initial Term on a year to year basis.',
      'Expiration Date',
      0.9,
    );
    const term = evidence(
      1,
      page,
      'The Initial Term shall be two (2) years from the Effective Date.',
      'Expiration Date',
      0.7,
    );
    const cell = answerCell(
      { question: 'When does the agreement expire?', type: 'date' },
      [renewal, term],
      { threshold: 0.5, startDates: new Map([[7, '2019-11-20']]) },
    );
    expect(cell).toMatchObject({ status: 'answered', value: '2021-11-19', confidence: 0.7 });
    expect(cell.citations[0]?.quote).toBe(
      'The Initial Term shall be two (2) years from the Effective Date.',
    );
  });

  it('answers a value column from a second-choice clause that states it when no found one does', () => {
    const page =
      'This Agreement will automatically renew at the end of the Initial Term on a year to year basis. ' +
      'The Initial Term shall be two (2) years from the Effective Date. ' +
      'The parties may extend it by mutual agreement.';
    const renewal = evidence(
      1,
      page,
      'This Agreement will automatically renew at the end of the Initial Term on a year to year basis.',
      'Expiration Date',
      0.9,
    );
    const term = evidence(
      1,
      page,
      'The Initial Term shall be two (2) years from the Effective Date.',
      'Expiration Date',
      0.04,
    );
    const ask = (each: Evidence[]) =>
      answerCell({ question: 'When does the agreement expire?', type: 'date' }, each, {
        threshold: 0.5,
        startDates: new Map([[7, '2019-11-20']]),
      });
    expect(ask([renewal, term])).toMatchObject({ status: 'answered', value: '2021-11-19' });
    // Without a found clause of its own category, a candidate under the threshold answers nothing.
    expect(ask([term]).status).toBe('not_found');
  });
});
