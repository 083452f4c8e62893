import { CHAT_HISTORY_MESSAGES } from '@clearroom/contracts';
import {
  CHARS_PER_TOKEN,
  errorMessageOf,
  ndjsonLines,
  networkReason,
  OllamaClient,
  type OllamaLlmConfig,
} from '../ollama/ollama.client.js';
import {
  type AnswerPassage,
  type AnswerRequest,
  type Answerer,
  AnswererError,
  type ClauseAnswerShape,
} from './answerer.port.js';

export type { OllamaLlmConfig };
export type OllamaChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export const NOT_FOUND_ANSWER = "I could not find this in the project's documents.";

export const ANSWER_SYSTEM_PROMPT = [
  'You assist a deal lawyer doing due diligence on a company.',
  "Answer the question only from the numbered passages in the user's last message, never from your own knowledge.",
  'End every sentence that states a fact with the number of the passage or passages it rests on, in square brackets, like [1] or [2][3].',
  'Never cite a number that was not given to you.',
  `If the passages do not contain the answer, reply exactly "${NOT_FOUND_ANSWER}" and nothing else.`,
  'Be concise. Quote figures, amounts, names and dates exactly as they are written in the passages.',
].join('\n');

/** The first line a clause question wants, by answer type. */
const FIRST_LINE: Record<string, string> = {
  yes_no: '"Yes." or "No."',
  place: 'the state or country whose law applies, as the clause names it',
  duration: 'the period, as the clause states it (for example "60 days\' written notice")',
  date: 'the date, as the clause states it',
  money: 'the amount, as the clause states it (or that it is redacted in the filed copy)',
  parties: 'the names of the parties',
  text: 'the answer in a few words',
  clause: 'what the clause provides, in one short sentence',
};

/**
 * For a question about a kind of clause, whose passages are clause spans labelled with their
 * categories: the answer is a lawyer's note, direct answer first, then the clauses quoted.
 */
export const CLAUSE_ANSWER_SYSTEM_PROMPT = [
  'You assist a deal lawyer doing due diligence on a company.',
  "Answer the question only from the numbered clauses in the user's last message, never from your own knowledge. Each clause is labelled with its number, the kind of clause it was found as, its document and page.",
  'Write the answer as a short note in this order:',
  '1. First line: the direct answer, followed by the number of the clause it rests on in square brackets, like [1].',
  '2. Then the clause that answers, quoted word for word in double quotes, followed by its number, like "…" [1].',
  '3. Then at most two other clauses of the same document that change the answer (exceptions, conditions, time limits), each quoted word for word and followed by its number.',
  'When the question asks across several documents, write one line per document that qualifies, with its value and its number, after a first line that counts them ("3 of 10 agreements …").',
  'If a key word of the clause is blacked out ([***], [*], * * *), say that it is redacted in the filed copy instead of guessing it.',
  'Never cite a number that was not given to you, and never quote words that are not in the numbered clause you cite.',
  `If the clauses do not answer the question, reply exactly "${NOT_FOUND_ANSWER}" and nothing else.`,
].join('\n');

/** Context kept free for the answer itself. */
const ANSWER_RESERVE_TOKENS = 1024;
/** What a chat template adds around each message. */
const MESSAGE_OVERHEAD_TOKENS = 8;

/**
 * The messages for `/api/chat`: the system prompt, the last turns of the conversation, then the
 * numbered passages and the question. When they would not fit in `numCtx` tokens (leaving room for
 * the answer), the lowest-ranked passages are left out whole; the best passage is always kept,
 * and the oldest turns are left out first if that is what it takes to fit it.
 */
export function buildAnswerMessages(
  request: Pick<AnswerRequest, 'question' | 'history' | 'passages' | 'clauseShape'>,
  numCtx: number,
): OllamaChatMessage[] {
  const budget =
    (numCtx - Math.min(ANSWER_RESERVE_TOKENS, Math.floor(numCtx / 4))) * CHARS_PER_TOKEN;
  const shape = request.clauseShape;
  const system: OllamaChatMessage = {
    role: 'system',
    content: shape ? CLAUSE_ANSWER_SYSTEM_PROMPT : ANSWER_SYSTEM_PROMPT,
  };
  const [best, ...rest] = request.passages;
  const kept = best ? [best] : [];
  const ask = () => ({
    role: 'user' as const,
    content: shape
      ? clauseAskContent(kept, request.question, shape)
      : askContent(kept, request.question),
  });

  let history: OllamaChatMessage[] = request.history
    .slice(-CHAT_HISTORY_MESSAGES)
    .map(({ role, content }) => ({ role, content }));
  while (history.length > 0 && size([system, ...history, ask()]) > budget) {
    history = history.slice(1);
  }
  let used = size([system, ...history, ask()]);
  for (const passage of rest) {
    const extra = formatPassage(passage).length + 2;
    if (used + extra > budget) break;
    kept.push(passage);
    used += extra;
  }
  return [system, ...history, ask()];
}

function askContent(passages: AnswerPassage[], question: string): string {
  const numbered =
    passages.length > 0
      ? passages.map(formatPassage).join('\n\n')
      : '(no passage of the documents matches the question)';
  return `Numbered passages from the project's documents:\n\n${numbered}\n\nQuestion: ${question}`;
}

function clauseAskContent(
  passages: AnswerPassage[],
  question: string,
  shape: ClauseAnswerShape,
): string {
  const wanted = shape.acrossDocuments
    ? 'a count of the documents that qualify, then one line per qualifying document'
    : (FIRST_LINE[shape.answerType] ?? FIRST_LINE['clause']!);
  return [
    `Numbered clauses from the project's documents:\n\n${passages.map(formatPassage).join('\n\n')}`,
    `The question asks about: ${shape.categories.join(', ')}.`,
    `First line wanted: ${wanted}.`,
    `Question: ${question}`,
  ].join('\n\n');
}

function formatPassage(passage: AnswerPassage): string {
  const kind = passage.category ? ` (${passage.category})` : '';
  return `[${passage.n}]${kind} ${passage.originalname}, page ${passage.pageNumber}:\n${passage.text}`;
}

function size(messages: OllamaChatMessage[]): number {
  return messages.reduce(
    (total, message) => total + message.content.length + MESSAGE_OVERHEAD_TOKENS * CHARS_PER_TOKEN,
    0,
  );
}

type ChatLine = { message?: { content?: unknown }; done?: unknown; error?: unknown };

/** Answers with a model served by Ollama (`POST /api/chat`, streamed as NDJSON). */
export class OllamaAnswerer implements Answerer {
  readonly health = { name: 'ollama', dependency: 'Ollama (OLLAMA_URL)' };
  readonly name: string;
  private readonly ollama: OllamaClient;

  constructor(private readonly config: OllamaLlmConfig) {
    this.name = config.model;
    this.ollama = new OllamaClient(config.url);
  }

  async *stream(request: AnswerRequest): AsyncGenerator<string> {
    request.signal.throwIfAborted();
    const { firstTokenTimeoutMs, totalTimeoutMs } = this.config;
    // Aborted by the timeouts, and on every exit so that no socket outlives the answer.
    const stop = new AbortController();
    const state: { timedOut: 'first' | 'total' | null; responded: boolean } = {
      timedOut: null,
      responded: false,
    };
    const expire = (which: 'first' | 'total') => () => {
      state.timedOut = which;
      stop.abort();
    };
    const firstToken = setTimeout(expire('first'), firstTokenTimeoutMs);
    const total = setTimeout(expire('total'), totalTimeoutMs);
    try {
      const response = await this.ollama.post(
        '/api/chat',
        this.requestBody(request),
        AbortSignal.any([request.signal, stop.signal]),
      );
      state.responded = true;
      if (!response.ok || !response.body) throw await this.httpFailure(response);
      for await (const line of ndjsonLines(response.body)) {
        const parsed = this.parseLine(line);
        const content = parsed.message?.content;
        if (typeof content === 'string' && content !== '') {
          clearTimeout(firstToken);
          yield content;
        }
        if (parsed.done === true) return;
      }
      throw new AnswererError(
        `Ollama (${this.config.model}) ended its answer without finishing it`,
        'failed',
        'OLLAMA_UNAVAILABLE',
      );
    } catch (error) {
      throw this.failure(error, request.signal, state);
    } finally {
      clearTimeout(firstToken);
      clearTimeout(total);
      stop.abort();
    }
  }

  private requestBody(request: AnswerRequest) {
    return {
      model: this.config.model,
      messages: buildAnswerMessages(request, this.config.numCtx),
      stream: true,
      keep_alive: this.config.keepAlive,
      options: { num_ctx: this.config.numCtx, temperature: 0.1 },
    };
  }

  private parseLine(line: string): ChatLine {
    let parsed: ChatLine;
    try {
      parsed = JSON.parse(line) as ChatLine;
    } catch (error) {
      throw new AnswererError(
        `Ollama (${this.config.model}) sent a line that is not JSON: ${line.slice(0, 120)}`,
        'failed',
        'OLLAMA_UNAVAILABLE',
        { cause: error },
      );
    }
    if (parsed.error !== undefined) {
      throw new AnswererError(
        `Ollama (${this.config.model}) failed while answering: ${typeof parsed.error === 'string' ? parsed.error : JSON.stringify(parsed.error)}`,
        'failed',
        'OLLAMA_UNAVAILABLE',
      );
    }
    return parsed;
  }

  ping(signal?: AbortSignal): Promise<void> {
    return this.ollama.ping(signal);
  }

  private async httpFailure(response: Response): Promise<AnswererError> {
    const { model, url } = this.config;
    const message = errorMessageOf(await response.text());
    if (this.ollama.isMissingModel(response.status, message)) {
      return new AnswererError(
        this.ollama.missingModelMessage(model),
        'unavailable',
        'OLLAMA_UNAVAILABLE',
      );
    }
    return new AnswererError(
      `Ollama (${model}) at ${url} answered HTTP ${response.status} ${message}`.trim(),
      response.status === 503 ? 'unavailable' : 'failed',
      'OLLAMA_UNAVAILABLE',
    );
  }

  private failure(
    error: unknown,
    signal: AbortSignal,
    state: { timedOut: 'first' | 'total' | null; responded: boolean },
  ): unknown {
    if (signal.aborted) return signal.reason;
    if (error instanceof AnswererError) return error;
    const { model, url, firstTokenTimeoutMs, totalTimeoutMs } = this.config;
    if (state.timedOut === 'first') {
      return new AnswererError(
        `Ollama (${model}) sent nothing within ${firstTokenTimeoutMs / 1000} s at ${url}: the model may still be loading or busy with other questions. Try again, or raise OLLAMA_FIRST_TOKEN_TIMEOUT_SECONDS`,
        'timeout',
        'OLLAMA_UNAVAILABLE',
        { cause: error },
      );
    }
    if (state.timedOut === 'total') {
      return new AnswererError(
        `Ollama (${model}) did not finish its answer within ${totalTimeoutMs / 1000} s at ${url}. Try again, or raise OLLAMA_ANSWER_TIMEOUT_SECONDS`,
        'timeout',
        'OLLAMA_UNAVAILABLE',
        { cause: error },
      );
    }
    if (!state.responded) {
      return new AnswererError(
        this.ollama.unreachableMessage(error),
        'unavailable',
        'OLLAMA_UNAVAILABLE',
        {
          cause: error,
        },
      );
    }
    return new AnswererError(
      `Ollama (${model}) at ${url} broke off its answer (${networkReason(error)}): see the Ollama server's log`,
      'failed',
      'OLLAMA_UNAVAILABLE',
      { cause: error },
    );
  }
}
