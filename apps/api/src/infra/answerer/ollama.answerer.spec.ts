import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { ChatMessage } from '@clearroom/contracts';
import {
  FakeOllama,
  NEVER,
  answer,
  httpError,
  modelNotFound,
} from '../../../test/support/fake-ollama.js';
import type { AnswerPassage, AnswerRequest } from './answerer.port.js';
import {
  ANSWER_SYSTEM_PROMPT,
  NOT_FOUND_ANSWER,
  OllamaAnswerer,
  type OllamaLlmConfig,
  buildAnswerMessages,
  CLAUSE_ANSWER_SYSTEM_PROMPT,
} from './ollama.answerer.js';

const MODEL = 'llama3.1:8b';

const passages: AnswerPassage[] = [
  {
    n: 1,
    originalname: 'SPA.pdf',
    pageNumber: 3,
    text: 'The Term is five (5) years from the Effective Date.',
  },
  {
    n: 2,
    originalname: 'Accounts 2024.xlsx',
    pageNumber: 1,
    text: 'Revenue: EUR 12.4m (FY2024).',
  },
];

const history: ChatMessage[] = Array.from({ length: 8 }, (_, index) => ({
  role: index % 2 === 0 ? 'user' : 'assistant',
  content: `turn ${index + 1}`,
}));

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of iterable) pieces.push(piece);
  return pieces;
}

describe('OllamaAnswerer', () => {
  let ollama: FakeOllama;
  let url: string;
  const answerer = (overrides: Partial<OllamaLlmConfig> = {}) =>
    new OllamaAnswerer({
      url,
      model: MODEL,
      numCtx: 8192,
      firstTokenTimeoutMs: 5000,
      totalTimeoutMs: 10_000,
      keepAlive: '30m',
      ...overrides,
    });
  const ask = (overrides: Partial<AnswerRequest> = {}): AnswerRequest => ({
    question: 'How long is the term?',
    history: [],
    passages,
    signal: new AbortController().signal,
    ...overrides,
  });

  beforeEach(async () => {
    ollama = new FakeOllama();
    url = await ollama.start();
  });
  afterEach(() => ollama.stop());

  it('posts a streamed chat with the model, context size, keep-alive, prompt, history and passages', async () => {
    ollama.onChat = () => answer(['The term is five years [1].']);
    const subject = answerer();
    expect(subject.name).toBe(MODEL);

    await collect(subject.stream(ask({ history })));

    expect(ollama.chats).toHaveLength(1);
    const [request] = ollama.chats;
    expect(request).toMatchObject({ method: 'POST', path: '/api/chat' });
    const { messages, ...rest } = request!.body;
    expect(rest).toEqual({
      model: MODEL,
      stream: true,
      keep_alive: '30m',
      options: { num_ctx: 8192, temperature: 0.1 },
    });
    expect(messages[0]).toEqual({ role: 'system', content: ANSWER_SYSTEM_PROMPT });
    expect(messages[0]!.content).toContain('[1]');
    expect(messages[0]!.content).toContain('Never cite a number that was not given');
    expect(messages[0]!.content).toContain(`reply exactly "${NOT_FOUND_ANSWER}" and nothing else`);
    // The last six turns, oldest first, as given.
    expect(messages.slice(1, 7)).toEqual(history.slice(2));
    expect(messages).toHaveLength(8);
    expect(messages[7]).toEqual({
      role: 'user',
      content:
        "Numbered passages from the project's documents:\n\n" +
        '[1] SPA.pdf, page 3:\nThe Term is five (5) years from the Effective Date.\n\n' +
        '[2] Accounts 2024.xlsx, page 1:\nRevenue: EUR 12.4m (FY2024).\n\n' +
        'Question: How long is the term?',
    });
  });

  it('yields each piece as it arrives, before the next one is sent', async () => {
    let releaseSecond!: () => void;
    const second = new Promise<void>((resolve) => (releaseSecond = resolve));
    ollama.onChat = () =>
      answer(['The term is', ' five years', ' [1].'], {
        beforePiece: (index) => (index === 1 ? second : undefined),
      });
    const pieces = answerer().stream(ask())[Symbol.asyncIterator]();

    await expect(pieces.next()).resolves.toEqual({ value: 'The term is', done: false });
    expect(ollama.chats[0]!.sent).toEqual(['The term is']);

    releaseSecond();
    await expect(pieces.next()).resolves.toEqual({ value: ' five years', done: false });
    await expect(pieces.next()).resolves.toEqual({ value: ' [1].', done: false });
    await expect(pieces.next()).resolves.toEqual({ value: undefined, done: true });
  });

  it('reassembles lines (and characters) split across network reads', async () => {
    ollama.onChat = () => answer(['Revenue was €12.4m', ' — as stated [2].'], { splitLines: true });
    await expect(collect(answerer().stream(ask()))).resolves.toEqual([
      'Revenue was €12.4m',
      ' — as stated [2].',
    ]);
  });

  it('waits for a slow first token within the limit, which no longer applies once it came', async () => {
    ollama.onChat = () =>
      answer(['The term', ' is five years [1].'], { firstDelayMs: 150, delayMs: 600 });
    await expect(collect(answerer({ firstTokenTimeoutMs: 400 }).stream(ask()))).resolves.toEqual([
      'The term',
      ' is five years [1].',
    ]);
  });

  it('gives up when the first token is later than the limit, and closes the request', async () => {
    ollama.onChat = () => answer(['Too late'], { firstDelayMs: 5000 });
    const failure = collect(answerer({ firstTokenTimeoutMs: 200 }).stream(ask()));
    await expect(failure).rejects.toMatchObject({
      name: 'AnswererError',
      reason: 'timeout',
      message: expect.stringContaining(`Ollama (${MODEL}) sent nothing within 0.2 s at ${url}`),
    });
    await ollama.chats[0]!.closed;
    expect(ollama.chats[0]!.closedByClient).toBe(true);
  });

  it('counts a model that never answers against the first-token limit', async () => {
    ollama.onChat = () => NEVER;
    await expect(
      collect(answerer({ firstTokenTimeoutMs: 200 }).stream(ask())),
    ).rejects.toMatchObject({
      reason: 'timeout',
      message: expect.stringContaining('sent nothing'),
    });
  });

  it('gives up when the whole answer takes longer than the total limit', async () => {
    ollama.onChat = () => answer(['a', 'b', 'c', 'd', 'e', 'f'], { delayMs: 150 });
    const received: string[] = [];
    const consume = async () => {
      for await (const piece of answerer({ totalTimeoutMs: 500 }).stream(ask())) {
        received.push(piece);
      }
    };
    await expect(consume()).rejects.toMatchObject({
      reason: 'timeout',
      message: expect.stringContaining(
        `Ollama (${MODEL}) did not finish its answer within 0.5 s at ${url}`,
      ),
    });
    expect(received.length).toBeGreaterThan(0);
    expect(received.length).toBeLessThan(6);
  });

  it("fails with the model's message when Ollama sends an error line mid-stream", async () => {
    ollama.onChat = () =>
      answer(['The term'], {
        end: { error: 'llama runner process has terminated: signal: killed' },
      });
    const received: string[] = [];
    const consume = async () => {
      for await (const piece of answerer().stream(ask())) received.push(piece);
    };
    await expect(consume()).rejects.toMatchObject({
      name: 'AnswererError',
      reason: 'failed',
      message: `Ollama (${MODEL}) failed while answering: llama runner process has terminated: signal: killed`,
    });
    expect(received).toEqual(['The term']);
  });

  it('fails when the connection drops mid-answer', async () => {
    ollama.onChat = () => answer(['The term'], { end: 'drop' });
    await expect(collect(answerer().stream(ask()))).rejects.toMatchObject({
      reason: 'failed',
      message: expect.stringContaining(`Ollama (${MODEL}) at ${url} broke off its answer`),
    });
  });

  it('fails when the stream ends without the final line', async () => {
    ollama.onChat = () => answer(['The term'], { end: 'eof' });
    await expect(collect(answerer().stream(ask()))).rejects.toMatchObject({
      reason: 'failed',
      message: `Ollama (${MODEL}) ended its answer without finishing it`,
    });
  });

  it('stops the request at once when the asker aborts, with the asker’s reason', async () => {
    ollama.onChat = () => answer(['The term', ' is five years [1].'], { delayMs: 10_000 });
    const controller = new AbortController();
    const pieces = answerer()
      .stream(ask({ signal: controller.signal }))
      [Symbol.asyncIterator]();
    await expect(pieces.next()).resolves.toEqual({ value: 'The term', done: false });

    const reason = new Error('the asker went away');
    controller.abort(reason);
    await ollama.chats[0]!.closed;
    expect(ollama.chats[0]!.closedByClient).toBe(true);
    await expect(pieces.next()).rejects.toBe(reason);
  });

  it('stops waiting for the first token when the asker aborts', async () => {
    ollama.onChat = () => NEVER;
    const controller = new AbortController();
    const failure = collect(answerer().stream(ask({ signal: controller.signal })));
    setTimeout(() => controller.abort(), 50);
    await expect(failure).rejects.toMatchObject({ name: 'AbortError' });
    await ollama.chats[0]!.closed;
    expect(ollama.chats[0]!.closedByClient).toBe(true);
  });

  it('sends nothing when the asker has already gone', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(collect(answerer().stream(ask({ signal: controller.signal })))).rejects.toThrow(
      'gone',
    );
    expect(ollama.requests).toHaveLength(0);
  });

  it('closes the response when the reader stops early', async () => {
    ollama.onChat = () => answer(['The term', ' is five years [1].'], { delayMs: 10_000 });
    for await (const piece of answerer().stream(ask())) {
      expect(piece).toBe('The term');
      break;
    }
    await ollama.chats[0]!.closed;
    expect(ollama.chats[0]!.closedByClient).toBe(true);
  });

  it('tells the operator to pull a model Ollama does not have', async () => {
    ollama.onChat = () => modelNotFound(MODEL);
    await expect(collect(answerer().stream(ask()))).rejects.toMatchObject({
      reason: 'unavailable',
      message: `Ollama at ${url} has no model "${MODEL}": run \`ollama pull ${MODEL}\` on the Ollama server`,
    });
  });

  it('reports other HTTP errors with their status and message', async () => {
    ollama.onChat = () =>
      httpError(500, 'model requires more system memory (9.1 GiB) than is available');
    await expect(collect(answerer().stream(ask()))).rejects.toMatchObject({
      reason: 'failed',
      message: `Ollama (${MODEL}) at ${url} answered HTTP 500 model requires more system memory (9.1 GiB) than is available`,
    });
    ollama.onChat = () =>
      httpError(503, 'server busy, please try again.  maximum pending requests exceeded');
    await expect(collect(answerer().stream(ask()))).rejects.toMatchObject({
      reason: 'unavailable',
    });
  });

  it('says where it looked when Ollama cannot be reached', async () => {
    await ollama.stop();
    await expect(collect(answerer().stream(ask()))).rejects.toMatchObject({
      name: 'AnswererError',
      reason: 'unavailable',
      message: expect.stringMatching(
        new RegExp(`^Ollama is unavailable at ${url}: connect ECONNREFUSED`),
      ),
    });
  });

  it('names the URL when the host does not resolve', async () => {
    const subject = new OllamaAnswerer({
      url: 'http://ollama.invalid:11434',
      model: MODEL,
      numCtx: 8192,
      firstTokenTimeoutMs: 5000,
      totalTimeoutMs: 10_000,
      keepAlive: '30m',
    });
    await expect(collect(subject.stream(ask()))).rejects.toMatchObject({
      reason: 'unavailable',
      message: expect.stringContaining('Ollama is unavailable at http://ollama.invalid:11434: '),
    });
  });
});

describe('buildAnswerMessages', () => {
  const passage = (n: number, chars: number): AnswerPassage => ({
    n,
    originalname: `doc${n}.pdf`,
    pageNumber: n,
    text: `${'x'.repeat(chars - 1)}.`,
  });
  const user = (messages: { content: string }[]) => messages.at(-1)!.content;

  it('numbers the passages as given and puts the question last', () => {
    const messages = buildAnswerMessages({ question: 'Q?', history: [], passages }, 8192);
    expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(user(messages)).toMatch(
      /^Numbered passages[^]*\[1\] SPA\.pdf, page 3:\n[^]*\[2\] Accounts 2024\.xlsx, page 1:\n[^]*\n\nQuestion: Q\?$/,
    );
  });

  it('leaves out the lowest-ranked passages whole when they would not fit the context', () => {
    // 2048 tokens, 512 kept for the answer: about 6,100 characters for the prompt.
    const many = [1, 2, 3, 4, 5].map((n) => passage(n, 1500));
    const messages = buildAnswerMessages({ question: 'Q?', history: [], passages: many }, 2048);
    const content = user(messages);
    expect(content).toContain('[1] doc1.pdf');
    expect(content).toContain('[3] doc3.pdf');
    expect(content).not.toContain('[4] doc4.pdf');
    expect(content).not.toContain('[5]');
    // Passages kept are whole.
    expect(content.split(`${'x'.repeat(1499)}.`)).toHaveLength(4);
    const total = messages.reduce((sum, message) => sum + message.content.length, 0);
    expect(total).toBeLessThanOrEqual((2048 - 512) * 4);
  });

  it('keeps every passage when they fit', () => {
    const many = [1, 2, 3, 4, 5].map((n) => passage(n, 1500));
    expect(
      user(buildAnswerMessages({ question: 'Q?', history: [], passages: many }, 8192)),
    ).toContain('[5] doc5.pdf');
  });

  it('leaves out the oldest turns before the best passage', () => {
    const long: ChatMessage[] = [1, 2, 3, 4].map((turn) => ({
      role: turn % 2 ? 'user' : 'assistant',
      content: `${turn}${'y'.repeat(999)}`,
    }));
    const messages = buildAnswerMessages(
      { question: 'Q?', history: long, passages: [passage(1, 3000)] },
      2048,
    );
    expect(messages.slice(1, -1).map((message) => message.content[0])).toEqual(['3', '4']);
    expect(user(messages)).toContain('[1] doc1.pdf');
  });

  it('says so when there is no passage at all', () => {
    expect(user(buildAnswerMessages({ question: 'Q?', history: [], passages: [] }, 8192))).toBe(
      "Numbered passages from the project's documents:\n\n(no passage of the documents matches the question)\n\nQuestion: Q?",
    );
  });

  it('gives clause spans with their categories and asks for the direct answer first', () => {
    const clauses: AnswerPassage[] = [
      {
        n: 1,
        originalname: 'NETGEAR.pdf',
        pageNumber: 8,
        text: 'governed by California law.',
        category: 'Governing Law',
      },
      {
        n: 2,
        originalname: 'NETGEAR.pdf',
        pageNumber: 8,
        text: 'excluding conflicts rules.',
        category: 'Governing Law',
      },
    ];
    const messages = buildAnswerMessages(
      {
        question: 'What law governs the NETGEAR agreement?',
        history: [],
        passages: clauses,
        clauseShape: { categories: ['Governing Law'], answerType: 'place', acrossDocuments: false },
      },
      8192,
    );
    expect(messages[0]!.content).toBe(CLAUSE_ANSWER_SYSTEM_PROMPT);
    expect(messages[0]!.content).toMatch(/^1\. First line: the direct answer/m);
    expect(messages[0]!.content).toMatch(
      /^2\. Then the clause that answers, quoted word for word/m,
    );
    expect(messages[0]!.content).toMatch(/at most two other clauses/);
    expect(user(messages)).toBe(
      [
        "Numbered clauses from the project's documents:",
        '[1] (Governing Law) NETGEAR.pdf, page 8:\ngoverned by California law.\n\n[2] (Governing Law) NETGEAR.pdf, page 8:\nexcluding conflicts rules.',
        'The question asks about: Governing Law.',
        'First line wanted: the state or country whose law applies, as the clause names it.',
        'Question: What law governs the NETGEAR agreement?',
      ].join('\n\n'),
    );
  });

  it('asks for a count and one line per document across documents', () => {
    const messages = buildAnswerMessages(
      {
        question: 'Which agreements have a non-compete clause?',
        history: [],
        passages: [
          {
            n: 1,
            originalname: 'a.pdf',
            pageNumber: 2,
            text: 'shall not compete.',
            category: 'Non-Compete',
          },
        ],
        clauseShape: { categories: ['Non-Compete'], answerType: 'yes_no', acrossDocuments: true },
      },
      8192,
    );
    expect(user(messages)).toContain(
      'First line wanted: a count of the documents that qualify, then one line per qualifying document.',
    );
  });
});
