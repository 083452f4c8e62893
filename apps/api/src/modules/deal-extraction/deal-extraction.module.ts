import { Module } from '@nestjs/common';
import {
  DEAL_EXTRACTOR,
  type DealExtractor,
  MODEL_DEAL_EXTRACTOR,
} from '../../infra/deal-extractor/deal-extractor.port.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { ProjectSearchModule } from '../search/search.module.js';
import { DealExtractionController } from './deal-extraction.controller.js';
import { DealExtractionService } from './deal-extraction.service.js';
import { RulesDealExtractor } from './rules.deal-extractor.js';

/** The configured LLM reads deal details; without one (LLM_DRIVER=embedded), the built-in rules do. */
@Module({
  imports: [ProjectsModule, DocumentsModule, ProjectSearchModule],
  controllers: [DealExtractionController],
  providers: [
    DealExtractionService,
    {
      provide: DEAL_EXTRACTOR,
      inject: [MODEL_DEAL_EXTRACTOR],
      useFactory: (model: DealExtractor | null): DealExtractor => model ?? new RulesDealExtractor(),
    },
  ],
})
export class DealExtractionModule {}
