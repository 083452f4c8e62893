import { Module } from '@nestjs/common';
import { FileStore } from '../../infra/file-store/file-store.js';
import { DataVersionService } from '../auth/data-version.service.js';
import { ReviewCellsModule } from '../reviews/review-cells.module.js';
import { IngestionService } from './ingestion.service.js';
import { IngestionWorker } from './ingestion.worker.js';

/** The worker role's module: needs the extractor, embedder, search index and job queue. */
@Module({
  imports: [ReviewCellsModule],
  providers: [IngestionService, IngestionWorker, FileStore, DataVersionService],
})
export class IngestionModule {}
