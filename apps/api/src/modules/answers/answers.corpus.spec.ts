import { expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { corpusPath, describeWithCorpus } from '../../../test/support/corpus.js';
import { composeAnswer } from './compose-answer.js';
import { lexicalEvidence } from './lexical-evidence.js';
import { pageLookupKey, traceProblems } from './trace.js';
import { understandQuestion } from './understand-question.js';

const FILES = [
  'NETGEAR,INC_04_21_2003-EX-10.16-DISTRIBUTOR AGREEMENT',
  'INKTOMICORP_06_08_1998-EX-10.14-SOFTWARE HOSTING AGREEMENT',
];

describeWithCorpus('answers on real CUAD contracts (the txt versions, one page each)', () => {
  const documents = FILES.map((file, index) => ({
    documentId: index + 1,
    documentName: `${file}.pdf`,
    pages: [readFileSync(corpusPath(`cuad/txt/${file}.txt`), 'utf8')],
  }));
  const context = {
    documents: documents.map((d) => ({ documentId: d.documentId, names: [d.documentName] })),
  };
  const pages = new Map(documents.map((d) => [pageLookupKey(d.documentId, 1), d.pages[0]!]));
  const ask = (question: string) => {
    const understood = understandQuestion(question, context);
    const evidence = documents.flatMap((d) => lexicalEvidence(d, understood.categories));
    // The thesaurus' scores crowd near 1, unlike the clause model's that ALSO_QUOTED_GAP is
    // calibrated on: the best sentence is quoted alone.
    return composeAnswer(understood, evidence, { alsoQuotedGap: 0 });
  };

  it('states the NETGEAR governing law first, with its conflict-of-laws exception, and cites the clause', () => {
    const answer = ask('What law governs the NETGEAR distributor agreement?');
    expect(answer.text.split('\n')[0]).toBe(
      'California (except that body of law dealing with conflicts of law) [1]',
    );
    expect(answer.citations).toHaveLength(1);
    expect(answer.citations[0]!.quote).toMatch(/governed by the laws of the State of California/);
    expect(traceProblems(answer, pages)).toEqual([]);
  });

  it('lists the agreements governed by California law with a count', () => {
    const answer = ask('Which agreements are governed by California law?');
    expect(answer.text.split('\n')[0]).toMatch(/^\d of 2 documents are governed by California law/);
    expect(answer.documents.find((d) => d.documentId === 1)?.status).toBe('answered');
    expect(traceProblems(answer, pages, ['California'])).toEqual([]);
  });
});
