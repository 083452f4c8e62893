import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable } from '@nestjs/common';
import {
  type Citation,
  type CreateReviewFields,
  DEFAULT_REVIEW_VIEW,
  REVIEW_MAX_COLUMNS,
  type ReviewCell as ReviewCellDto,
  type ReviewColumnInput,
  type ReviewDetail,
  type ReviewGridQuery,
  type ReviewRow,
  type ReviewSummary,
  type UpdateReviewCellFields,
} from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';
import { JOB_QUEUE, type JobQueue } from '../../infra/job-queue/job-queue.port.js';
import { Document } from '../documents/document.entity.js';
import { ActivityLog, type Actor } from '../activity/activity-log.service.js';
import {
  assertAllowed,
  ProjectAccess,
  type ProjectAction,
} from '../projects/project-access.service.js';
import { ReviewCell } from './review-cell.entity.js';
import { addPendingCells, reviewCellsJobKey, rowsToAnswer } from './review-cells.js';
import { ReviewColumn } from './review-column.entity.js';
import { Review } from './review.entity.js';
import { readsCells, viewOf, type ViewRow, viewRows } from './review-view.js';

type DocumentRow = { id: number; original_name: string; stored_name: string; mime_type: string };
type CellRow = {
  document_id: number;
  column_id: number;
  status: ReviewCellDto['status'];
  value: string | null;
  answer: string | null;
  confidence: number | string | null;
  citations: string | Citation[] | null;
  verified: number | boolean;
  edited: number | boolean;
  original_value: string | null;
  flagged: number | boolean;
  comment: string | null;
};

/** Documents per statement when rows are read whole. */
const ROW_BATCH = 1000;

const reviewNotFound = () => new AppError('NOT_FOUND', 'Review not found');

/**
 * Review grids of a project, for its members: viewers read and export them, editors and owners
 * build, edit and delete them. A review of a project the caller is not a member of is a 404.
 */
@Injectable()
export class ReviewsService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly access: ProjectAccess,
    private readonly activity: ActivityLog,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  async list(actor: Actor, projectId: number): Promise<ReviewSummary[]> {
    await this.access.require(actor, projectId, 'read');
    const em = this.em.fork();
    const reviews = await em.find(
      Review,
      { project: projectId },
      { orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    const progress = await this.progressOf(
      em,
      reviews.map((review) => review.id),
    );
    return reviews.map((review) => summaryOf(review, progress.get(review.id)));
  }

  async create(actor: Actor, projectId: number, fields: CreateReviewFields): Promise<ReviewDetail> {
    await this.access.require(actor, projectId, 'runReviews');
    const em = this.em.fork();
    const documents = await em.find(
      Document,
      { project: projectId, ...(fields.documentIds && { id: { $in: fields.documentIds } }) },
      { fields: ['id', 'status'] },
    );
    if (fields.documentIds && documents.length < fields.documentIds.length) {
      const known = new Set(documents.map((document) => document.id));
      const missing = fields.documentIds.filter((id) => !known.has(id));
      throw new AppError(
        'VALIDATION_FAILED',
        `documentIds: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? '…' : ''} ${missing.length === 1 ? 'is not a document' : 'are not documents'} of this project`,
      );
    }
    if (!documents.some((document) => document.status === 'completed')) {
      throw new AppError(
        'NO_ANALYSED_DOCUMENTS',
        fields.documentIds
          ? "None of the chosen documents is analysed yet: wait for 'Analysis Complete', then build the review."
          : "No analysed documents in this project yet: upload documents and wait for 'Analysis Complete', then build the review.",
      );
    }
    const reviewId = await em.transactional(async (tx) => {
      const review = tx.create(Review, {
        project: projectId,
        name: fields.name,
        allDocuments: !fields.documentIds,
        status: 'running',
        createdBy: actor.id,
      });
      fields.columns.forEach((column, position) =>
        tx.create(ReviewColumn, { review, position, ...column }),
      );
      await tx.flush();
      await addPendingCells(tx, review.id, fields.documentIds ?? 'all');
      await this.activity.record(
        {
          projectId,
          actor,
          action: 'review.run',
          details: { reviewId: review.id, name: fields.name, columns: fields.columns.length },
        },
        tx,
      );
      return review.id;
    });
    await this.queueRows(reviewId);
    return this.get(actor, reviewId);
  }

  /**
   * The grid, its rows filtered and sorted by the query's view: all of them, or `limit` rows from
   * `offset` (the grid page's first screen asks for one page, then the rest). The view is applied
   * to what it reads of every row (names, cells' state), then only the page's cells are read
   * whole: plain SQL, a 449 × 12 grid is 5,388 cells, too many to hydrate as entities per request.
   */
  async get(actor: Actor, reviewId: number, query: ReviewGridQuery = {}): Promise<ReviewDetail> {
    const em = this.em.fork();
    const review = await this.findAllowed(em, actor, reviewId, 'read');
    const columns = await em.find(
      ReviewColumn,
      { review: reviewId },
      { orderBy: { position: 'asc', id: 'asc' } },
    );
    const view = viewOf(
      query,
      columns.map((column) => column.id),
    );
    const progress = (await this.progressOf(em, [reviewId])).get(reviewId);
    const all = await this.viewRowsOf(em, reviewId, readsCells(view));
    const matching = viewRows(all, view);
    const offset = query.offset ?? 0;
    const page = matching.slice(
      offset,
      query.limit === undefined ? undefined : offset + query.limit,
    );
    return {
      ...summaryOf(review, progress),
      projectId: review.project.id,
      allDocuments: review.allDocuments,
      columns: columns.map(({ id, label, question, type }) => ({ id, label, question, type })),
      totalRows: all.length,
      matchingRows: matching.length,
      offset,
      rows: await this.rowsOf(
        em,
        reviewId,
        columns,
        page.map((row) => row.documentId),
      ),
    };
  }

  /** Every row of the grid, `batch` rows at a time (for the export: never the whole grid in memory). */
  async *rowBatches(
    actor: Actor,
    reviewId: number,
    batch = 200,
  ): AsyncGenerator<{ review: ReviewDetail; rows: ReviewRow[] }> {
    const first = await this.get(actor, reviewId, { offset: 0, limit: batch });
    yield { review: first, rows: first.rows };
    const em = this.em.fork();
    const ids = viewRows(await this.viewRowsOf(em, reviewId, false), DEFAULT_REVIEW_VIEW).map(
      (row) => row.documentId,
    );
    for (let offset = batch; offset < ids.length; offset += batch) {
      yield {
        review: first,
        rows: await this.rowsOf(em, reviewId, first.columns, ids.slice(offset, offset + batch)),
      };
    }
  }

  /** What the view reads of every row: the document names, and with `withCells` the cells' state. */
  private async viewRowsOf(
    em: SqlEntityManager,
    reviewId: number,
    withCells: boolean,
  ): Promise<ViewRow[]> {
    const connection = em.getConnection();
    const documents = await connection.execute<{ id: number; original_name: string }[]>(
      `select d.id, d.original_name from documents d
       where d.id in (select document_id from review_cells where review_id = ?)`,
      [reviewId],
    );
    const rows = new Map<number, ViewRow>(
      documents.map((document) => [
        Number(document.id),
        { documentId: Number(document.id), originalname: document.original_name, cells: [] },
      ]),
    );
    if (!withCells) return [...rows.values()];
    const cells = await connection.execute<
      Pick<CellRow, 'document_id' | 'column_id' | 'status' | 'value' | 'verified' | 'flagged'>[]
    >(
      'select document_id, column_id, status, value, verified, flagged from review_cells where review_id = ?',
      [reviewId],
    );
    for (const cell of cells) {
      rows.get(Number(cell.document_id))?.cells.push({
        columnId: Number(cell.column_id),
        status: cell.status,
        value: cell.value ?? null,
        verified: Boolean(Number(cell.verified)),
        flagged: Boolean(Number(cell.flagged)),
      });
    }
    return [...rows.values()];
  }

  /** The rows of these documents, in this order, with their cells whole. */
  private async rowsOf(
    em: SqlEntityManager,
    reviewId: number,
    columns: readonly { id: number }[],
    documentIds: readonly number[],
  ): Promise<ReviewRow[]> {
    const rows: ReviewRow[] = [];
    // A whole grid unpaged reads its rows a batch at a time: a statement takes a bounded number
    // of placeholders (SQLite: 32,766).
    for (let first = 0; first < documentIds.length; first += ROW_BATCH) {
      rows.push(
        ...(await this.rowBatch(
          em,
          reviewId,
          columns,
          documentIds.slice(first, first + ROW_BATCH),
        )),
      );
    }
    return rows;
  }

  private async rowBatch(
    em: SqlEntityManager,
    reviewId: number,
    columns: readonly { id: number }[],
    documentIds: readonly number[],
  ): Promise<ReviewRow[]> {
    const connection = em.getConnection();
    const marks = documentIds.map(() => '?').join(', ');
    const documents = await connection.execute<DocumentRow[]>(
      `select d.id, d.original_name, d.stored_name, d.mime_type from documents d where d.id in (${marks})`,
      [...documentIds],
    );
    const cells = await connection.execute<CellRow[]>(
      `select document_id, column_id, status, value, answer, confidence, citations, verified, edited,
         original_value, flagged, comment
       from review_cells where review_id = ? and document_id in (${marks})`,
      [reviewId, ...documentIds],
    );
    const position = new Map(columns.map((column, index) => [column.id, index]));
    const cellsByDocument = new Map<number, ReviewCellDto[]>();
    for (const cell of cells) {
      const documentId = Number(cell.document_id);
      const row = cellsByDocument.get(documentId) ?? [];
      row.push(cellOfRow(cell));
      cellsByDocument.set(documentId, row);
    }
    const byId = new Map(documents.map((document) => [Number(document.id), document]));
    return documentIds.flatMap((id) => {
      const document = byId.get(id);
      if (!document) return [];
      return [
        {
          documentId: id,
          originalname: document.original_name,
          filename: document.stored_name,
          mimetype: document.mime_type,
          cells: (cellsByDocument.get(id) ?? []).sort(
            (a, b) => (position.get(a.columnId) ?? 0) - (position.get(b.columnId) ?? 0),
          ),
        },
      ];
    });
  }

  async updateCell(
    actor: Actor,
    reviewId: number,
    documentId: number,
    columnId: number,
    fields: UpdateReviewCellFields,
  ): Promise<ReviewCellDto> {
    const em = this.em.fork();
    await this.findAllowed(em, actor, reviewId, 'runReviews');
    const cell = await em.findOne(ReviewCell, {
      review: reviewId,
      document: documentId,
      column: columnId,
    });
    if (!cell) throw new AppError('NOT_FOUND', 'Cell not found');
    if (
      cell.status === 'pending' &&
      (fields.value !== undefined || fields.verified !== undefined)
    ) {
      throw new AppError(
        'VALIDATION_FAILED',
        'This cell is still being answered: correct or verify it once it is filled',
      );
    }
    if (fields.value !== undefined) {
      const original = cell.edited ? cell.originalValue : cell.value;
      if (fields.value === original) {
        cell.value = original;
        cell.edited = false;
        cell.originalValue = null;
      } else {
        if (!cell.edited) cell.originalValue = cell.value;
        cell.edited = true;
        cell.value = fields.value;
      }
    }
    if (fields.verified !== undefined) cell.verified = fields.verified;
    if (fields.flagged !== undefined) cell.flagged = fields.flagged;
    if (fields.comment !== undefined) cell.comment = fields.comment || null;
    await em.flush();
    return cellOf(cell);
  }

  /** Adds a column; only its cells are answered. */
  async addColumn(
    actor: Actor,
    reviewId: number,
    column: ReviewColumnInput,
  ): Promise<ReviewDetail> {
    const em = this.em.fork();
    const review = await this.findAllowed(em, actor, reviewId, 'runReviews');
    await em.transactional(async (tx) => {
      const columns = await tx.find(ReviewColumn, { review: reviewId }, { fields: ['position'] });
      if (columns.length >= REVIEW_MAX_COLUMNS) {
        throw new AppError(
          'VALIDATION_FAILED',
          `columns: a review can have at most ${REVIEW_MAX_COLUMNS} columns`,
        );
      }
      const position = Math.max(-1, ...columns.map((existing) => existing.position)) + 1;
      const added = tx.create(ReviewColumn, { review: reviewId, position, ...column });
      await tx.flush();
      await addPendingCells(tx, reviewId, review.allDocuments ? 'all' : 'rows', added.id);
      await tx.nativeUpdate(Review, { id: reviewId }, { status: 'running' });
      await this.activity.record(
        {
          projectId: review.project.id,
          actor,
          action: 'review.run',
          details: { reviewId, name: review.name, addedColumn: column.label },
        },
        tx,
      );
    });
    await this.queueRows(reviewId);
    return this.get(actor, reviewId);
  }

  async remove(actor: Actor, reviewId: number): Promise<void> {
    const em = this.em.fork();
    await this.findAllowed(em, actor, reviewId, 'runReviews');
    await em.nativeDelete(Review, { id: reviewId });
  }

  /** Logs an export of the grid (done by the controller, which builds the file). */
  async recordExport(actor: Actor, review: ReviewDetail, format: string): Promise<void> {
    await this.activity.record({
      projectId: review.projectId,
      actor,
      action: 'review.exported',
      details: { reviewId: review.id, name: review.name, format },
    });
  }

  /** The review when the caller's role in its project allows `action`; 404 for non-members. */
  async findAllowed(
    em: SqlEntityManager,
    actor: Actor,
    reviewId: number,
    action: ProjectAction,
  ): Promise<Review> {
    const review = await em.findOne(Review, { id: reviewId });
    const role = review ? await this.access.roleOf(actor.id, review.project.id) : null;
    if (!review || role === null) throw reviewNotFound();
    assertAllowed(role, action);
    return review;
  }

  private async queueRows(reviewId: number): Promise<void> {
    for (const job of await rowsToAnswer(this.em.fork(), reviewId)) {
      await this.queue.enqueue('review-cells', job, reviewCellsJobKey(job));
    }
  }

  private async progressOf(
    em: SqlEntityManager,
    reviewIds: number[],
  ): Promise<Map<number, { done: number; total: number }>> {
    if (reviewIds.length === 0) return new Map();
    const rows = await em
      .getConnection()
      .execute<{ review_id: number; done: number | string; total: number | string }[]>(
        `select review_id, sum(case when status <> 'pending' then 1 else 0 end) as done, count(*) as total
       from review_cells where review_id in (${reviewIds.map(() => '?').join(', ')}) group by review_id`,
        reviewIds,
      );
    return new Map(
      rows.map((row) => [
        Number(row.review_id),
        { done: Number(row.done), total: Number(row.total) },
      ]),
    );
  }
}

function summaryOf(review: Review, progress = { done: 0, total: 0 }): ReviewSummary {
  return {
    id: review.id,
    name: review.name,
    status: review.status,
    progress,
    createdAt: review.createdAt.toISOString(),
  };
}

function cellOf(cell: ReviewCell): ReviewCellDto {
  return {
    columnId: cell.column.id,
    status: cell.status,
    value: cell.value ?? null,
    answer: cell.answer ?? null,
    confidence:
      cell.confidence === null || cell.confidence === undefined ? null : Number(cell.confidence),
    citations: cell.citations,
    verified: cell.verified,
    edited: cell.edited,
    originalValue: cell.originalValue ?? null,
    flagged: cell.flagged,
    comment: cell.comment ?? null,
  };
}

function cellOfRow(row: CellRow): ReviewCellDto {
  return {
    columnId: Number(row.column_id),
    status: row.status,
    value: row.value ?? null,
    answer: row.answer ?? null,
    confidence: row.confidence === null ? null : Number(row.confidence),
    citations:
      typeof row.citations === 'string'
        ? (JSON.parse(row.citations) as Citation[])
        : (row.citations ?? []),
    verified: Boolean(Number(row.verified)),
    edited: Boolean(Number(row.edited)),
    originalValue: row.original_value ?? null,
    flagged: Boolean(Number(row.flagged)),
    comment: row.comment ?? null,
  };
}
