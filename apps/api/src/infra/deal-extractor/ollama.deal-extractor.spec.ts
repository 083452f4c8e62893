import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { dealStages, extractableDealFields } from '@clearroom/contracts';
import {
  type ChatBody,
  FakeOllama,
  NEVER,
  answer,
  modelNotFound,
} from '../../../test/support/fake-ollama.js';
import type { CandidatePage, DealExtractionRequest } from './deal-extractor.port.js';
import { OllamaDealExtractor, excerpt } from './ollama.deal-extractor.js';

const MODEL = 'llama3.1:8b';

type JsonSchema = {
  type?: string;
  enum?: string[];
  required?: string[];
  properties?: Record<string, JsonSchema>;
};
type FormatRequest = ChatBody & { format: JsonSchema };

const teaser: CandidatePage = {
  documentId: 11,
  originalname: 'Teaser.pdf',
  pageNumber: 1,
  text: 'Project Falcon\nACME Holdings  Ltd is a leading maker of industrial pumps.\nRevenue: EUR 12.4 million (FY2024).',
};
const management: CandidatePage = {
  documentId: 12,
  originalname: 'Management.docx',
  pageNumber: 4,
  text: 'The Chief Executive Officer, Jane Doe, joined in 2019. The group has 240 employees.',
};

/** The model's JSON answer, as Ollama returns it in `message.content`. */
const modelAnswers = (fields: unknown) => () => answer([JSON.stringify(fields)]);

describe('OllamaDealExtractor', () => {
  let ollama: FakeOllama;
  let url: string;
  const extractor = (overrides: { numCtx?: number; totalTimeoutMs?: number } = {}) =>
    new OllamaDealExtractor({
      url,
      model: MODEL,
      numCtx: 8192,
      firstTokenTimeoutMs: 5000,
      totalTimeoutMs: 10_000,
      keepAlive: '30m',
      ...overrides,
    });
  const request = (overrides: Partial<DealExtractionRequest> = {}): DealExtractionRequest => ({
    pages: [teaser, management],
    companyName: null,
    signal: new AbortController().signal,
    ...overrides,
  });

  beforeEach(async () => {
    ollama = new FakeOllama();
    url = await ollama.start();
  });
  afterEach(() => ollama.stop());

  it('asks for JSON in a schema, not streamed, at temperature 0, with the numbered passages', async () => {
    ollama.onChat = modelAnswers({});
    const subject = extractor();
    expect(subject.method).toBe('model');

    await subject.extract(request({ companyName: 'Acme' }));

    expect(ollama.chats).toHaveLength(1);
    const { messages, format, ...rest } = ollama.chats[0]!.body as FormatRequest;
    expect(rest).toEqual({
      model: MODEL,
      stream: false,
      keep_alive: '30m',
      options: { num_ctx: 8192, temperature: 0 },
    });
    expect(format.type).toBe('object');
    expect(Object.keys(format.properties!)).toEqual([...extractableDealFields]);
    expect(format.required).toBeUndefined();
    expect(format.properties!['revenue']).toEqual({
      type: 'object',
      properties: { value: { type: 'string' }, passage: { type: 'integer' } },
      required: ['value', 'passage'],
    });
    expect(format.properties!['dealStage']!.properties!['value']).toEqual({
      type: 'string',
      enum: [...dealStages],
    });
    expect(messages[0]!.role).toBe('system');
    expect(messages[0]!.content).toContain('the number of that passage');
    expect(messages[1]).toEqual({
      role: 'user',
      content:
        'The user has entered the company name "Acme".\n\nNumbered passages:\n\n' +
        `[1] Teaser.pdf, page 1:\n${teaser.text}\n\n` +
        `[2] Management.docx, page 4:\n${management.text}`,
    });
  });

  it("maps each value to its passage's page, with the offsets of the value in that page", async () => {
    ollama.onChat = modelAnswers({
      companyName: { value: 'Acme Holdings Ltd', passage: 1 },
      revenue: { value: 'EUR 12.4 million', passage: 1 },
      ceoName: { value: 'Jane Doe', passage: 2 },
      employeeCount: { value: '240 employees', passage: 2 },
      industry: { value: 'Industrial machinery', passage: 1 },
      dealStage: { value: 'due diligence', passage: 2 },
    });

    const found = await extractor().extract(request());

    const quote = (field: keyof typeof found, page: CandidatePage) =>
      page.text.slice(found[field]!.start, found[field]!.end);
    // Found case-insensitively, across a double space: the page's own spelling is returned.
    expect(found.companyName).toMatchObject({
      value: 'ACME Holdings Ltd',
      documentId: 11,
      pageNumber: 1,
    });
    expect(quote('companyName', teaser)).toBe('ACME Holdings  Ltd');
    expect(found.revenue).toMatchObject({ value: 'EUR 12.4 million', documentId: 11 });
    expect(quote('revenue', teaser)).toBe('EUR 12.4 million');
    expect(found.ceoName).toEqual({
      value: 'Jane Doe',
      documentId: 12,
      pageNumber: 4,
      start: management.text.indexOf('Jane Doe'),
      end: management.text.indexOf('Jane Doe') + 8,
    });
    expect(quote('employeeCount', management)).toBe('240 employees');
    // Not written as such on the page: the whole passage sent is the provenance.
    expect(found.industry).toEqual({
      value: 'Industrial machinery',
      documentId: 11,
      pageNumber: 1,
      start: 0,
      end: teaser.text.length,
    });
    expect(found.dealStage).toMatchObject({ value: 'Due Diligence', documentId: 12, start: 0 });
  });

  it('drops values citing a passage it was not given, empty values and malformed fields', async () => {
    ollama.onChat = modelAnswers({
      companyName: { value: 'Acme Holdings Ltd', passage: 7 },
      revenue: { value: '  ', passage: 1 },
      ceoName: { value: 'Jane Doe', passage: 'two' },
      valuation: { value: 'EUR 80m', passage: 0 },
      dealStage: { value: 'Signed', passage: 2 },
      employeeCount: { value: '240', passage: 2 },
    });
    const found = await extractor().extract(request());
    expect(Object.keys(found)).toEqual(['employeeCount']);
  });

  it('says clearly when the model does not answer with a JSON object', async () => {
    ollama.onChat = () => answer(['Sure! Here are the details: revenue is EUR 12.4m']);
    const failure = extractor().extract(request());
    await expect(failure).rejects.toMatchObject({ code: 'OLLAMA_UNAVAILABLE', status: 503 });
    await expect(failure).rejects.toThrow(
      `The model ${MODEL} did not answer with the JSON object asked for (it sent: Sure! Here are the details: revenue is EUR 12.4m). Try again, or set OLLAMA_CHAT_MODEL to a model that supports structured outputs`,
    );
    ollama.onChat = modelAnswers(['EUR 12.4m']);
    await expect(extractor().extract(request())).rejects.toThrow(
      'did not answer with the JSON object',
    );
  });

  it('sends the part of a long page where the details are, and offsets into the whole page', async () => {
    const long: CandidatePage = {
      documentId: 13,
      originalname: 'Information Memorandum.pdf',
      pageNumber: 9,
      text: `${'Background and history of the market. '.repeat(100)}Key figures: the CEO is John Roe; revenue was USD 3.1 billion; EBITDA margin 18%. ${'Outlook. '.repeat(300)}`,
    };
    const window = excerpt(long.text);
    expect(window.end - window.start).toBe(1500);
    expect(long.text.slice(window.start, window.end)).toContain('Key figures');
    ollama.onChat = modelAnswers({ profitMargin: { value: '18%', passage: 1 } });

    const found = await extractor().extract(request({ pages: [long] }));

    expect(ollama.chats[0]!.body.messages[1]!.content).toBe(
      `Numbered passages:\n\n[1] Information Memorandum.pdf, page 9:\n${long.text.slice(window.start, window.end)}`,
    );
    expect(long.text.slice(found.profitMargin!.start, found.profitMargin!.end)).toBe('18%');
    expect(found.profitMargin!.start).toBe(long.text.indexOf('18%'));
  });

  it('sends the start of a long page without any cue', () => {
    expect(excerpt('Lorem ipsum. '.repeat(500))).toEqual({ start: 0, end: 1500 });
  });

  it('sends only the pages that fit in the context', async () => {
    const pages = Array.from({ length: 10 }, (_, index) => ({
      documentId: index + 1,
      originalname: `doc${index + 1}.pdf`,
      pageNumber: 1,
      text: `Page ${index + 1}. ${'x'.repeat(1400)}`,
    }));
    ollama.onChat = modelAnswers({ companyName: { value: 'Page 4', passage: 4 } });
    // 2048 tokens, 512 kept for the answer: about 6,100 characters for the prompt.
    const found = await extractor({ numCtx: 2048 }).extract(request({ pages }));
    const sent = ollama.chats[0]!.body.messages[1]!.content;
    expect(sent).toContain('[3] doc3.pdf');
    expect(sent).not.toContain('doc4.pdf');
    expect(found).toEqual({});
  });

  it('asks nothing when there is no page to read', async () => {
    await expect(extractor().extract(request({ pages: [] }))).resolves.toEqual({});
    expect(ollama.requests).toHaveLength(0);
  });

  it("answers from the model's own knowledge for a company name alone, without the deal stage", async () => {
    ollama.onChat = modelAnswers({
      companyName: 'Acme Holdings Ltd',
      industry: ' Industrial pumps ',
      ceoName: '',
      revenue: null,
      employeeCount: 240,
    });

    const fields = await extractor().extractFromCompanyName('Acme', new AbortController().signal);

    expect(fields).toEqual({ companyName: 'Acme Holdings Ltd', industry: 'Industrial pumps' });
    const { messages, format, stream, options } = ollama.chats[0]!.body as FormatRequest;
    expect(stream).toBe(false);
    expect(options).toEqual({ num_ctx: 8192, temperature: 0 });
    expect(messages[0]!.content).toContain('from your own knowledge');
    expect(messages[1]).toEqual({ role: 'user', content: 'Company: Acme' });
    expect(format).toEqual({
      type: 'object',
      properties: Object.fromEntries(
        extractableDealFields
          .filter((field) => field !== 'dealStage')
          .map((field) => [field, { type: 'string' }]),
      ),
    });
  });

  it('tells the operator to pull a model Ollama does not have', async () => {
    ollama.onChat = () => modelNotFound(MODEL);
    await expect(extractor().extract(request())).rejects.toMatchObject({
      code: 'OLLAMA_UNAVAILABLE',
      message: `Ollama at ${url} has no model "${MODEL}": run \`ollama pull ${MODEL}\` on the Ollama server`,
    });
  });

  it('gives up after the answer timeout', async () => {
    ollama.onChat = () => NEVER;
    await expect(extractor({ totalTimeoutMs: 200 }).extract(request())).rejects.toMatchObject({
      code: 'OLLAMA_UNAVAILABLE',
      message: expect.stringContaining(`Ollama (${MODEL}) did not answer within 0.2 s at ${url}`),
    });
  });

  it('stops when the caller aborts, with the caller’s reason', async () => {
    ollama.onChat = () => NEVER;
    const controller = new AbortController();
    const failure = extractor().extractFromCompanyName('Acme', controller.signal);
    const reason = new Error('request closed');
    setTimeout(() => controller.abort(reason), 50);
    await expect(failure).rejects.toBe(reason);
    await ollama.chats[0]!.closed;
    expect(ollama.chats[0]!.closedByClient).toBe(true);
  });

  it('says where it looked when Ollama cannot be reached', async () => {
    await ollama.stop();
    await expect(extractor().extract(request())).rejects.toMatchObject({
      code: 'OLLAMA_UNAVAILABLE',
      message: expect.stringMatching(
        new RegExp(`^Ollama is unavailable at ${url}: connect ECONNREFUSED`),
      ),
    });
  });
});
