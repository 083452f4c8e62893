import { Module } from '@nestjs/common';
import { DataVersionService } from '../auth/data-version.service.js';
import { IngestionService } from './ingestion.service.js';
import { IngestionWorker } from './ingestion.worker.js';

/** The worker role's module: needs the extractor, embedder, search index and job queue. */
@Module({
  providers: [IngestionService, IngestionWorker, DataVersionService],
})
export class IngestionModule {}
