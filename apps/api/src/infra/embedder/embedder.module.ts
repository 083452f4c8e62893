import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { EMBEDDER, type Embedder } from './embedder.port.js';
import { LexicalOnlyEmbedder } from './lexical-only.embedder.js';
import { OllamaEmbedder } from './ollama.embedder.js';

/** Provides EMBEDDER: the adapter EMBEDDER_DRIVER names. */
@Global()
@Module({})
export class EmbedderModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: EmbedderModule,
      providers: [{ provide: EMBEDDER, useFactory: () => createEmbedder(config) }],
      exports: [EMBEDDER],
    };
  }
}

export async function createEmbedder(config: AppConfig): Promise<Embedder> {
  switch (config.embedder.driver) {
    case 'embedded':
      return new LexicalOnlyEmbedder();
    case 'ollama': {
      if (!config.ollama) throw new Error('EMBEDDER_DRIVER=ollama needs OLLAMA_URL');
      const embedder = new OllamaEmbedder({
        ...config.ollama,
        batchSize: config.embedder.batchSize,
      });
      // Callers read `dimensions` to know whether there are vectors: it must be known from the start.
      await embedder.learnDimensions();
      return embedder;
    }
  }
}
