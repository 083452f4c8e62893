import 'reflect-metadata';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { Test } from '@nestjs/testing';
import { loadConfig } from '../../config/app-config.js';
import { EMBEDDER, type Embedder } from './embedder.port.js';
import { EmbedderModule } from './embedder.module.js';
import { LexicalOnlyEmbedder } from './lexical-only.embedder.js';
import { OllamaEmbedder } from './ollama.embedder.js';

async function embedderFor(env: Record<string, string>): Promise<Embedder> {
  const module = await Test.createTestingModule({
    imports: [EmbedderModule.forRoot(loadConfig({ NODE_ENV: 'test', ...env }))],
  }).compile();
  return module.get<Embedder>(EMBEDDER);
}

describe('EmbedderModule', () => {
  it('provides no vectors by default (embedded driver)', async () => {
    const embedder = await embedderFor({});
    expect(embedder).toBeInstanceOf(LexicalOnlyEmbedder);
    expect(embedder.dimensions).toBeNull();
    await expect(embedder.embed(['x'])).rejects.toThrow('makes no vectors');
  });

  it('provides Ollama with its vector length learnt at start', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ model: 'all-minilm', embeddings: [[0.6, 0.8]] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const embedder = await embedderFor({
        EMBEDDER_DRIVER: 'ollama',
        OLLAMA_URL: url,
        OLLAMA_EMBED_MODEL: 'all-minilm',
      });
      expect(embedder).toBeInstanceOf(OllamaEmbedder);
      expect(embedder.dimensions).toBe(2);
      expect(embedder.model).toBe('all-minilm');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('does not start when Ollama cannot be reached', async () => {
    await expect(
      embedderFor({ EMBEDDER_DRIVER: 'ollama', OLLAMA_URL: 'http://127.0.0.1:9' }),
    ).rejects.toThrow('Ollama is unavailable at http://127.0.0.1:9');
  });
});
