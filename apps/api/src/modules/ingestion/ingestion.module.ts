import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module.js';
import { DataVersionService } from '../auth/data-version.service.js';
import { ClauseClassificationService } from '../clauses/clause-classification.service.js';
import { ClauseModelModule } from '../clauses/clause-model.module.js';
import { ReviewCellsModule } from '../reviews/review-cells.module.js';
import { IngestionRepository } from './ingestion.repository.js';
import { IngestionService } from './ingestion.service.js';
import { IngestionWorker } from './ingestion.worker.js';

/** The worker role's module: needs the extractor, embedder, search index and job queue. */
@Module({
  imports: [ClauseModelModule, ReviewCellsModule, ActivityModule],
  providers: [
    IngestionService,
    IngestionRepository,
    IngestionWorker,
    DataVersionService,
    ClauseClassificationService,
  ],
})
export class IngestionModule {}
