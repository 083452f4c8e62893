import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { ANSWERER, type Answerer } from './answerer.port.js';
import { ExtractiveAnswerer } from './extractive.answerer.js';
import { OllamaAnswerer } from './ollama.answerer.js';

/** Provides ANSWERER: the adapter LLM_DRIVER names. */
@Global()
@Module({})
export class AnswererModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AnswererModule,
      providers: [{ provide: ANSWERER, useFactory: () => createAnswerer(config) }],
      exports: [ANSWERER],
    };
  }
}

export function createAnswerer(config: AppConfig): Answerer {
  switch (config.llm.driver) {
    case 'embedded':
      return new ExtractiveAnswerer();
    case 'ollama':
      if (!config.llm.ollama) throw new Error('LLM_DRIVER=ollama needs OLLAMA_URL');
      return new OllamaAnswerer(config.llm.ollama);
  }
}
