import { type ExtractableDealField, dealStages, extractableDealFields } from '@clearroom/contracts';
import { z } from 'zod';
import {
  CHARS_PER_TOKEN,
  OllamaClient,
  type OllamaLlmConfig,
  type OllamaReply,
  ollamaUnavailable as unavailable,
} from '../ollama/ollama.client.js';
import type {
  CandidatePage,
  DealExtractionRequest,
  DealExtractor,
  FoundDealValue,
} from './deal-extractor.port.js';

type ChatMessage = { role: 'system' | 'user'; content: string };
/** A passage as numbered for the model: which page, and which part of its text. */
type SentPassage = { n: number; page: CandidatePage; start: number; end: number };

/** Characters of a page given to the model. */
const PASSAGE_CHARS = 1500;
/** Context kept free for the JSON answer. */
const ANSWER_RESERVE_TOKENS = 768;

const FIELD_MEANINGS: Record<ExtractableDealField, string> = {
  companyName: 'the name of the company the deal is about',
  industry: 'its industry or sector',
  ceoName: 'the name of its chief executive officer',
  revenue: 'its revenue or turnover, with currency and period',
  profitMargin: 'its profit margin (EBITDA, operating or net)',
  employeeCount: 'its number of employees',
  valuation: 'its valuation, enterprise value or the purchase price of the deal',
  dealStage: `the stage of the deal, one of: ${dealStages.join(', ')}`,
};

/** Words near which deal details are usually written: a long page is cut around them. */
const FIELD_CUES =
  /\b(?:chief executive|ceo|managing director|president|revenues?|turnover|sales|ebitda|margin|profit|employees|headcount|staff|valuation|enterprise value|purchase price|consideration|industry|sector|incorporated|inc|ltd|llc|gmbh|plc|corporation)\b/gi;

const EXTRACT_PROMPT = [
  "You read numbered passages from a company's due-diligence documents and extract deal details.",
  'Answer with JSON only. For each detail that a passage states, give its value exactly as written there and the number of that passage.',
  'Leave out every detail the passages do not state. Never guess and never use your own knowledge.',
  'The details:',
  ...extractableDealFields.map((field) => `- ${field}: ${FIELD_MEANINGS[field]}`),
].join('\n');

/** A model cannot know the stage of this deal from the company name alone. */
const KNOWLEDGE_FIELDS = extractableDealFields.filter((field) => field !== 'dealStage');

const KNOWLEDGE_PROMPT = [
  'You help a deal team that has no documents about a company yet.',
  'Answer with JSON only: from your own knowledge of the company named by the user, give the details below that you know.',
  'Leave out every detail you are not sure of.',
  'The details:',
  ...KNOWLEDGE_FIELDS.map((field) => `- ${field}: ${FIELD_MEANINGS[field]}`),
].join('\n');

const EXTRACT_FORMAT = {
  type: 'object',
  properties: Object.fromEntries(
    extractableDealFields.map((field) => [
      field,
      {
        type: 'object',
        properties: {
          value:
            field === 'dealStage' ? { type: 'string', enum: [...dealStages] } : { type: 'string' },
          passage: { type: 'integer' },
        },
        required: ['value', 'passage'],
      },
    ]),
  ),
};

const KNOWLEDGE_FORMAT = {
  type: 'object',
  properties: Object.fromEntries(KNOWLEDGE_FIELDS.map((field) => [field, { type: 'string' }])),
};

// A field the model filled wrongly is left out, not the whole answer.
const found = z.object({ value: z.string(), passage: z.number().int() }).nullish().catch(null);
const extractAnswer = z.object(
  Object.fromEntries(extractableDealFields.map((field) => [field, found])) as Record<
    ExtractableDealField,
    typeof found
  >,
);
const known = z.string().nullish().catch(null);
const knowledgeAnswer = z.object(
  Object.fromEntries(KNOWLEDGE_FIELDS.map((field) => [field, known])) as Record<
    ExtractableDealField,
    typeof known
  >,
);

/**
 * Deal details read by a model served by Ollama (`POST /api/chat` with a JSON schema as `format`).
 * The model names the passage each value comes from; values that cite no passage given are dropped.
 */
export class OllamaDealExtractor implements DealExtractor {
  readonly method = 'model';
  private readonly ollama: OllamaClient;

  constructor(private readonly config: OllamaLlmConfig) {
    this.ollama = new OllamaClient(config.url);
  }

  ping(signal?: AbortSignal): Promise<void> {
    return this.ollama.ping(signal);
  }

  async extract(
    request: DealExtractionRequest,
  ): Promise<Partial<Record<ExtractableDealField, FoundDealValue>>> {
    const passages = this.choosePassages(request.pages, request.companyName);
    if (passages.length === 0) return {};
    const answer = await this.chat(
      [
        { role: 'system', content: EXTRACT_PROMPT },
        { role: 'user', content: passagesContent(passages, request.companyName) },
      ],
      EXTRACT_FORMAT,
      request.signal,
    );
    const fields = this.parse(answer, extractAnswer);
    const result: Partial<Record<ExtractableDealField, FoundDealValue>> = {};
    for (const field of extractableDealFields) {
      const value = fields[field]?.value.trim();
      const passage = passages.find(({ n }) => n === fields[field]?.passage);
      if (!value || !passage) continue;
      if (field === 'dealStage') {
        const stage = dealStages.find((name) => name.toLowerCase() === value.toLowerCase());
        if (stage) result[field] = provenance(passage, stage, null);
        continue;
      }
      result[field] = provenance(passage, value, locate(passage, value));
    }
    return result;
  }

  async extractFromCompanyName(
    companyName: string,
    signal: AbortSignal,
  ): Promise<Partial<Record<ExtractableDealField, string>>> {
    const answer = await this.chat(
      [
        { role: 'system', content: KNOWLEDGE_PROMPT },
        { role: 'user', content: `Company: ${companyName}` },
      ],
      KNOWLEDGE_FORMAT,
      signal,
    );
    const fields = this.parse(answer, knowledgeAnswer);
    const result: Partial<Record<ExtractableDealField, string>> = {};
    for (const field of KNOWLEDGE_FIELDS) {
      const value = fields[field]?.trim();
      if (value) result[field] = value;
    }
    return result;
  }

  /** One excerpt per page, in the order given, as many as fit in the context. */
  private choosePassages(pages: CandidatePage[], companyName: string | null): SentPassage[] {
    let room =
      (this.config.numCtx - Math.min(ANSWER_RESERVE_TOKENS, Math.floor(this.config.numCtx / 4))) *
        CHARS_PER_TOKEN -
      EXTRACT_PROMPT.length -
      passagesContent([], companyName).length;
    const passages: SentPassage[] = [];
    for (const page of pages) {
      const { start, end } = excerpt(page.text);
      const passage = { n: passages.length + 1, page, start, end };
      room -= formatPassage(passage).length + 2;
      if (room < 0 && passages.length > 0) break;
      if (end > start) passages.push(passage);
    }
    return passages;
  }

  private async chat(
    messages: ChatMessage[],
    format: object,
    signal: AbortSignal,
  ): Promise<string> {
    const { url, model, totalTimeoutMs } = this.config;
    const timeout = AbortSignal.timeout(totalTimeoutMs);
    let reply: OllamaReply;
    try {
      reply = await this.ollama.postAndRead(
        '/api/chat',
        {
          model,
          messages,
          stream: false,
          format,
          keep_alive: this.config.keepAlive,
          options: { num_ctx: this.config.numCtx, temperature: 0 },
        },
        AbortSignal.any([signal, timeout]),
      );
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (timeout.aborted) {
        throw unavailable(
          `Ollama (${model}) did not answer within ${totalTimeoutMs / 1000} s at ${url}. Try again, or raise OLLAMA_ANSWER_TIMEOUT_SECONDS`,
        );
      }
      throw unavailable(this.ollama.unreachableMessage(error));
    }
    const { response, text, errorMessage: message } = reply;
    const body = parseJson(text) as { message?: { content?: unknown } } | null;
    if (this.ollama.isMissingModel(response.status, message)) {
      throw unavailable(this.ollama.missingModelMessage(model));
    }
    if (!response.ok) {
      throw unavailable(`Ollama (${model}) at ${url} answered HTTP ${response.status} ${message}`);
    }
    const content = body?.message?.content;
    if (typeof content !== 'string') {
      throw unavailable(`Ollama (${model}) at ${url} sent no message: ${message}`);
    }
    return content;
  }

  private parse<T>(content: string, schema: z.ZodType<T>): T {
    const parsed = schema.safeParse(parseJson(content));
    if (!parsed.success) {
      throw unavailable(
        `The model ${this.config.model} did not answer with the JSON object asked for (it sent: ${content.slice(0, 120) || 'nothing'}). Try again, or set OLLAMA_CHAT_MODEL to a model that supports structured outputs`,
      );
    }
    return parsed.data;
  }
}

function passagesContent(passages: SentPassage[], companyName: string | null): string {
  const hint = companyName ? `The user has entered the company name "${companyName}".\n\n` : '';
  return `${hint}Numbered passages:\n\n${passages.map(formatPassage).join('\n\n')}`;
}

function formatPassage({ n, page, start, end }: SentPassage): string {
  return `[${n}] ${page.originalname}, page ${page.pageNumber}:\n${page.text.slice(start, end)}`;
}

/**
 * The part of a page worth sending: all of a short page; of a long one, the PASSAGE_CHARS-long
 * window that holds the most field cues (starting 200 characters before one), or its start.
 */
export function excerpt(text: string): { start: number; end: number } {
  if (text.length <= PASSAGE_CHARS) return { start: 0, end: text.length };
  const cues = [...text.matchAll(FIELD_CUES)].map((match) => match.index);
  let best = { start: 0, count: 0 };
  // Window starts only move forward, so two pointers count the cues inside each window.
  let first = 0;
  let pastLast = 0;
  for (const cue of cues) {
    const start = Math.min(Math.max(0, cue - 200), text.length - PASSAGE_CHARS);
    while (cues[first]! < start) first++;
    while (pastLast < cues.length && cues[pastLast]! < start + PASSAGE_CHARS) pastLast++;
    if (pastLast - first > best.count) best = { start, count: pastLast - first };
  }
  return { start: best.start, end: best.start + PASSAGE_CHARS };
}

/** Where the value is written in the page: within the passage sent if it is there, else anywhere. */
function locate(passage: SentPassage, value: string): { start: number; end: number } | null {
  const pattern = new RegExp(escapeRegExp(value).replace(/\s+/g, '\\s+'), 'giu');
  const { text } = passage.page;
  pattern.lastIndex = passage.start;
  let match = pattern.exec(text);
  if (!match || match.index + match[0].length > passage.end) {
    pattern.lastIndex = 0;
    match = pattern.exec(text);
  }
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}

function provenance(
  passage: SentPassage,
  value: string,
  span: { start: number; end: number } | null,
): FoundDealValue {
  const { start, end } = span ?? passage;
  // The page's own spelling of what it says (the model may change case or spacing).
  const written = span ? passage.page.text.slice(start, end).replace(/\s+/g, ' ') : value;
  return {
    value: written,
    documentId: passage.page.documentId,
    pageNumber: passage.page.pageNumber,
    start,
    end,
  };
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
