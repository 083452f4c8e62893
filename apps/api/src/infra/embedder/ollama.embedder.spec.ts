import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { OllamaEmbedder } from './ollama.embedder.js';

type Received = {
  method: string;
  path: string;
  contentType: string;
  body: Record<string, unknown>;
};
type Reply = { status: number; body: unknown } | 'never';

/** A fake Ollama: records each request and answers as `reply` says (by default, embeddings of length 3). */
class FakeOllama {
  readonly received: Received[] = [];
  reply: (body: { input: string[] }) => Reply = ({ input }) => ({
    status: 200,
    body: {
      model: 'nomic-embed-text',
      embeddings: input.map((text) => [text.length / 100, 0.6, 0.8]),
      total_duration: 14143917,
      load_duration: 1019500,
      prompt_eval_count: input.length * 4,
    },
  });
  private readonly server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (part: Buffer) => (raw += part.toString()));
    request.on('end', () => {
      const body = JSON.parse(raw) as { input: string[] };
      this.received.push({
        method: request.method!,
        path: request.url!,
        contentType: request.headers['content-type']!,
        body,
      });
      const reply = this.reply(body);
      if (reply === 'never') return;
      response.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(reply.body));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('OllamaEmbedder', () => {
  let ollama: FakeOllama;
  let url: string;
  const embedder = (overrides: { timeoutMs?: number; batchSize?: number } = {}) =>
    new OllamaEmbedder({
      url,
      embedModel: 'nomic-embed-text',
      timeoutMs: 5000,
      batchSize: 2,
      ...overrides,
    });

  beforeEach(async () => {
    ollama = new FakeOllama();
    url = await ollama.start();
  });
  afterEach(() => ollama.stop());

  it('posts batches of batchSize texts to /api/embed and returns one vector per text, in order', async () => {
    const subject = embedder();
    expect(subject.dimensions).toBeNull();

    const vectors = await subject.embed(['a', 'bb', 'ccc', 'dddd', 'eeeee']);

    expect(ollama.received.map((request) => request.body)).toEqual([
      { model: 'nomic-embed-text', input: ['a', 'bb'], truncate: true, keep_alive: '30m' },
      { model: 'nomic-embed-text', input: ['ccc', 'dddd'], truncate: true, keep_alive: '30m' },
      { model: 'nomic-embed-text', input: ['eeeee'], truncate: true, keep_alive: '30m' },
    ]);
    expect(ollama.received[0]).toMatchObject({
      method: 'POST',
      path: '/api/embed',
      contentType: 'application/json',
    });
    expect(vectors).toHaveLength(5);
    expect(vectors[4]).toBeInstanceOf(Float32Array);
    expect(Array.from(vectors[4]!)).toEqual([0.05, 0.6, 0.8].map(Math.fround));
    expect(subject.dimensions).toBe(3);
    expect(subject.model).toBe('nomic-embed-text');
  });

  it('learns the vector length from a first answer, and sends nothing for no texts', async () => {
    const subject = embedder();
    await expect(subject.learnDimensions()).resolves.toBe(3);
    expect(subject.dimensions).toBe(3);
    expect(await subject.embed([])).toEqual([]);
    expect(ollama.received).toHaveLength(1);
  });

  it('tells the operator to pull a model Ollama does not have', async () => {
    ollama.reply = () => ({
      status: 404,
      body: { error: 'model "nomic-embed-text" not found, try pulling it first' },
    });
    await expect(embedder().embed(['x'])).rejects.toThrow(
      `Ollama at ${url} has no model "nomic-embed-text": run \`ollama pull nomic-embed-text\` on the Ollama server`,
    );
  });

  it('reports a server error as Ollama being unavailable', async () => {
    ollama.reply = () => ({ status: 500, body: { error: 'llama runner process has terminated' } });
    const failure = embedder().embed(['x']);
    await expect(failure).rejects.toThrow(
      `Ollama is unavailable at ${url}: HTTP 500 llama runner process has terminated`,
    );
    await expect(failure).rejects.toMatchObject({ code: 'OLLAMA_UNAVAILABLE', status: 503 });
  });

  it('gives up after the timeout', async () => {
    ollama.reply = () => 'never';
    await expect(embedder({ timeoutMs: 100 }).embed(['x'])).rejects.toThrow(
      `Ollama is unavailable at ${url}: no answer within 0.1 s`,
    );
  });

  it('stops when the caller aborts, with the caller’s reason', async () => {
    ollama.reply = () => 'never';
    const controller = new AbortController();
    const failure = embedder().embed(['x'], controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(failure).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('says why when Ollama cannot be reached', async () => {
    await ollama.stop();
    await expect(embedder().embed(['x'])).rejects.toThrow(
      new RegExp(`^Ollama is unavailable at ${url}: connect ECONNREFUSED`),
    );
    ollama = new FakeOllama();
    await ollama.start();
  });

  it('rejects an answer with the wrong number or length of vectors', async () => {
    const subject = embedder();
    await subject.learnDimensions();
    ollama.reply = () => ({ status: 200, body: { embeddings: [[1, 0]] } });
    await expect(embedder().embed(['x', 'y'])).rejects.toThrow(
      `Ollama is unavailable at ${url}: expected 2 vectors in "embeddings"`,
    );
    await expect(subject.embed(['z'])).rejects.toThrow('expected 1 vectors of 3 numbers');
  });
});
