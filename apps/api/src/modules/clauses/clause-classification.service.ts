import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DocumentPage } from '../documents/document-page.entity.js';
import { Document } from '../documents/document.entity.js';
import {
  type ClassifiablePage,
  CLAUSE_CLASSIFIER,
  type ClauseClassifier,
} from './clause-classifier.js';
import { Clause, DocumentClassification } from './clause.entity.js';

/**
 * Candidates are stored down to this score, so that `?minScore=` can show what lies below the
 * thresholds (the model keeps at most 10 per category per document).
 */
export const STORED_SCORE_FLOOR = 0.05;
const INSERT_BATCH = 500;

/**
 * The classify stage: scores a document's stored page text with the clause model and replaces
 * its clauses, recording the model version (also when nothing was found).
 */
@Injectable()
export class ClauseClassificationService {
  private readonly logger = new Logger(ClauseClassificationService.name);

  constructor(
    private readonly em: SqlEntityManager,
    @Inject(CLAUSE_CLASSIFIER) private readonly classifier: ClauseClassifier,
  ) {}

  get modelVersion(): string {
    return this.classifier.version;
  }

  /** Classifies pages already in memory (ingestion); returns the number of clauses stored. */
  async classifyPages(documentId: number, pages: ClassifiablePage[]): Promise<number> {
    const clauses = this.classifier.classify(pages, { minScore: STORED_SCORE_FLOOR });
    const quoteOf = new Map(pages.map((page) => [page.pageNumber, page.text]));
    const rows = clauses.map((clause) => ({
      document: documentId,
      category: clause.category,
      score: clause.score,
      pageNumber: clause.pageNumber,
      start: clause.start,
      end: clause.end,
      clauseGroup: clause.group,
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
        modelVersion: this.classifier.version,
        classifiedAt: new Date(),
      });
    });
    return rows.length;
  }

  /** Re-classifies a completed document from its stored page text (a new model shipped). */
  async reclassify(documentId: number): Promise<void> {
    const em = this.em.fork();
    const document = await em.findOne(Document, documentId, { fields: ['id', 'status'] });
    if (!document || document.status !== 'completed') return;
    const pages = await em.find(
      DocumentPage,
      { document: documentId },
      { orderBy: { number: 'asc' } },
    );
    const count = await this.classifyPages(
      documentId,
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
        [this.classifier.version],
      );
    return rows.map((row) => row.id);
  }
}
