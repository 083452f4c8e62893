import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Citation, ReviewColumnType } from '@clearroom/contracts';
import { timeSlices } from '../../common/time-slices.js';
import type { JobContext } from '../../infra/job-queue/job-queue.port.js';
import { Document } from '../documents/document.entity.js';
import { isVerified, pageKey } from '../qa/citations.js';
import { ReviewCell } from './review-cell.entity.js';
import {
  type CellAnswer,
  REVIEW_CELL_ANSWERER,
  type ReviewCellAnswerer,
  type ReviewDocument,
} from './review-cell-answerer.port.js';
import type { ReviewCellsJob } from './review-cells.js';
import { Review } from './review.entity.js';

type PendingCell = { id: number; question: string; type: ReviewColumnType };

/**
 * The worker's job for one row of a review: answers every pending cell of the document from that
 * document alone (its evidence read once for the row) and stores the row with its verified
 * citations in one transaction. A cell is written only while it is still pending, so a job run
 * again after a crash never answers a cell twice.
 */
@Injectable()
export class ReviewCellsRunner {
  private readonly logger = new Logger(ReviewCellsRunner.name);

  constructor(
    private readonly em: SqlEntityManager,
    @Inject(REVIEW_CELL_ANSWERER) private readonly answerer: ReviewCellAnswerer,
  ) {}

  async run({ reviewId, documentId }: ReviewCellsJob, context: JobContext): Promise<void> {
    const em = this.em.fork();
    const document = await em.findOne(Document, documentId, {
      fields: ['id', 'status', 'originalName', 'storedName', 'mimeType', 'pageCount'],
    });
    // A deleted document took its row with it; one still being analysed is queued once done.
    if (!document || (document.status !== 'completed' && document.status !== 'failed')) return;
    if (document.status === 'failed' || context.attemptsExhausted) {
      await this.failPending(em, reviewId, documentId);
      await this.completeIfDone(em, reviewId);
      return;
    }
    const source: ReviewDocument = {
      documentId,
      originalname: document.originalName,
      filename: document.storedName,
      mimetype: document.mimeType,
      pageCount: document.pageCount ?? null,
    };
    // SQLite answers synchronously: without breaks a row would hold the event loop (and requests).
    const pause = timeSlices();
    let pages: Map<string, string> | null = null;
    // A column added while this ran leaves new pending cells: they are answered before leaving.
    for (;;) {
      const cells = await this.pendingCells(em, reviewId, documentId);
      if (cells.length === 0) break;
      pages ??= await this.pageTexts(em, documentId);
      context.signal.throwIfAborted();
      const answers = await this.answerRow(cells, source, pause, context, reviewId);
      context.signal.throwIfAborted();
      const answeredAt = em.getPlatform().processDateProperty(new Date());
      // The whole row in one transaction (one commit, not one per cell), in plain statements. A
      // cell is written only while still pending, so a row run again after a crash never
      // answers a cell twice.
      await em.transactional(async (tx) => {
        const connection = tx.getConnection();
        for (const [index, cell] of cells.entries()) {
          const answer = answers[index]!;
          const [sql, params] =
            answer === 'failed'
              ? [
                  `update review_cells set status = 'failed', answered_at = ? where id = ? and status = 'pending'`,
                  [answeredAt, cell.id],
                ]
              : [
                  `update review_cells set status = ?, value = ?, answer = ?, confidence = ?, citations = ?, answered_at = ?
                   where id = ? and status = 'pending'`,
                  [
                    answer.status,
                    answer.value,
                    answer.answer,
                    answer.confidence,
                    JSON.stringify(this.verified(answer.citations, documentId, pages!, reviewId)),
                    answeredAt,
                    cell.id,
                  ],
                ];
          await connection.execute(sql, params, 'run', tx.getTransactionContext());
        }
      });
    }
    await this.completeIfDone(em, reviewId);
  }

  /**
   * The row's answers, read from the document's evidence at once. Should that fail on the last
   * attempt, each cell is tried alone, so one bad column fails only its own cell.
   */
  private async answerRow(
    cells: PendingCell[],
    source: ReviewDocument,
    pause: () => Promise<void>,
    context: JobContext,
    reviewId: number,
  ): Promise<(CellAnswer | 'failed')[]> {
    try {
      return await this.answerer.answerRow(cells, source, async () => {
        await pause();
        context.signal.throwIfAborted();
      });
    } catch (error) {
      if (!context.isLastAttempt || context.signal.aborted) throw error;
    }
    const answers: (CellAnswer | 'failed')[] = [];
    for (const cell of cells) {
      await pause();
      context.signal.throwIfAborted();
      try {
        answers.push(await this.answerer.answer(cell, source));
      } catch (error) {
        this.logger.error(`Review ${reviewId}: cell ${cell.id} failed: ${String(error)}`);
        answers.push('failed');
      }
    }
    return answers;
  }

  /** The row's pending cells with their columns' questions, in column order: one query. */
  private async pendingCells(
    em: SqlEntityManager,
    reviewId: number,
    documentId: number,
  ): Promise<PendingCell[]> {
    const rows = await em
      .getConnection()
      .execute<{ id: number; question: string; type: ReviewColumnType }[]>(
        `select c.id, k.question, k.type from review_cells c join review_columns k on k.id = c.column_id
       where c.review_id = ? and c.document_id = ? and c.status = 'pending'
       order by k.position, k.id`,
        [reviewId, documentId],
      );
    return rows.map((row) => ({ id: Number(row.id), question: row.question, type: row.type }));
  }

  /** Only citations of this document whose quote is exactly its page's text at its offsets. */
  private verified(
    citations: Citation[],
    documentId: number,
    pages: Map<string, string>,
    reviewId: number,
  ): Citation[] {
    const kept = citations.filter(
      (citation) => citation.documentId === documentId && isVerified(citation, pages),
    );
    if (kept.length < citations.length) {
      this.logger.warn(
        `Review ${reviewId}, document ${documentId}: ${citations.length - kept.length} citation(s) not found on their page were dropped`,
      );
    }
    return kept.map((citation, index) => ({ ...citation, n: index + 1 }));
  }

  private async pageTexts(em: SqlEntityManager, documentId: number): Promise<Map<string, string>> {
    const pages = await em
      .getConnection()
      .execute<{ number: number; text: string }[]>(
        'select number, text from document_pages where document_id = ?',
        [documentId],
      );
    return new Map(pages.map((page) => [pageKey(documentId, page.number), page.text]));
  }

  private async failPending(em: SqlEntityManager, reviewId: number, documentId: number) {
    await em.nativeUpdate(
      ReviewCell,
      { review: reviewId, document: documentId, status: 'pending' },
      { status: 'failed', answeredAt: new Date() },
    );
  }

  private async completeIfDone(em: SqlEntityManager, reviewId: number): Promise<void> {
    const pending = await em.count(ReviewCell, { review: reviewId, status: 'pending' });
    if (pending === 0) {
      await em.nativeUpdate(Review, { id: reviewId, status: 'running' }, { status: 'completed' });
    }
  }
}
