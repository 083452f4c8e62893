import { describe, expect, it } from '@jest/globals';
import type { Category, Evidence } from './answer.types.js';
import { answerCell } from './answer-cell.js';
import { startDateOf } from './start-date.js';

const PAGE =
  'This Agreement is entered into as of March 3, 2021 (the "Agreement Date"). ' +
  'This Agreement shall become effective on April 1, 2021 (the "Effective Date"). ' +
  'This Agreement shall expire three (3) years after the Effective Date.';

function evidence(phrase: string, category: Category, score: number, documentId = 7): Evidence {
  const start = PAGE.indexOf(phrase);
  return {
    documentId,
    documentName: 'Acme supply agreement',
    category,
    score,
    pageNumber: 1,
    start,
    end: start + phrase.length,
    pageText: PAGE,
    pageCount: 1,
  };
}

const agreementDate = evidence(
  'This Agreement is entered into as of March 3, 2021 (the "Agreement Date").',
  'Agreement Date',
  0.9,
);
const effectiveDate = evidence(
  'This Agreement shall become effective on April 1, 2021 (the "Effective Date").',
  'Effective Date',
  0.8,
);
const expiration = evidence(
  'This Agreement shall expire three (3) years after the Effective Date.',
  'Expiration Date',
  0.9,
);

describe('startDateOf', () => {
  it('prefers the effective date, else the agreement date, found clauses only, own document only', () => {
    expect(startDateOf([agreementDate, effectiveDate], 7, 0.5)).toBe('2021-04-01');
    expect(startDateOf([agreementDate], 7, 0.5)).toBe('2021-03-03');
    expect(startDateOf([{ ...effectiveDate, score: 0.3 }, agreementDate], 7, 0.5)).toBe(
      '2021-03-03',
    );
    expect(startDateOf([agreementDate, effectiveDate], 8, 0.5)).toBeUndefined();
    expect(startDateOf([expiration], 7, 0.5)).toBeUndefined();
  });

  it('lets an expiration stated from the effective date be answered as a date', () => {
    const startIso = startDateOf([effectiveDate, expiration], 7, 0.5);
    const cell = answerCell(
      { question: 'When does the agreement expire?', type: 'date' },
      [expiration],
      { threshold: 0.5, ...(startIso ? { startDates: new Map([[7, startIso]]) } : {}) },
    );
    // Three years from 1 April 2021: the term's last day.
    expect(cell).toMatchObject({ status: 'answered', value: '2024-03-31' });
  });
});
