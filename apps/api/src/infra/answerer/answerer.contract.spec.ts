import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FakeOllama } from '../../../test/support/fake-ollama.js';
import type { Answerer, AnswerRequest } from './answerer.port.js';
import { ExtractiveAnswerer } from './extractive.answerer.js';
import { OllamaAnswerer } from './ollama.answerer.js';

/** The Answerer contract, run against the extractive default and Ollama (protocol fake). */
const ollama = new FakeOllama();
let ollamaUrl = '';
beforeAll(async () => {
  ollamaUrl = await ollama.start();
});
afterAll(() => ollama.stop());

const adapters: [string, () => Answerer][] = [
  ['extractive', () => new ExtractiveAnswerer()],
  [
    'ollama',
    () =>
      new OllamaAnswerer({
        url: ollamaUrl,
        model: 'llama3.1:8b',
        numCtx: 8192,
        firstTokenTimeoutMs: 5000,
        totalTimeoutMs: 10_000,
        keepAlive: '30m',
      }),
  ],
];

const request = (signal: AbortSignal): AnswerRequest => ({
  question: 'What notice does termination need?',
  history: [],
  passages: [
    {
      n: 1,
      originalname: 'msa.pdf',
      pageNumber: 4,
      text: 'Either party may terminate this agreement on ninety days written notice.',
    },
  ],
  signal,
});

async function collect(iterable: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of iterable) text += piece;
  return text;
}

describe.each(adapters)('Answerer contract: %s', (_name, create) => {
  it('streams an answer in pieces that cites the passages as [n]', async () => {
    const answer = await collect(create().stream(request(new AbortController().signal)));
    expect(answer).toMatch(/\[1\]/);
  });

  it('says nothing once the asker has left', async () => {
    const abort = new AbortController();
    abort.abort(new Error('left'));
    const answer = await collect(create().stream(request(abort.signal))).catch(() => '');
    expect(answer).toBe('');
  });

  it('answers its health probe while its dependency is up', async () => {
    await expect(create().ping(AbortSignal.timeout(2000))).resolves.toBeUndefined();
  });
});
