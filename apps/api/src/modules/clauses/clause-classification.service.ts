import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable, Logger } from '@nestjs/common';
import { DocumentPage } from '../documents/document-page.entity.js';
import { Document } from '../documents/document.entity.js';
import { Clause, DocumentClassification } from './clause.entity.js';
import { type ClauseSpan, ClauseModel, type DocumentAnalysis } from './model/clause-model.js';
import type { PageText } from './model/segment.js';

/**
 * Candidates are stored down to this score, so that `?minScore=` can show what lies below the
 * thresholds (the model keeps at most 10 per category per document).
 */
export const STORED_SCORE_FLOOR = 0.05;
const INSERT_BATCH = 500;
/** CSV, TSV and Excel workbooks. */
const SPREADSHEET =
  /^(text\/(csv|tab-separated-values)|application\/vnd\.ms-excel|application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.)/;

/**
 * The clauses stored for a document: every candidate down to STORED_SCORE_FLOOR, those the model
 * reports by default (its document layer decides presence) marked found. Other candidates are
 * kept for `?minScore=`. Also what `npm run eval:review -- --evidence model` reads.
 */
export function clausesToStore(
  model: ClauseModel,
  analysis: DocumentAnalysis,
): (ClauseSpan & { found: boolean })[] {
  const reported = model.spansOf(analysis);
  const keyOf = (clause: { category: string; group: number }) =>
    `${clause.category}\u0000${clause.group}`;
  const found = new Set(reported.map(keyOf));
  const candidates = model.spansOf(analysis, { minScore: STORED_SCORE_FLOOR });
  const stored = new Set(candidates.map(keyOf));
  return [...candidates, ...reported.filter((clause) => !stored.has(keyOf(clause)))].map(
    (clause) => ({ ...clause, found: found.has(keyOf(clause)) }),
  );
}

/**
 * The classify stage: scores a document's stored page text with the clause model and replaces
 * its clauses, recording the model version (also when nothing was found).
 */
@Injectable()
export class ClauseClassificationService {
  private readonly logger = new Logger(ClauseClassificationService.name);

  constructor(
    private readonly em: SqlEntityManager,
    private readonly model: ClauseModel,
  ) {}

  get modelVersion(): string {
    return this.model.version;
  }

  /**
   * Classifies a document's pages (in memory during ingestion, stored ones when re-classifying);
   * returns the number of clause spans stored. Sheets are tables, not contracts: they get an
   * empty row rather than noise.
   */
  async classifyPages(
    document: { id: number; mimeType: string },
    pages: PageText[],
  ): Promise<number> {
    const documentId = document.id;
    const clauses = clausesToStore(
      this.model,
      this.model.analyse(SPREADSHEET.test(document.mimeType) ? [] : pages),
    );
    const quoteOf = new Map(pages.map((page) => [page.pageNumber, page.text]));
    const rows = clauses.map((clause) => ({
      document: documentId,
      category: clause.category,
      score: clause.score,
      pageNumber: clause.pageNumber,
      start: clause.start,
      end: clause.end,
      clauseGroup: clause.group,
      found: clause.found,
      quote: (quoteOf.get(clause.pageNumber) ?? '').slice(clause.start, clause.end),
    }));
    await this.em.fork().transactional(async (em) => {
      if ((await em.count(Document, { id: documentId })) === 0) return;
      await em.nativeDelete(Clause, { document: documentId });
      for (let first = 0; first < rows.length; first += INSERT_BATCH) {
        await em.insertMany(Clause, rows.slice(first, first + INSERT_BATCH));
      }
      await em.upsert(DocumentClassification, {
        document: documentId,
        modelVersion: this.model.version,
        classifiedAt: new Date(),
      });
    });
    return rows.length;
  }

  /** Re-classifies a completed document from its stored page text (a new model shipped). */
  async reclassify(documentId: number): Promise<void> {
    const em = this.em.fork();
    const document = await em.findOne(Document, documentId, {
      fields: ['id', 'status', 'mimeType'],
    });
    if (!document || document.status !== 'completed') return;
    const pages = await em.find(
      DocumentPage,
      { document: documentId },
      { orderBy: { number: 'asc' } },
    );
    const count = await this.classifyPages(
      document,
      pages.map((page) => ({ pageNumber: page.number, text: page.text })),
    );
    this.logger.log({ msg: 'document re-classified', documentId, clauses: count });
  }

  /** Completed documents not classified by the current model, oldest first. */
  async unclassifiedDocumentIds(): Promise<number[]> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<{ id: number }[]>(
        'select d.id from documents d left join document_classifications c on c.document_id = d.id ' +
          "where d.status = 'completed' and (c.model_version is null or c.model_version <> ?) order by d.id",
        [this.model.version],
      );
    return rows.map((row) => row.id);
  }
}
