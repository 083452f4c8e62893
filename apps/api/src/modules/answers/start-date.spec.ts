import { describe, expect, it } from '@jest/globals';
import type { Category, Evidence } from './answer.types.js';
import { answerCell } from './answer-cell.js';
import { startDateOf, startOf } from './start-date.js';
import { evidenceOn } from './fixtures/evidence.js';

const PAGE =
  'This Agreement shall become effective on April 1, 2021 (the "Effective Date"). ' +
  'This Agreement shall expire three (3) years after the Effective Date.';
/** The signature page, which states the agreement's date and not its effective date. */
const SIGNED = 'This Agreement is entered into as of March 3, 2021 (the "Agreement Date").';

function evidence(
  phrase: string,
  category: Category,
  score: number,
  documentId = 7,
  pageText = PAGE,
): Evidence {
  const page = { documentId, documentName: 'Acme supply agreement', pageText };
  return { ...evidenceOn(page, phrase, category, score), pageNumber: pageText === PAGE ? 1 : 2 };
}

const agreementDate = evidence(SIGNED, 'Agreement Date', 0.9, 7, SIGNED);
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
    const unnamed = 'The Services start on April 1, 2021.';
    const lowEffective = evidence(unnamed, 'Effective Date', 0.3, 7, unnamed);
    expect(startDateOf([lowEffective, agreementDate], 7, 0.5)).toBe('2021-03-03');
    expect(startDateOf([agreementDate, effectiveDate], 8, 0.5)).toBeUndefined();
    const termOnly = 'This Agreement shall expire three (3) years after the Effective Date.';
    expect(
      startDateOf([evidence(termOnly, 'Expiration Date', 0.9, 7, termOnly)], 7, 0.5),
    ).toBeUndefined();
    // The term clause's page names the effective date: read there.
    expect(startDateOf([expiration], 7, 0.5)).toBe('2021-04-01');
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

  it('cites the start date an expiration was counted from, after the term clause', () => {
    const start = startOf([agreementDate, effectiveDate, expiration], 7, 0.5);
    expect(start?.iso).toBe('2021-04-01');
    const cell = answerCell(
      { question: 'When does the agreement expire?', type: 'date' },
      [expiration],
      { threshold: 0.5, ...(start ? { start } : {}) },
    );
    expect(cell.value).toBe('2024-03-31');
    expect(cell.citations.map((citation) => citation.quote)).toEqual([
      'This Agreement shall expire three (3) years after the Effective Date.',
      'This Agreement shall become effective on April 1, 2021 (the "Effective Date").',
    ]);
    expect(cell.answer).toBe(
      '2024-03-31 (three (3) years) [1]\n' +
        '"This Agreement shall expire three (3) years after the Effective Date." [1]\n' +
        'Counted from 2021-04-01, the date its terms run from: "This Agreement shall become effective on April 1, 2021 (the "Effective Date")." [2]',
    );
    for (const citation of cell.citations)
      expect(PAGE.slice(citation.start, citation.end)).toBe(citation.quote);
  });

  it('takes a year-only start date when no whole date is stated', () => {
    const page = 'This Agreement is dated as of ____________, 2020 (the "Effective Date").';
    const blank = { ...effectiveDate, pageText: page, start: 0, end: page.length };
    expect(startDateOf([blank], 7, 0.5)).toBe('2020');
    expect(startDateOf([blank, agreementDate], 7, 0.5)).toBe('2021-03-03');
  });

  it('falls back to a dated candidate under the threshold when no found passage states a date', () => {
    const page =
      'This Agreement is entered into as of the Effective Date. Signed at Houston on December 5, 2014.';
    const preamble = {
      ...effectiveDate,
      pageText: page,
      start: 0,
      end: page.indexOf(' Signed at'),
      score: 0.9,
    };
    const dated = {
      ...effectiveDate,
      pageText: page,
      start: page.indexOf('Signed at'),
      end: page.length,
      score: 0.07,
    };
    expect(startDateOf([preamble, dated], 7, 0.5)).toBe('2014-12-05');
    expect(startDateOf([preamble], 7, 0.5)).toBeUndefined();
    // A found passage's date, even its year alone, comes before a candidate's.
    const blank = 'This Agreement is dated as of ____________, 2020.';
    expect(
      startDateOf([{ ...preamble, pageText: blank, start: 0, end: blank.length }, dated], 7, 0.5),
    ).toBe('2020');
  });

  it('counts a term "from the date hereof" from the agreement date, others from the effective date', () => {
    const start = startOf([agreementDate, effectiveDate], 7, 0.5);
    expect(start?.iso).toBe('2021-04-01');
    expect(start?.agreement?.iso).toBe('2021-03-03');
    const page =
      'The term of this Agreement shall end on the first anniversary of the date hereof.';
    const hereof: Evidence = { ...expiration, pageText: page, start: 0, end: page.length };
    const ask = (clause: Evidence) =>
      answerCell({ question: 'When does the agreement expire?', type: 'date' }, [clause], {
        threshold: 0.5,
        ...(start ? { start } : {}),
      });
    const cell = ask(hereof);
    expect(cell.value).toBe('2022-03-03');
    expect(cell.citations[1]?.quote).toBe(
      'This Agreement is entered into as of March 3, 2021 (the "Agreement Date").',
    );
    expect(ask(expiration).value).toBe('2024-03-31');
  });
});

describe('startOf an effective date named beside its date', () => {
  const on = (pageText: string, phrase: string, category: Category) =>
    evidenceOn({ documentId: 4, documentName: 'Endorsement', pageText }, phrase, category, 0.9);

  it('takes the date a parenthesis names the effective date over the date of signing beside it', () => {
    const page =
      'THIS AGREEMENT is made as of this March 14, 2012 but effective as of March 1, 2012 (“Effective Date”) by and between Bizco and Ann Lee.';
    const start = startOf(
      [on(page, 'March 14, 2012', 'Effective Date'), on(page, 'March 1, 2012', 'Effective Date')],
      4,
      0.5,
    );
    expect(start?.iso).toBe('2012-03-01');
    expect(page.slice(start!.evidence.start, start!.evidence.end)).toBe(page);
    const hereinafter =
      'This Agreement is entered into as of the 26th day of May, 2017 (hereinafter referred to as the effective date of the Agreement), by and between Cool Inc. and Vet LLC.';
    expect(startOf([on(hereinafter, 'This Agreement', 'Agreement Date')], 4, 0.5)?.iso).toBe(
      '2017-05-26',
    );
  });

  it('takes the date the agreement is made effective on, not one another arrangement takes effect on', () => {
    const page =
      'This Agreement is executed in duplicate on the 5th day of December, 2007, in Fort Worth, Texas, to be effective January 1, 2008.';
    expect(startOf([on(page, '5th day of December, 2007', 'Agreement Date')], 4, 0.5)?.iso).toBe(
      '2008-01-01',
    );
    const other =
      'This Remarketing Agreement is dated August 26, 2014. Upon a Successful Remarketing, the Stated Maturity of the Securities will, effective October 8, 2014, be adjusted.';
    expect(startOf([on(other, 'August 26, 2014', 'Agreement Date')], 4, 0.5)?.iso).toBe(
      '2014-08-26',
    );
  });
});

describe('startOf a defined effective date', () => {
  const page =
    'Reseller agreement no. 12-34 between Northwind Ltd and Contoso plc. ' +
    'THE EFFECTIVE DATE OF THIS RESELLER AGREEMENT SHALL BE: Oct. 3, 2011. ' +
    'Signed by the parties on September 28, 2011.';
  const passage = (phrase: string, category: Category, score: number): Evidence =>
    evidenceOn(
      { documentId: 3, documentName: 'Northwind reseller agreement', pageText: page },
      phrase,
      category,
      score,
    );

  it('takes the date the document defines as its effective date over the model’s pick, and cites the definition', () => {
    const start = startOf(
      [
        passage('Signed by the parties on September 28, 2011.', 'Agreement Date', 0.9),
        passage('Reseller agreement no. 12-34', 'Effective Date', 0.6),
      ],
      3,
      0.5,
    );
    expect(start?.iso).toBe('2011-10-03');
    expect(page.slice(start!.evidence.start, start!.evidence.end)).toBe(
      'EFFECTIVE DATE OF THIS RESELLER AGREEMENT SHALL BE: Oct. 3, 2011',
    );
  });

  it('reads no definition from a date that merely follows the words', () => {
    const start = startOf(
      [passage('Signed by the parties on September 28, 2011.', 'Agreement Date', 0.9)],
      3,
      0.5,
    );
    expect(start?.iso).toBe('2011-10-03');
    const plain = 'The Effective Date of this agreement was agreed on October 3, 2011.';
    expect(
      startOf(
        [{ ...passage('Signed by', 'Agreement Date', 0.9), pageText: plain, start: 0, end: 10 }],
        3,
        0.5,
      ),
    ).toBeUndefined();
  });
});
