import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { ProjectSearchModule } from '../search/search.module.js';
import { DealExtractionController } from './deal-extraction.controller.js';
import { DealExtractionService } from './deal-extraction.service.js';
import {
  DEAL_EXTRACTOR,
  type DealExtractor,
} from '../../infra/deal-extractor/deal-extractor.port.js';
import { OllamaDealExtractor } from '../../infra/deal-extractor/ollama.deal-extractor.js';
import { RulesDealExtractor } from './rules.deal-extractor.js';

/** The configured LLM reads deal details; without one (LLM_DRIVER=embedded), the built-in rules do. */
export function createDealExtractor(llm: AppConfig['llm']): DealExtractor {
  switch (llm.driver) {
    case 'embedded':
      return new RulesDealExtractor();
    case 'ollama':
      if (!llm.ollama) throw new Error('LLM_DRIVER=ollama needs the Ollama settings (OLLAMA_URL)');
      return new OllamaDealExtractor(llm.ollama);
  }
}

@Module({
  imports: [ProjectsModule, DocumentsModule, ProjectSearchModule],
  controllers: [DealExtractionController],
  providers: [
    DealExtractionService,
    {
      provide: DEAL_EXTRACTOR,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createDealExtractor(config.llm),
    },
  ],
})
export class DealExtractionModule {}
