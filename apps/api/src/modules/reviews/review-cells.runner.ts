import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Citation } from '@clearroom/contracts';
import { timeSlices } from '../../common/time-slices.js';
import type { JobContext } from '../../infra/job-queue/job-queue.port.js';
import { DocumentPage } from '../documents/document-page.entity.js';
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

/**
 * The worker's job for one row of a review: answers each pending cell of the document from that
 * document alone and stores it with its verified citations. A cell is written only while it is
 * still pending, so a job run again after a crash never answers a cell twice.
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
      fields: ['id', 'status', 'originalName', 'storedName', 'mimeType'],
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
    };
    // SQLite answers synchronously: without breaks a row would hold the event loop (and requests).
    const pause = timeSlices();
    // A column added while this ran leaves new pending cells: they are answered before leaving.
    for (;;) {
      const cells = await em.find(
        ReviewCell,
        { review: reviewId, document: documentId, status: 'pending' },
        { populate: ['column'], orderBy: { column: { position: 'asc' } } },
      );
      if (cells.length === 0) break;
      const pages = await this.pageTexts(em, documentId);
      for (const cell of cells) {
        await pause();
        context.signal.throwIfAborted();
        let answer: CellAnswer;
        try {
          answer = await this.answerer.answer(cell.column, source);
        } catch (error) {
          if (!context.isLastAttempt) throw error;
          this.logger.error(`Review ${reviewId}: cell ${cell.id} failed: ${String(error)}`);
          await em.nativeUpdate(
            ReviewCell,
            { id: cell.id, status: 'pending' },
            { status: 'failed', answeredAt: new Date() },
          );
          continue;
        }
        await em.nativeUpdate(
          ReviewCell,
          { id: cell.id, status: 'pending' },
          {
            status: answer.status,
            value: answer.value,
            answer: answer.answer,
            confidence: answer.confidence,
            citations: this.verified(answer.citations, documentId, pages, reviewId),
            answeredAt: new Date(),
          },
        );
      }
    }
    await this.completeIfDone(em, reviewId);
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
    const pages = await em.find(DocumentPage, { document: documentId });
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
