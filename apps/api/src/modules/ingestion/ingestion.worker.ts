import { SqlEntityManager } from '@mikro-orm/sql';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { JOB_QUEUE, type JobQueue } from '../../infra/job-queue/job-queue.port.js';
import { ClauseClassificationService } from '../clauses/clause-classification.service.js';
import { Document } from '../documents/document.entity.js';
import { ingestJobKey } from '../documents/ingest-job.js';
import { ReviewCellsRunner } from '../reviews/review-cells.runner.js';
import { IngestionService } from './ingestion.service.js';

/** How often unfinished documents are checked for a missing job (e.g. Redis lost it). */
const SWEEP_INTERVAL_MS = 30_000;

/**
 * The worker role: runs ingestion, clause re-classification and review-cell jobs. The documents
 * table is the source of truth: at start and
 * every half minute, every document not yet completed or failed gets its job queued again (a
 * no-op when the job exists), so nothing stays stuck after a crash, a restart or a lost queue.
 */
@Injectable()
export class IngestionWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(IngestionWorker.name);
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly em: SqlEntityManager,
    private readonly ingestion: IngestionService,
    private readonly clauses: ClauseClassificationService,
    private readonly reviewCells: ReviewCellsRunner,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.start({
      ingest: ({ documentId }, context) => this.ingestion.ingest(documentId, context),
      classify: ({ documentId }) => this.clauses.reclassify(documentId),
      'review-cells': (job, context) => this.reviewCells.run(job, context),
    });
    await this.sweep();
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.queue.close();
  }

  private async sweep(): Promise<void> {
    try {
      const unfinished = await this.em
        .fork()
        .find(
          Document,
          { status: { $in: ['awaiting_processing', 'processing'] } },
          { fields: ['id'], orderBy: { id: 'asc' } },
        );
      for (const { id } of unfinished) {
        await this.queue.enqueue('ingest', { documentId: id }, ingestJobKey(id));
      }
      if (unfinished.length > 0)
        this.logger.log(`Queued ${unfinished.length} unfinished document(s)`);
      // Documents classified by an older clause model (or before there was one): from their
      // stored page text, in the background.
      const version = this.clauses.modelVersion;
      const unclassified = await this.clauses.unclassifiedDocumentIds();
      for (const id of unclassified) {
        await this.queue.enqueue('classify', { documentId: id }, `classify:${id}:${version}`);
      }
      if (unclassified.length > 0)
        this.logger.log(`Queued ${unclassified.length} document(s) for clause classification`);
    } catch (error) {
      this.logger.error(`Could not queue unfinished documents: ${String(error)}`);
    }
  }
}
