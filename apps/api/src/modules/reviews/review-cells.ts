import type { SqlEntityManager } from '@mikro-orm/sql';

export type ReviewCellsJob = { reviewId: number; documentId: number };

/** One job per review and document: it answers every pending cell of that row. */
export const reviewCellsJobKey = ({ reviewId, documentId }: ReviewCellsJob) =>
  `review-cells:${reviewId}:${documentId}`;

/**
 * Adds a pending cell for each column × document of the review that lacks one. The documents are
 * the project's (not failed) when `documentIds` is 'all', else those listed; `columnId` limits it
 * to one column. Returns how many cells were added.
 */
export async function addPendingCells(
  em: SqlEntityManager,
  reviewId: number,
  documents: 'all' | 'rows' | number[],
  columnId?: number,
): Promise<number> {
  const params: number[] = [reviewId];
  let where = 'c.review_id = ?';
  if (columnId !== undefined) {
    where += ' and c.id = ?';
    params.push(columnId);
  }
  if (documents === 'rows') {
    where += ' and d.id in (select document_id from review_cells where review_id = ?)';
    params.push(reviewId);
  } else if (documents !== 'all') {
    if (documents.length === 0) return 0;
    where += ` and d.id in (${documents.map(() => '?').join(', ')})`;
    params.push(...documents);
  }
  const result = await em.getConnection().execute<{ affectedRows: number }>(
    `insert into review_cells (review_id, document_id, column_id, status, citations, verified, edited, flagged)
     select c.review_id, d.id, c.id, 'pending', '[]', 0, 0, 0
     from review_columns c
     join reviews r on r.id = c.review_id
     join documents d on d.project_id = r.project_id and d.status <> 'failed'
     where ${where}
       and not exists (select 1 from review_cells x where x.column_id = c.id and x.document_id = d.id)`,
    params,
    'run',
    em.getTransactionContext(),
  );
  return result.affectedRows;
}

/** The rows of the review with pending cells whose document is ready (completed or failed). */
export async function rowsToAnswer(
  em: SqlEntityManager,
  reviewId?: number,
): Promise<ReviewCellsJob[]> {
  const rows = await em.getConnection().execute<{ review_id: number; document_id: number }[]>(
    `select distinct c.review_id, c.document_id
     from review_cells c join documents d on d.id = c.document_id
     where c.status = 'pending' and d.status in ('completed', 'failed')${reviewId === undefined ? '' : ' and c.review_id = ?'}
     order by c.review_id, c.document_id`,
    reviewId === undefined ? [] : [reviewId],
    'all',
    em.getTransactionContext(),
  );
  return rows.map((row) => ({
    reviewId: Number(row.review_id),
    documentId: Number(row.document_id),
  }));
}
