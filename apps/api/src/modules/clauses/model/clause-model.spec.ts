import { describe, expect, it } from '@jest/globals';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CORPUS, CORPUS_DIR, describeWithCorpus } from '../../../../test/support/corpus.js';
import { CUAD_CATEGORIES } from '../../../cuad/labels.js';
import { readCuadPages } from '../../../cuad/pages.js';
import { type ClauseSpan, ClauseModel, MAX_PER_CATEGORY } from './clause-model.js';
import { decodeModel, encodeModel } from './model-file.js';
import type { PageText } from './segment.js';

const MODEL_FILE = new URL('./clause-model.bin', import.meta.url);

describe('the shipped clause model', () => {
  it('is a compact file with CUAD’s 41 categories, a content version and thresholds', () => {
    expect(statSync(MODEL_FILE).size).toBeLessThan(20 * 1024 * 1024);
    const model = ClauseModel.loadShipped();
    expect(ClauseModel.loadShipped()).toBe(model);
    expect(model.categories).toEqual([...CUAD_CATEGORIES]);
    expect(model.version).toMatch(/^cuad-[0-9a-f]{8}$/);
    expect(ClauseModel.fromBytes(readFileSync(MODEL_FILE)).version).toBe(model.version);
    for (const category of CUAD_CATEGORIES) {
      expect(model.thresholds[category]).toBeGreaterThan(0);
      expect(model.thresholds[category]).toBeLessThan(1);
    }
  });

  it('is written again to the same bytes once read (cached first stages rely on it)', () => {
    const bytes = readFileSync(MODEL_FILE);
    expect(encodeModel(decodeModel(bytes)).equals(bytes)).toBe(true);
  });

  it('refuses bytes that are not a clause model', () => {
    expect(() => ClauseModel.fromBytes(Buffer.from('not a model'))).toThrow();
  });

  it('classifies deterministically, with pieces that are page slices and grouped across a page break', () => {
    const model = ClauseModel.loadShipped();
    const pages: PageText[] = [
      {
        pageNumber: 1,
        text: 'SUPPLY AGREEMENT\n14.2 Governing Law. This Agreement shall be governed by and construed in accordance with the laws of the\nState of Delaware, without regard to its conflict of laws principles.\n14.3 Assignment. Neither party may assign this Agreement, in whole or in part, without the prior written consent of the',
      },
      { pageNumber: 2, text: 'other party, which shall not be unreasonably withheld.\n' },
    ];
    const spans = model.classify(pages);
    expect(model.classify(pages)).toEqual(spans);
    const law = spans.filter((span) => span.category === 'Governing Law');
    expect(law).toHaveLength(1);
    expect(quote(pages, law[0]!)).toMatch(/^This Agreement shall be governed[\s\S]*principles\.$/);
    const assignment = spans.filter((span) => span.category === 'Anti-Assignment');
    expect(assignment.map((span) => span.pageNumber)).toEqual([1, 2]);
    expect(new Set(assignment.map((span) => span.group)).size).toBe(1);
    expect(quote(pages, assignment[1]!)).toBe(
      'other party, which shall not be unreasonably withheld.',
    );
    for (const span of spans) {
      // Below its threshold only as the best clause of a category the document layer finds present.
      if (span.score < model.thresholds[span.category]!) {
        expect(
          spans.filter((other) => other.category === span.category && other.group !== span.group),
        ).toEqual([]);
      }
      expect(span.score).toBeLessThanOrEqual(1);
    }

    const candidates = model.classify(pages, { minScore: 0 });
    expect(candidates.length).toBeGreaterThan(spans.length);
    const perCategory = new Map<string, Set<number>>();
    for (const span of candidates) {
      perCategory.set(span.category, (perCategory.get(span.category) ?? new Set()).add(span.group));
    }
    expect(Math.max(...[...perCategory.values()].map((groups) => groups.size))).toBeLessThanOrEqual(
      MAX_PER_CATEGORY,
    );
    expect(model.classify([{ pageNumber: 1, text: '' }])).toEqual([]);
  });

  it('ranks a preamble’s parties above terms defined elsewhere, keeping a phrase’s group whatever the floor', () => {
    const model = ClauseModel.loadShipped();
    const pages: PageText[] = [
      {
        pageNumber: 1,
        text: 'SUPPLY AGREEMENT\nThis Supply Agreement (the “Agreement”) is made as of May 1, 2020 by and between Acme Holdings, Inc., a Delaware corporation (“Acme”), and Beta Foods LLC, a Texas limited liability company (“Beta”).\n1. Definitions. “Products” means the goods listed in the “Price Schedule”.\n',
      },
    ];
    const candidates = model.classify(pages, { minScore: 0 });
    const parties = candidates.filter((span) => span.category === 'Parties');
    const scoreOf = (text: string) => parties.find((span) => quote(pages, span) === text)!.score;
    for (const span of parties)
      expect(quote(pages, span)).toBe(pages[0]!.text.slice(span.start, span.end));
    expect(scoreOf('Acme Holdings, Inc.')).toBe(scoreOf('Acme'));
    expect(scoreOf('Price Schedule')).toBeLessThan(scoreOf('Acme'));
    expect(parties[0]!.score).toBe(Math.max(...parties.map((span) => span.score)));
    // The clauses the product reports are among the stored candidates under the same group.
    const key = (span: ClauseSpan) => `${span.category}/${span.group}/${span.start}`;
    const stored = new Set(candidates.map(key));
    for (const span of model.classify(pages)) expect(stored.has(key(span))).toBe(true);
  });

  it('scores a passage per category', () => {
    const model = ClauseModel.loadShipped();
    const scores = model.scoreText(
      'Does the agreement survive a change of control or merger of the licensee?',
    );
    expect(Object.keys(scores)).toEqual([...CUAD_CATEGORIES]);
    const best = Object.entries(scores).sort((a, b) => b[1] - a[1])[0]![0];
    expect(best).toBe('Change Of Control');
  });
});

/** Reading a contract's pages without the cache (CI) takes the extractor a while. */
const EXTRACTION_TIMEOUT = 180_000;

describeWithCorpus('the shipped clause model on corpus contracts', () => {
  const cuadDir = path.join(CORPUS_DIR, 'cuad');
  const pagesOf = async (pdfFile: string): Promise<PageText[]> => {
    const [entry] = await readCuadPages(cuadDir, [pdfFile]);
    return entry!.pages.map((text, index) => ({ pageNumber: index + 1, text }));
  };

  it(
    'finds the CytoDyn licence’s change-of-control clause on its page',
    async () => {
      const pages = await pagesOf(CORPUS.cytodyn);
      const spans = ClauseModel.loadShipped().classify(pages);
      const control = spans.filter((span) => span.category === 'Change Of Control');
      const quotes = control.map(
        (span) => `p${span.pageNumber}: ${quote(pages, span).replace(/\s+/g, ' ')}`,
      );
      expect(
        quotes.some((text) =>
          /^p13: In the event that Vyera experiences a Change of Control/.test(text),
        ),
      ).toBe(true);
    },
    EXTRACTION_TIMEOUT,
  );

  it(
    'finds the governing law of two contracts it was not trained on',
    async () => {
      // Both are in the test split (cuadSplitOf), never trained on.
      const cases = [
        { pdfFile: CORPUS.mphase, law: /laws of the State of New York/ },
        {
          pdfFile: 'NETGEAR,INC_04_21_2003-EX-10.16-DISTRIBUTOR AGREEMENT.pdf',
          law: /laws of the State of California/,
        },
      ];
      for (const { pdfFile, law } of cases) {
        const pages = await pagesOf(pdfFile);
        const spans = ClauseModel.loadShipped().classify(pages);
        const found = spans
          .filter((span) => span.category === 'Governing Law')
          .map((span) => quote(pages, span));
        expect(found.some((text) => law.test(text.replace(/\s+/g, ' ')))).toBe(true);
      }
    },
    EXTRACTION_TIMEOUT,
  );
});

function quote(pages: PageText[], span: ClauseSpan): string {
  return pages
    .find((page) => page.pageNumber === span.pageNumber)!
    .text.slice(span.start, span.end);
}
