import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FakeOllama, httpError } from '../../../test/support/fake-ollama.js';
import type { Embedder } from './embedder.port.js';
import { LexicalOnlyEmbedder } from './lexical-only.embedder.js';
import { OllamaEmbedder } from './ollama.embedder.js';

/** The Embedder contract, run against every adapter: the embedded one and Ollama (protocol fake). */
const ollama = new FakeOllama();
let ollamaUrl = '';
beforeAll(async () => {
  ollamaUrl = await ollama.start();
});
afterAll(() => ollama.stop());

const adapters: [string, () => Promise<Embedder>][] = [
  ['embedded (lexical only)', () => Promise.resolve(new LexicalOnlyEmbedder())],
  [
    'ollama',
    async () => {
      const embedder = new OllamaEmbedder({
        url: ollamaUrl,
        embedModel: 'nomic-embed-text',
        timeoutMs: 5000,
        batchSize: 2,
      });
      await embedder.learnDimensions();
      return embedder;
    },
  ],
];

describe.each(adapters)('Embedder contract: %s', (_name, create) => {
  it('names its model and says whether it makes vectors', async () => {
    const embedder = await create();
    expect(embedder.model).toEqual(expect.any(String));
    expect(embedder.dimensions === null || embedder.dimensions > 0).toBe(true);
  });

  it('gives one vector of `dimensions` numbers per text, in order, or rejects when it makes none', async () => {
    const embedder = await create();
    const texts = ['termination', 'assignment', 'governing law'];
    if (embedder.dimensions === null) {
      await expect(embedder.embed(texts)).rejects.toThrow();
      return;
    }
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(3);
    for (const vector of vectors) expect(vector).toHaveLength(embedder.dimensions);
    expect([...vectors[0]!]).not.toEqual([...vectors[1]!]);
  });

  it('answers its health probe while its dependency is up', async () => {
    const embedder = await create();
    await expect(embedder.ping(AbortSignal.timeout(2000))).resolves.toBeUndefined();
  });
});

describe('Embedder contract: a failing dependency', () => {
  it('is a 503 naming Ollama', async () => {
    const embedder = new OllamaEmbedder({
      url: ollamaUrl,
      embedModel: 'nomic-embed-text',
      timeoutMs: 5000,
      batchSize: 2,
    });
    ollama.onEmbed = () => httpError(500, 'out of memory');
    await expect(embedder.embed(['x'])).rejects.toMatchObject({
      code: 'OLLAMA_UNAVAILABLE',
      status: 503,
    });
  });
});
