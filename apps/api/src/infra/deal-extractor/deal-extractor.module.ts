import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { type DealExtractor, MODEL_DEAL_EXTRACTOR } from './deal-extractor.port.js';
import { OllamaDealExtractor } from './ollama.deal-extractor.js';

/** Provides MODEL_DEAL_EXTRACTOR: the Ollama adapter when LLM_DRIVER=ollama, else null. */
@Global()
@Module({})
export class DealExtractorModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: DealExtractorModule,
      providers: [
        { provide: MODEL_DEAL_EXTRACTOR, useFactory: () => createModelExtractor(config) },
      ],
      exports: [MODEL_DEAL_EXTRACTOR],
    };
  }
}

export function createModelExtractor(config: AppConfig): DealExtractor | null {
  switch (config.llm.driver) {
    case 'embedded':
      return null;
    case 'ollama':
      if (!config.llm.ollama)
        throw new Error('LLM_DRIVER=ollama needs the Ollama settings (OLLAMA_URL)');
      return new OllamaDealExtractor(config.llm.ollama);
  }
}
