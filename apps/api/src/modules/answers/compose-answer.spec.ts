import { describe, expect, it } from '@jest/globals';
import type { Category, ComposedAnswer, Evidence, UnderstoodQuestion } from './answer.types.js';
import { composeAnswer } from './compose-answer.js';
import { evidenceOn } from './fixtures/evidence.js';
import { pageLookupKey, traceProblems } from './trace.js';
import { understandQuestion } from './understand-question.js';

const NETGEAR_P1 =
  'DISTRIBUTOR AGREEMENT\n\n1. Appointment. NETGEAR hereby appoints Distributor, and Distributor shall be the only distributor appointed by NETGEAR in the Territory.\n' +
  'Following the initial one (1) year term, the appointment shall be non-exclusive unless the parties agree otherwise.\n';
const NETGEAR_P8 =
  '19. Governing Law. This Agreement shall be governed by and construed in accordance with the laws of the State of California, excluding its conflict of laws rules. ' +
  'The parties submit to the jurisdiction of the courts in Santa Clara County.\n';
const INKTOMI_P7 =
  "9. LIMITATION OF LIABILITY.\nIN NO EVENT SHALL EITHER PARTY'S AGGREGATE LIABILITY EXCEED [***] DOLLARS. Except for breaches of Section 5, neither party shall be liable for indirect damages.";

function span(
  documentId: number,
  documentName: string,
  pageNumber: number,
  pageText: string,
  phrase: string,
  category: Category,
  score = 0.9,
): Evidence {
  return evidenceOn(
    { documentId, documentName, pageNumber, pageText, pageCount: 12 },
    phrase,
    category,
    score,
  );
}

const pagesOf = (evidence: Evidence[]) =>
  new Map(evidence.map((each) => [pageLookupKey(each.documentId, each.pageNumber), each.pageText]));

const documents = [
  { documentId: 1, names: ['NETGEAR distributor agreement'] },
  { documentId: 2, names: ['Inktomi software hosting agreement'] },
  { documentId: 3, names: ['Aura strategic alliance agreement'] },
];
const ask = (question: string): UnderstoodQuestion => understandQuestion(question, { documents });

describe('composeAnswer for one document', () => {
  it('answers an absent clause as absent though a runner-up category has a clause', () => {
    const text =
      'Neither party may assign this Agreement without the prior written consent of the other.';
    const evidence = [
      span(3, 'Aura strategic alliance agreement', 4, text, text, 'Anti-Assignment'),
    ];
    const understood = ask('Does the Aura agreement have an IP ownership assignment clause?');
    expect(understood.categories[0]).toBe('Ip Ownership Assignment');
    expect(understood.categories).toContain('Anti-Assignment');
    const answer = composeAnswer(understood, evidence);
    expect(answer.text).toMatch(/^No IP ownership assignment clause was found in Aura/);
    expect(answer.citations).toEqual([]);
  });

  it('lets a clause of another category answer when it names the asked one in its own words', () => {
    const text =
      'Neither party may assign this Agreement, including upon a change of control, without the prior written consent of the other party.';
    const evidence = [
      span(3, 'Aura strategic alliance agreement', 4, text, text, 'Anti-Assignment'),
    ];
    const understood = ask(
      'Can either party of the Aura agreement assign it after a change of control?',
    );
    expect(understood.categories[0]).toBe('Change Of Control');
    const answer = composeAnswer(understood, evidence);
    expect(answer.text).not.toMatch(/was found/);
    expect(answer.citations).toHaveLength(1);
    expect(answer.citations[0]!.quote).toContain('change of control');
  });

  it('answers a place question with the value first, then the sentence that carries it', () => {
    const evidence = [
      span(1, 'NETGEAR distributor agreement', 8, NETGEAR_P8, NETGEAR_P8.trim(), 'Governing Law'),
    ];
    const answer = composeAnswer(
      ask('What law governs the NETGEAR distributor agreement?'),
      evidence,
    );
    const lines = answer.text.split('\n');
    expect(lines[0]).toBe('California (excluding its conflict of laws rules) [1]');
    expect(lines[1]).toMatch(/^"This Agreement shall be governed .* rules\." \[1\]$/);
    expect(answer.citations).toHaveLength(1);
    expect(answer.citations[0]).toMatchObject({ number: 1, documentId: 1, pageNumber: 8 });
    expect(answer.citations[0]!.quote).not.toContain('Santa Clara');
    expect(NETGEAR_P8.slice(answer.citations[0]!.start, answer.citations[0]!.end)).toBe(
      answer.citations[0]!.quote,
    );
    expect(answer.documents).toEqual([
      expect.objectContaining({ documentId: 1, status: 'answered', citations: [1] }),
    ]);
    expect(traceProblems(answer, pagesOf(evidence))).toEqual([]);
  });

  it('answers yes with the clause and a qualifier of the same document, numbered in order', () => {
    const evidence = [
      span(
        1,
        'NETGEAR distributor agreement',
        1,
        NETGEAR_P1,
        NETGEAR_P1.slice(NETGEAR_P1.indexOf('1. Appointment')).trim(),
        'Exclusivity',
      ),
    ];
    const answer = composeAnswer(
      ask('Is Ingram Micro the exclusive distributor under the NETGEAR agreement?'),
      evidence,
    );
    const lines = answer.text.split('\n');
    expect(lines[0]).toBe('Yes.');
    expect(lines[1]).toContain('the only distributor appointed by NETGEAR in the Territory." [1]');
    expect(lines[2]).toBe(
      'Qualified by: "Following the initial one (1) year term, the appointment shall be non-exclusive unless the parties agree otherwise." [2]',
    );
    expect(answer.citations.map((citation) => citation.number)).toEqual([1, 2]);
    expect(traceProblems(answer, pagesOf(evidence))).toEqual([]);
  });

  it('says "Possibly" before a value or clause that only search found (tentative evidence)', () => {
    const governing = {
      ...span(
        1,
        'NETGEAR distributor agreement',
        8,
        NETGEAR_P8,
        NETGEAR_P8.trim(),
        'Governing Law',
      ),
      tentative: true,
    };
    const place = composeAnswer(ask('What law governs the NETGEAR distributor agreement?'), [
      governing,
    ]);
    expect(place.text.split('\n')[0]).toBe(
      'Possibly California (excluding its conflict of laws rules) [1]',
    );
    expect(traceProblems(place, pagesOf([governing]))).toEqual([]);

    const appointment = {
      ...span(
        1,
        'NETGEAR distributor agreement',
        1,
        NETGEAR_P1,
        'Distributor shall be the only distributor appointed by NETGEAR in the Territory.',
        'Exclusivity',
      ),
      tentative: true,
    };
    const clause = composeAnswer(ask('Show the exclusivity clause of the NETGEAR agreement'), [
      appointment,
    ]);
    const lines = clause.text.split('\n');
    expect(lines[0]).toBe('Possibly:');
    expect(lines[1]).toMatch(
      /^".*the only distributor appointed by NETGEAR in the Territory\." \[1\]$/,
    );
    expect(traceProblems(clause, pagesOf([appointment]))).toEqual([]);
  });

  it('says a redacted cap is redacted, citing the clause', () => {
    const evidence = [
      span(2, 'Inktomi software hosting agreement', 7, INKTOMI_P7, INKTOMI_P7, 'Cap On Liability'),
    ];
    const answer = composeAnswer(
      ask('What is the cap on liability in the Inktomi agreement?'),
      evidence,
    );
    expect(answer.text.split('\n')[0]).toBe(
      'The cap amount is redacted in the filed copy (page 7) [1].',
    );
    expect(answer.citations[0]!.quote).toContain('EXCEED [***] DOLLARS');
    expect(answer.documents[0]!.status).toBe('redacted');
    expect(traceProblems(answer, pagesOf(evidence))).toEqual([]);
  });

  it('says "not found" with no quote when no candidate reaches the threshold', () => {
    const weak = span(
      3,
      'Aura strategic alliance agreement',
      2,
      INKTOMI_P7,
      'neither party shall be liable for indirect damages',
      'Liquidated Damages',
      0.2,
    );
    const answer = composeAnswer(
      ask('Are there liquidated damages in the Aura agreement?'),
      [weak],
      {
        documents: [
          { documentId: 3, documentName: 'Aura strategic alliance agreement', pageCount: 19 },
        ],
      },
    );
    expect(answer.text).toBe(
      'No liquidated-damages clause was found in Aura strategic alliance agreement (19 pages searched).',
    );
    expect(answer.citations).toEqual([]);
    expect(answer.documents).toEqual([
      expect.objectContaining({ status: 'not_found', citations: [] }),
    ]);
    expect(traceProblems(answer, pagesOf([weak]))).toEqual([]);
  });
  it("answers who the parties are from the preamble sentence that names a party's span", () => {
    const preamble =
      'DISTRIBUTOR AGREEMENT\n\nIngram Micro, a corporation organized under the laws of the State of California ("Distributor") and NETGEAR, Inc. ("NETGEAR") agree to the following terms. Prices are set out in Exhibit A.';
    const party = span(1, 'NETGEAR distributor agreement', 1, preamble, 'Ingram Micro', 'Parties');
    const answer = composeAnswer(ask('Who are the parties to the NETGEAR agreement?'), [party], {
      threshold: 0.5,
    });
    const [first, quote] = answer.text.split('\n');
    expect(first).toBe('Ingram Micro ("Distributor"); NETGEAR, Inc. ("NETGEAR") [1]');
    expect(quote).toMatch(
      /^"Ingram Micro, a corporation .* agree to the following terms\." \[1\]$/,
    );
    expect(traceProblems(answer, pagesOf([party]))).toEqual([]);
  });

  it('reads the parties from the whole preamble when a sentence break falls inside it', () => {
    const preamble =
      'SECOND AMENDMENT\nTHIS AMENDMENT is made as of the 23rd day of February, 1998, by and between ALPHA QUOTE, INC., with its principal place of business at 300 South Drive, Chicago, Illinois 60605 ("AQ") and A.B. Beta, Inc., with its principal place of business at 33 West Street, New York, New York 10011 ("ABB").\nWHEREAS, AQ and ABB have executed an agreement.';
    const party = span(
      1,
      'Alpha co-branding amendment',
      1,
      preamble,
      'ALPHA QUOTE, INC.',
      'Parties',
    );
    const answer = composeAnswer(ask('Who are the parties to the Alpha amendment?'), [party], {
      threshold: 0.5,
    });
    expect(answer.text.split('\n')[0]).toBe(
      'ALPHA QUOTE, INC. ("AQ"); A.B. Beta, Inc. ("ABB") [1]',
    );
    expect(traceProblems(answer, pagesOf([party]))).toEqual([]);
  });

  it('quotes a second candidate of the clause on another page when it scores nearly as high', () => {
    const p3 = 'The initial term of this Agreement is two (2) years from the Effective Date.';
    const p9 = 'Thereafter this Agreement renews for successive one (1) year renewal terms.';
    const p10 = 'Either party may elect not to renew upon written notice before the renewal date.';
    const name = 'NETGEAR distributor agreement';
    const evidence = [
      span(1, name, 3, p3, p3, 'Renewal Term', 0.8),
      span(1, name, 9, p9, p9, 'Renewal Term', 0.78),
      span(1, name, 10, p10, p10, 'Renewal Term', 0.6),
    ];
    const answer = composeAnswer(
      ask('What does the renewal clause of the NETGEAR agreement say?'),
      evidence,
      { threshold: 0.5 },
    );
    // Pages 3 and 9 score alike: both are quoted; page 10 scores far lower and is not.
    expect(answer.citations.map((citation) => citation.pageNumber)).toEqual([3, 9]);
    expect(answer.text.split('\n')).toEqual([`"${p3}" [1]`, `"${p9}" [2]`]);
    expect(traceProblems(answer, pagesOf(evidence))).toEqual([]);
  });
});

describe('composeAnswer quoting the clause where it is written several times', () => {
  it('quotes at most three distinct sentences of close candidates, best first, none repeated', () => {
    const name = 'NETGEAR distributor agreement';
    const term = 'The initial term of this Agreement is two (2) years from the Effective Date.';
    const renewal = 'Thereafter this Agreement renews for successive one (1) year renewal terms.';
    const p3 = `${term}\n${renewal}\n`;
    const p10 = 'Each renewal term runs on the terms of the initial term.';
    const p11 = 'Renewal terms end with this Agreement.';
    const evidence = [
      span(1, name, 3, p3, term, 'Renewal Term', 0.8),
      span(1, name, 3, p3, renewal, 'Renewal Term', 0.79),
      // The same words on another page (a repeated exhibit) are not quoted twice.
      span(1, name, 9, term, term, 'Renewal Term', 0.79),
      span(1, name, 10, p10, p10, 'Renewal Term', 0.785),
      span(1, name, 11, p11, p11, 'Renewal Term', 0.78),
      // Too far below the best to be quoted beside it.
      span(1, name, 12, p11, p11, 'Renewal Term', 0.7),
    ];
    const answer = composeAnswer(
      ask('What does the renewal clause of the NETGEAR agreement say?'),
      evidence,
      { threshold: 0.5 },
    );
    expect(answer.citations.map((citation) => [citation.number, citation.pageNumber])).toEqual([
      [1, 3],
      [2, 3],
      [3, 10],
    ]);
    expect(answer.text.split('\n')).toEqual([`"${term}" [1]`, `"${renewal}" [2]`, `"${p10}" [3]`]);
    expect(traceProblems(answer, pagesOf(evidence))).toEqual([]);
    // With no gap allowed, the best clause is quoted alone.
    const alone = composeAnswer(
      ask('What does the renewal clause of the NETGEAR agreement say?'),
      evidence,
      { threshold: 0.5, alsoQuotedGap: 0 },
    );
    expect(alone.citations.map((citation) => citation.pageNumber)).toEqual([3]);
  });
});

describe('composeAnswer quoting a value a sentence break cuts', () => {
  it('widens the quote through the date when "Dec." reads as a sentence end', () => {
    const name = 'NETGEAR distributor agreement';
    const page =
      'EXCLUSIVE DISTRIBUTOR AGREEMENT THIS EXCLUSIVE DISTRIBUTOR AGREEMENT (the "Agreement") shall be effective as of _Dec. 8, 2005 (hereinafter "Effective Date"), by and between NETGEAR and Distributor.\n';
    const evidence = [span(1, name, 1, page, page.trim(), 'Effective Date')];
    const answer = composeAnswer(
      ask('What is the effective date of the NETGEAR agreement?'),
      evidence,
      { threshold: 0.5 },
    );
    expect(answer.text).toMatch(/^2005-12-08/);
    expect(answer.citations[0]!.quote).toContain('Dec. 8, 2005');
    expect(traceProblems(answer, pagesOf(evidence))).toEqual([]);
  });
});

describe('composeAnswer quoting the detail of a governing-law value', () => {
  it('quotes the conflict-of-laws words it reports beside the governing law', () => {
    const name = 'NETGEAR distributor agreement';
    const clause =
      'This Agreement shall be governed by the laws of the State of California, U.S.A. without regard to conflicts of law provisions.';
    const evidence = [span(1, name, 8, `${clause}\n`, clause, 'Governing Law')];
    const answer = composeAnswer(ask('What law governs the NETGEAR agreement?'), evidence, {
      threshold: 0.5,
    });
    expect(answer.text).toMatch(/^California/);
    expect(answer.citations[0]!.quote).toContain('without regard to conflicts of law');
    expect(traceProblems(answer, pagesOf(evidence))).toEqual([]);
  });
});

describe('composeAnswer across documents', () => {
  it('lists the documents the clause index finds the clause in, not those where another clause mentions it', () => {
    const assignment =
      'Neither party may assign this Agreement, including upon a change of control, without consent.';
    const control = 'Upon a Change of Control of Licensee, Licensor may terminate this Agreement.';
    const evidence = [
      span(1, 'Alpha', 4, assignment, assignment, 'Anti-Assignment'),
      span(2, 'Beta', 6, control, control, 'Change Of Control'),
    ];
    const understood = understandQuestion('Which agreements have a change of control clause?', {
      documents: [1, 2].map((documentId) => ({ documentId, names: [`doc ${documentId}`] })),
    });
    const answer = composeAnswer(understood, evidence, {
      threshold: 0.5,
      documents: [
        { documentId: 1, documentName: 'Alpha' },
        { documentId: 2, documentName: 'Beta' },
      ],
    });
    expect(answer.text.split('\n')[0]).toBe('1 of 2 documents have a change-of-control clause:');
    expect(answer.citations.map((citation) => citation.documentId)).toEqual([2]);
    const none = composeAnswer(
      understandQuestion('Which agreements have an exclusivity clause?', {
        documents: [1, 2].map((documentId) => ({ documentId, names: [`doc ${documentId}`] })),
      }),
      evidence,
      {
        threshold: 0.5,
        documents: [
          { documentId: 1, documentName: 'Alpha' },
          { documentId: 2, documentName: 'Beta' },
        ],
      },
    );
    expect(none.text).toBe('0 of 2 documents have an exclusivity clause.');
  });

  it('lists every qualifying document with its value and a count', () => {
    const page = (state: string) =>
      `This Agreement shall be governed by the laws of the State of ${state}.`;
    const evidence = [
      span(1, 'Alpha', 3, page('Delaware'), page('Delaware'), 'Governing Law'),
      span(2, 'Beta', 5, page('New York'), page('New York'), 'Governing Law'),
      span(3, 'Gamma', 9, page('Delaware'), page('Delaware'), 'Governing Law'),
    ];
    const understood = understandQuestion('Which agreements are governed by Delaware law?', {
      documents: [1, 2, 3, 4].map((documentId) => ({ documentId, names: [`doc ${documentId}`] })),
    });
    const answer = composeAnswer(understood, evidence, {
      documents: [{ documentId: 4, documentName: 'Delta', pageCount: 4 }],
    });
    expect(answer.text.split('\n')).toEqual([
      '2 of 4 documents are governed by Delaware law:',
      '- Alpha: Delaware [1]',
      '- Gamma: Delaware [2]',
      'Not governed by Delaware law or not found in the other 2.',
    ]);
    expect(answer.documents.map((document) => document.status)).toEqual([
      'answered',
      'filtered_out',
      'answered',
      'not_found',
    ]);
    expect(traceProblems(answer, pagesOf(evidence), ['Delaware'])).toEqual([]);
  });
});

describe('traceProblems', () => {
  const evidence = [
    span(1, 'NETGEAR distributor agreement', 8, NETGEAR_P8, NETGEAR_P8.trim(), 'Governing Law'),
  ];
  const answer = composeAnswer(ask('What law governs the NETGEAR agreement?'), evidence);

  it('reads values that contain one another in any order ("England", "England and Wales")', () => {
    const page = 'This Agreement is governed by the laws of England and Wales.';
    const answer = {
      text: '2 of 2 documents are governed by England law:\n- A: England [1]\n- B: England and Wales [2]',
      citations: [1, 2].map((number) => ({
        number,
        documentId: number,
        pageNumber: 1,
        start: 0,
        end: page.length,
        quote: page,
      })),
      parts: [
        { kind: 'count', text: '2 of 2 documents are governed by England law:' },
        ...[
          ['England', 1],
          ['England and Wales', 2],
        ].map(([value, n]) => ({
          kind: 'document',
          text: `- x: ${value} [${n}]`,
          documentId: n,
          value: { value, asWritten: value },
          citation: n,
        })),
      ],
      documents: [
        { documentId: 1, documentName: 'A' },
        { documentId: 2, documentName: 'B' },
      ],
    } as unknown as ComposedAnswer;
    const pages = new Map([1, 2].map((id) => [pageLookupKey(id, 1), page]));
    expect(traceProblems(answer, pages)).toEqual([]);
  });

  it('finds words that are on no cited page', () => {
    const invented = {
      ...answer,
      text: `${answer.text}\nThe parties also agreed to arbitrate in Geneva.`,
    };
    expect(traceProblems(invented, pagesOf(evidence))).toEqual([
      'untraceable words: also agreed arbitrate geneva',
    ]);
  });

  it('finds a quote that is not its page and a misquoted passage', () => {
    const moved = {
      ...answer,
      citations: [{ ...answer.citations[0]!, start: answer.citations[0]!.start + 1 }],
    };
    expect(traceProblems(moved, pagesOf(evidence))).toEqual([
      'citation [1] is not the text of its page',
    ]);
    const misquoted = {
      ...answer,
      text: answer.text.replace('California, excluding', 'Nevada, excluding'),
    };
    expect(traceProblems(misquoted, pagesOf(evidence))[0]).toMatch(
      /^quoted text not in a cited quote/,
    );
  });

  it('finds markers out of order and markers without a citation', () => {
    const swapped = { ...answer, text: `${answer.text} [3]` };
    expect(traceProblems(swapped, pagesOf(evidence))).toEqual([
      'markers out of order: 1,3',
      'marker [3] has no citation',
    ]);
  });
});
