import { describe, expect, it } from '@jest/globals';
import type { Evidence } from './answer.types.js';
import { composeAnswer } from './compose-answer.js';
import {
  HIT_SHARE,
  type PresenceModel,
  type PresenceSignals,
  presenceFallback,
  presenceFeatures,
  presenceProbability,
  presenceSignals,
} from './presence.js';
import { PRESENCE_MODEL } from './presence.learned.js';
import { understandQuestion } from './understand-question.js';
import { evidenceOn } from './fixtures/evidence.js';

const PAGES = [
  'DISTRIBUTOR AGREEMENT\nThe parties agree as follows. Prices are set out in Exhibit A.',
  'Appointment. Supplier hereby appoints Distributor as the sole and exclusive distributor to market, promote, advertise and sell the Products in the Territory, and Supplier shall not appoint any other distributor in the Territory.',
  'This Agreement shall be governed by the laws of the State of California.',
];
const document = { documentId: 7, documentName: 'Distributor agreement.pdf', pages: PAGES };
const FOUND = 0.5;
/** A decision that reads only search's best share: present from a share of 0.5 (p = 0.5). */
const BY_SHARE: PresenceModel = {
  weights: [0, 0, 10, 0, 0, 0],
  bias: -5,
  categoryBias: {},
  threshold: 0.5,
};

/** A stored candidate of the clause model (below `FOUND` unless found). */
function candidate(pageNumber: number, phrase: string, score: number): Evidence {
  const pageText = PAGES[pageNumber - 1]!;
  const page = { documentId: 7, documentName: 'Distributor agreement.pdf', pageNumber, pageText };
  return evidenceOn({ ...page, pageCount: PAGES.length }, phrase, 'Exclusivity', score);
}

const signals = (overrides: Partial<PresenceSignals>): PresenceSignals => ({
  modelFound: false,
  bestCandidate: 0,
  candidates: 0,
  bestShare: 0,
  bestBm25: 0,
  hits: 0,
  agrees: false,
  ...overrides,
});

describe('presenceSignals', () => {
  it("reads the index's candidates of the category and search's best sentences", () => {
    const unsure = candidate(2, 'Supplier hereby appoints Distributor', 0.2);
    const other = {
      ...candidate(3, 'This Agreement shall be governed', 0.9),
      category: 'Governing Law' as const,
    };
    const { signals: read, sentence } = presenceSignals(
      document,
      'Exclusivity',
      [unsure, other],
      FOUND,
    );
    expect(read.modelFound).toBe(false);
    expect(read.bestCandidate).toBe(0.2);
    expect(read.candidates).toBe(1);
    expect(sentence!.pageNumber).toBe(2);
    expect(read.bestShare).toBeGreaterThanOrEqual(sentence!.share);
    expect(read.hits).toBe(read.bestShare >= HIT_SHARE ? 1 : 0);
    expect(read.agrees).toBe(true);
  });

  it("calls the clause found where a stored candidate reaches the index's decision", () => {
    const found = candidate(2, 'Supplier hereby appoints Distributor', 0.8);
    expect(presenceSignals(document, 'Exclusivity', [found], FOUND).signals.modelFound).toBe(true);
  });
});

describe('presenceProbability', () => {
  it('rises with each signal the shipped model weighs', () => {
    const base = presenceProbability('Exclusivity', signals({}));
    expect(presenceProbability('Exclusivity', signals({ bestShare: 1.5 }))).toBeGreaterThan(base);
    expect(
      presenceProbability('Exclusivity', signals({ bestCandidate: 0.4, candidates: 3 })),
    ).toBeGreaterThan(base);
  });

  it('has one weight per feature', () => {
    expect(PRESENCE_MODEL.weights).toHaveLength(presenceFeatures(signals({})).length);
    expect(PRESENCE_MODEL.threshold).toBeGreaterThan(0);
    expect(PRESENCE_MODEL.threshold).toBeLessThan(1);
  });
});

describe('presenceFallback', () => {
  const question = understandQuestion('Is the distributor exclusive?', {
    documents: [{ documentId: 7, names: ['Distributor agreement'] }],
  });
  const options = { found: FOUND, model: BY_SHARE };

  it("cites the index's candidate and search's best sentence where the decision calls the clause present", () => {
    const unsure = candidate(1, 'Prices are set out in Exhibit A.', 0.2);
    const searched = presenceFallback(document, 'Exclusivity', [unsure], options);
    expect(searched.map((each) => [each.pageNumber, each.score])).toEqual([
      [1, 0.51],
      [2, 0.5],
    ]);
    const answer = composeAnswer(question, [unsure, ...searched], { threshold: FOUND });
    // Not confirmed by the clause index: the answer does not state it.
    expect(answer.text.split('\n')[0]).toBe('Possibly.');
    expect(searched.every((each) => each.tentative)).toBe(true);
    expect(answer.citations.map((citation) => citation.pageNumber)).toEqual([1, 2]);
  });

  it('cites search alone where the index stored no candidate', () => {
    const searched = presenceFallback(document, 'Exclusivity', [], options);
    expect(searched).toHaveLength(1);
    expect(searched[0]!.pageNumber).toBe(2);
    expect(PAGES[1]!.slice(searched[0]!.start, searched[0]!.end)).toMatch(
      /^Supplier hereby appoints/,
    );
  });

  it('cites a candidate that is search’s sentence once', () => {
    const { sentence } = presenceSignals(document, 'Exclusivity', [], FOUND);
    const same = { ...candidate(2, 'Supplier', 0.2), start: sentence!.start, end: sentence!.end };
    expect(presenceFallback(document, 'Exclusivity', [same], options)).toEqual([
      { ...same, score: 0.51, tentative: true },
    ]);
  });

  it('answers nothing where the decision calls the clause absent', () => {
    const weak = { ...document, pages: [PAGES[0]!, 'Prices may change once a year.'] };
    expect(presenceFallback(weak, 'Exclusivity', [], options)).toEqual([]);
    const never = { ...BY_SHARE, threshold: 1 };
    expect(presenceFallback(document, 'Exclusivity', [], { found: FOUND, model: never })).toEqual(
      [],
    );
  });

  it('adds nothing where the clause index found the clause itself', () => {
    const found = candidate(2, 'Supplier hereby appoints Distributor', 0.8);
    expect(presenceFallback(document, 'Exclusivity', [found], options)).toEqual([]);
  });
});
