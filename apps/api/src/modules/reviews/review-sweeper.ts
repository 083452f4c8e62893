import { SqlEntityManager } from '@mikro-orm/sql';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { JOB_QUEUE, type JobQueue } from '../../infra/job-queue/job-queue.port.js';
import { reviewCellsJobKey, rowsToAnswer } from './review-cells.js';

/** Short, so that a document uploaded after a review was built gets its row within seconds. */
const SWEEP_INTERVAL_MS = 5_000;

/**
 * The worker's look-out for review rows to fill: adds the rows of documents uploaded since a
 * review of all documents was built, and queues again every row with pending cells whose
 * document is ready (a no-op when its job exists), so a killed worker or a lost queue loses
 * nothing. The cells table is the source of truth.
 */
@Injectable()
export class ReviewSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ReviewSweeper.name);
  private timer: NodeJS.Timeout | null = null;
  private sweeping = false;

  constructor(
    private readonly em: SqlEntityManager,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  beforeApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const em = this.em.fork();
      const connection = em.getConnection();
      const added = await connection.execute<{ affectedRows: number }>(
        `insert into review_cells (review_id, document_id, column_id, status, citations, verified, edited, flagged)
         select r.id, d.id, c.id, 'pending', '[]', 0, 0, 0
         from reviews r
         join review_columns c on c.review_id = r.id
         join documents d on d.project_id = r.project_id and d.status <> 'failed'
         where r.all_documents = 1
           and not exists (select 1 from review_cells x where x.column_id = c.id and x.document_id = d.id)`,
        [],
        'run',
      );
      if (added.affectedRows > 0) {
        await connection.execute(
          `update reviews set status = 'running' where status <> 'running'
           and exists (select 1 from review_cells c where c.review_id = reviews.id and c.status = 'pending')`,
          [],
          'run',
        );
        this.logger.log(
          `Added ${added.affectedRows} cell(s) for documents uploaded after their review`,
        );
      }
      for (const job of await rowsToAnswer(em)) {
        await this.queue.enqueue('review-cells', job, reviewCellsJobKey(job));
      }
    } catch (error) {
      this.logger.error(`Could not queue unfinished review cells: ${String(error)}`);
    } finally {
      this.sweeping = false;
    }
  }
}
