import { describe, expect, it } from '@jest/globals';
import { partyWords } from './party-words.js';
import { understandQuestion } from './understand-question.js';

const documents = [
  { documentId: 1, names: ['NETGEAR,INC_04_21_2003-EX-10.16-DISTRIBUTOR AGREEMENT.pdf'] },
  { documentId: 2, names: ['INKTOMICORP_06_08_1998-EX-10.14-SOFTWARE HOSTING AGREEMENT.PDF'] },
  {
    documentId: 3,
    names: ['ENERGOUSCORP_03_16_2017-EX-10.24-STRATEGIC ALLIANCE AGREEMENT.PDF', 'Aura'],
  },
];

describe('understandQuestion', () => {
  it('reads the category, the type and the named document', () => {
    const understood = understandQuestion('What law governs the NETGEAR distributor agreement?', {
      documents,
    });
    expect(understood.categories[0]).toBe('Governing Law');
    expect(understood.answerType).toBe('place');
    expect(understood.scope).toEqual({ kind: 'named', documentIds: [1], exhaustive: false });
    expect(understood.negated).toBe(false);
  });

  it('maps lay and legal phrasings to the same clause through the thesaurus', () => {
    const ask = (question: string) => understandQuestion(question, { documents }).categories[0];
    expect(ask('Is Ingram Micro the exclusive distributor under the NETGEAR agreement?')).toBe(
      'Exclusivity',
    );
    expect(ask('Can either party walk away from the Inktomi deal?')).toBe(
      'Termination For Convenience',
    );
    expect(ask('What happens on a merger or sale of substantially all assets?')).toBe(
      'Change Of Control',
    );
    expect(ask('What is the cap on liability in the Inktomi agreement?')).toBe('Cap On Liability');
    expect(ask('Are there liquidated damages in the Aura agreement?')).toBe('Liquidated Damages');
    expect(ask('How much notice is needed to stop the agreement from renewing?')).toBe(
      'Notice Period To Terminate Renewal',
    );
    expect(ask("Is the licensee barred from hiring the other side's employees?")).not.toBe(
      'Governing Law',
    );
  });

  it('types the answer from the question and the clause', () => {
    const type = (question: string) => understandQuestion(question, { documents }).answerType;
    expect(type('Is Ingram Micro the exclusive distributor?')).toBe('yes_no');
    expect(type('What is the cap on liability?')).toBe('money');
    expect(type('When does the agreement expire?')).toBe('date');
    expect(type('How long is the renewal term?')).toBe('duration');
    expect(type('Who are the parties to the NETGEAR agreement?')).toBe('parties');
    expect(type('What does the non-compete clause say?')).toBe('clause');
  });

  it('reads an exhaustive question over every document with its value filter', () => {
    const understood = understandQuestion('Which agreements are governed by Delaware law?', {
      documents,
    });
    expect(understood.categories[0]).toBe('Governing Law');
    expect(understood.scope).toEqual({ kind: 'all', documentIds: [1, 2, 3], exhaustive: true });
    expect(understood.valueFilter).toBe('Delaware');
    expect(understood.answerType).toBe('place');
  });

  it('never takes the words of a place for a document\'s name ("New York" beside NEWFRONTIERMEDIA_…)', () => {
    const withNewYorkName = [
      ...documents,
      { documentId: 4, names: ['NEWFRONTIERMEDIAINC_01_01_2000-EX-10.1-LICENSE AGREEMENT.PDF'] },
      { documentId: 5, names: ['YORK WATER CO_05_05_2005-EX-10.2-SUPPLY AGREEMENT.PDF'] },
    ];
    const understood = understandQuestion('Which agreements are governed by New York law?', {
      documents: withNewYorkName,
    });
    expect(understood.scope).toEqual({
      kind: 'all',
      documentIds: [1, 2, 3, 4, 5],
      exhaustive: true,
    });
    expect(understood.valueFilter).toBe('New York');
    expect(understood.answerType).toBe('place');
  });

  it('names a document by a word capitalised inside ("mPhase\'s" for MphaseTechnologiesInc_…)', () => {
    const understood = understandQuestion(
      "What happens to mPhase's co-branding agreement on a change of control?",
      {
        documents: [
          ...documents,
          {
            documentId: 9,
            names: ['MphaseTechnologiesInc_20030911_10-K_EX-10.15_Co-Branding Agreement'],
          },
        ],
      },
    );
    expect(understood.scope).toEqual({ kind: 'named', documentIds: [9], exhaustive: false });
    expect(understood.categories[0]).toBe('Change Of Control');
  });

  it('prefers the document a word names whole to one whose name merely starts with it', () => {
    const understood = understandQuestion(
      'Does the ARMSTRONGFLOORING agreement have a license grant?',
      {
        documents: [
          { documentId: 1, names: ['ARMSTRONGFLOORING,INC_01_07_2019-EX-10.2-IP AGREEMENT'] },
          { documentId: 2, names: ['ArmstrongFlooringInc_20190107_8-K_EX-10.2_IP Agreement'] },
        ],
      },
    );
    expect(understood.scope).toEqual({ kind: 'named', documentIds: [1], exhaustive: false });
  });

  it('prefers a document named by a word written as a name to one a common word names', () => {
    const understood = understandQuestion(
      'What insurance must be carried under the Zounds agreement?',
      {
        documents: [
          { documentId: 1, names: ['ZoundsHearingInc_20190802_10-Q_Supply Agreement'] },
          { documentId: 2, names: ['Principal Life Insurance Company - Broker Dealer Agreement'] },
        ],
      },
    );
    expect(understood.scope).toEqual({ kind: 'named', documentIds: [1], exhaustive: false });
    expect(understood.categories[0]).toBe('Insurance');
  });

  it('lets a clause word written in lower case name no document, though a file name holds it', () => {
    const documents = [
      { documentId: 1, names: ['CARDIUMTHERAPEUTICS_2012-EX-10.1-First Amendment to License'] },
      { documentId: 2, names: ['FIRST CAPITAL BANCORP_2008-EX-10.2-Insurance Agreement'] },
      { documentId: 3, names: ['NETGEAR,INC_04_21_2003-EX-10.16-DISTRIBUTOR AGREEMENT'] },
    ];
    for (const question of [
      'Which agreements give a right of first refusal?',
      'Is there a right of first refusal?',
      'Which agreements require insurance?',
    ])
      expect(understandQuestion(question, { documents }).scope.kind).toBe('all');
    // Written as names, the same words still name their documents; other lower-case words too.
    expect(
      understandQuestion('Does the First Capital agreement have a right of first refusal?', {
        documents,
      }).scope.documentIds,
    ).toEqual([2]);
    expect(
      understandQuestion('what law governs the netgear agreement?', { documents }).scope
        .documentIds,
    ).toEqual([3]);
  });

  it('names a document by its parties, as its first page writes them ("Ingram Micro")', () => {
    const netgearOpening =
      'DISTRIBUTOR AGREEMENT\nBETWEEN\nINGRAM MICRO\nAND\nNETGEAR\nEffective Date: March 1, 1996\n' +
      'Ingram Micro, a corporation organized under the laws of the State of California, ("Distributor")\n' +
      'and NETGEAR, Inc. ("NETGEAR"), a wholly owned subsidiary of Bay Networks, Inc.';
    const withParties = [
      { documentId: 1, names: ['Distributor agreement'], parties: partyWords(netgearOpening) },
      { documentId: 2, names: ['Hosting agreement'], parties: ['inktomi', 'micro', 'devices'] },
      { documentId: 3, names: ['Alliance agreement'], parties: ['energous', 'dialog'] },
    ];
    const understood = understandQuestion('Is Ingram Micro the exclusive distributor?', {
      documents: withParties,
    });
    // "Micro" alone is also a party's word of document 2: the document with both words is meant.
    expect(understood.scope).toEqual({ kind: 'named', documentIds: [1], exhaustive: false });
    expect(understood.namingWords).toEqual(['ingram', 'micro']);
    expect(understood.categories[0]).toBe('Exclusivity');
    // A party's words name a document only when written as a name, and clause words never do.
    expect(partyWords(netgearOpening)).toEqual(['ingram', 'micro', 'netgear', 'bay']);
    expect(partyWords('WHEREAS, Vyera Pharmaceuticals, Inc. ("Vyera") and CytoDyn Inc.')).toEqual([
      'vyera',
      'pharmaceuticals',
      'cytodyn',
    ]);
    const lower = understandQuestion('Is the ingram arrangement exclusive?', {
      documents: withParties,
    });
    expect(lower.scope.kind).toBe('all');
  });

  it('scopes "the documents in this conversation" and "these agreements" to the conversation', () => {
    for (const question of [
      'Which of the documents in this conversation have a non-compete clause?',
      'Are these agreements governed by Delaware law?',
    ]) {
      const understood = understandQuestion(question, {
        documents,
        conversationDocumentIds: [2, 3],
      });
      expect(understood.scope).toEqual({
        kind: 'conversation',
        documentIds: [2, 3],
        exhaustive: true,
      });
    }
    // Without a conversation, the same words ask about every document.
    expect(
      understandQuestion('Are these agreements governed by Delaware law?', { documents }).scope
        .kind,
    ).toBe('all');
  });

  it('follows the conversation for "it", and notices negation', () => {
    const understood = understandQuestion('Does it have no non-compete clause?', {
      documents,
      conversationDocumentIds: [2],
    });
    expect(understood.scope).toEqual({ kind: 'conversation', documentIds: [2], exhaustive: false });
    expect(understood.categories[0]).toBe('Non-Compete');
    expect(understood.negated).toBe(true);
  });

  it('offers learned words to widen a search', () => {
    const understood = understandQuestion('Is there a change of control clause?', { documents });
    expect(understood.expansionTerms.length).toBeGreaterThan(3);
    expect(understood.expansionTerms).toEqual(expect.arrayContaining(['merger']));
    expect(understood.expansionTerms).not.toContain('change');
  });
});
