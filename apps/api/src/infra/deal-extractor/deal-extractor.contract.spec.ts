import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { answer, FakeOllama } from '../../../test/support/fake-ollama.js';
import { RulesDealExtractor } from '../../modules/deal-extraction/rules.deal-extractor.js';
import type { CandidatePage, DealExtractor } from './deal-extractor.port.js';
import { OllamaDealExtractor } from './ollama.deal-extractor.js';

/**
 * The DealExtractor contract, run against the model adapter (Ollama, protocol fake) and the
 * built-in rules that stand in when there is no model (domain code in modules/deal-extraction).
 */
const pages: CandidatePage[] = [
  {
    documentId: 11,
    originalname: 'Teaser.pdf',
    pageNumber: 1,
    text: 'Project Falcon\nACME Holdings Ltd is a leading maker of industrial pumps.\nRevenue: EUR 12.4 million (FY2024).',
  },
  {
    documentId: 12,
    originalname: 'Management.docx',
    pageNumber: 4,
    text: 'The Chief Executive Officer, Jane Doe, joined in 2019. The group has 240 employees.',
  },
];

const ollama = new FakeOllama();
let ollamaUrl = '';
beforeAll(async () => {
  ollamaUrl = await ollama.start();
  ollama.onChat = () => answer([JSON.stringify({ ceoName: { value: 'Jane Doe', passage: 2 } })]);
});
afterAll(() => ollama.stop());

const adapters: [string, () => DealExtractor][] = [
  ['rules', () => new RulesDealExtractor()],
  [
    'ollama',
    () =>
      new OllamaDealExtractor({
        url: ollamaUrl,
        model: 'llama3.1:8b',
        numCtx: 8192,
        firstTokenTimeoutMs: 5000,
        totalTimeoutMs: 10_000,
        keepAlive: '30m',
      }),
  ],
];

describe.each(adapters)('DealExtractor contract: %s', (_name, create) => {
  it('finds values, each with the page it was read from and a passage inside that page', async () => {
    const found = await create().extract({
      pages,
      companyName: null,
      signal: new AbortController().signal,
    });
    const values = Object.values(found);
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) {
      const page = pages.find(
        (candidate) =>
          candidate.documentId === value.documentId && candidate.pageNumber === value.pageNumber,
      );
      expect(page).toBeDefined();
      expect(value.start).toBeGreaterThanOrEqual(0);
      expect(value.end).toBeGreaterThan(value.start);
      expect(value.end).toBeLessThanOrEqual(page!.text.length);
    }
  });

  it('finds nothing in no pages', async () => {
    const found = await create().extract({
      pages: [],
      companyName: null,
      signal: new AbortController().signal,
    });
    expect(found).toEqual({});
  });
});
