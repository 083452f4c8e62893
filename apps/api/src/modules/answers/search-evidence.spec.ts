import { describe, expect, it } from '@jest/globals';
import type { Evidence } from './answer.types.js';
import { composeAnswer } from './compose-answer.js';
import { SEARCH_FOUND_SHARE, scoreSentences, searchFallback } from './search-evidence.js';
import { understandQuestion } from './understand-question.js';

const PAGES = [
  'DISTRIBUTOR AGREEMENT\nThe parties agree as follows. Prices are set out in Exhibit A.',
  'Appointment. Supplier hereby appoints Distributor as the sole and exclusive distributor to market, promote, advertise and sell the Products in the Territory, and Supplier shall not appoint any other distributor in the Territory.',
  'This Agreement shall be governed by the laws of the State of California.',
];
const document = { documentId: 7, documentName: 'Distributor agreement.pdf', pages: PAGES };
const options = { candidateFloor: 0.1, found: 0.5 };

/** A stored candidate of the clause model below its own decision (scored under 0.5). */
function candidate(pageNumber: number, phrase: string, score: number): Evidence {
  const pageText = PAGES[pageNumber - 1]!;
  const start = pageText.indexOf(phrase);
  return {
    documentId: 7,
    documentName: 'Distributor agreement.pdf',
    category: 'Exclusivity',
    score,
    pageNumber,
    start,
    end: start + phrase.length,
    pageText,
    pageCount: PAGES.length,
  };
}

describe('scoreSentences', () => {
  it("ranks the sentence with the category's words first", () => {
    const [best] = scoreSentences(document, 'Exclusivity');
    expect(best!.pageNumber).toBe(2);
    expect(PAGES[1]!.slice(best!.start, best!.end)).toMatch(
      /^Supplier hereby appoints Distributor as the sole and exclusive distributor/,
    );
    expect(best!.thesaurus).toBeGreaterThan(0);
  });
});

describe('searchFallback', () => {
  const question = understandQuestion('Is the distributor exclusive?', {
    documents: [{ documentId: 7, names: ['Distributor agreement'] }],
  });

  it('lets search answer where the clause index has an unsure candidate', () => {
    const unsure = candidate(1, 'Prices are set out in Exhibit A.', 0.2);
    const searched = searchFallback(document, 'Exclusivity', [unsure], options);
    expect(searched.map((each) => [each.pageNumber, each.score])).toEqual([
      [1, 0.51],
      [2, 0.5],
    ]);
    const answer = composeAnswer(question, [unsure, ...searched], { threshold: 0.5 });
    expect(answer.text.split('\n')[0]).toBe('Yes.');
    // The candidate answers first; search's sentence on another page is quoted beside it.
    expect(answer.citations.map((citation) => citation.pageNumber)).toEqual([1, 2]);
  });

  it("finds nothing where search's best sentence holds too few of the category's typical words", () => {
    const weak = {
      ...document,
      pages: [PAGES[0]!, 'Distributor shall be the exclusive distributor of the Products.'],
    };
    const [best] = scoreSentences(weak, 'Exclusivity');
    expect(best!.share).toBeGreaterThan(0);
    expect(best!.share).toBeLessThan(SEARCH_FOUND_SHARE);
    const unsure = { ...candidate(1, 'Prices are set out in Exhibit A.', 0.2) };
    expect(searchFallback(weak, 'Exclusivity', [unsure], options)).toEqual([]);
  });

  it('finds nothing where the clause index has no candidate reaching the floor', () => {
    expect(searchFallback(document, 'Exclusivity', [], options)).toEqual([]);
    const weak = candidate(1, 'Prices are set out in Exhibit A.', 0.05);
    expect(searchFallback(document, 'Exclusivity', [weak], options)).toEqual([]);
  });

  it('adds nothing where the clause index found the clause itself', () => {
    const found = candidate(2, 'Supplier hereby appoints Distributor', 0.8);
    expect(searchFallback(document, 'Exclusivity', [found], options)).toEqual([]);
  });
});
