import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import type { Citation, ReviewColumnType } from '@clearroom/contracts';
import { answerCell } from '../answers/answer-cell.js';
import { namesAClause } from '../answers/thesaurus.js';
import { understandQuestion } from '../answers/understand-question.js';
import { ClauseEvidenceReader, FOUND_THRESHOLD } from '../clauses/clause-evidence.reader.js';
import { KeywordReviewCellAnswerer } from './keyword.review-cell-answerer.js';
import type {
  CellAnswer,
  ReviewCellAnswerer,
  ReviewDocument,
} from './review-cell-answerer.port.js';

/**
 * Answers a cell from its own document's clause index with the answers library: the column's
 * question names its clause categories, the document's candidate clauses of those categories are
 * the evidence, and the column's type decides the value. A question that names no kind of clause
 * ("What is the rent?") is answered by the keyword answerer.
 */
@Injectable()
export class ClauseIndexReviewCellAnswerer implements ReviewCellAnswerer {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly clauses: ClauseEvidenceReader,
    private readonly keywords: KeywordReviewCellAnswerer,
  ) {}

  async answer(
    column: { question: string; type: ReviewColumnType },
    document: ReviewDocument,
  ): Promise<CellAnswer> {
    if (!namesAClause(column.question)) return this.keywords.answer(column, document);
    const understood = understandQuestion(column.question, {
      documents: [{ documentId: document.documentId, names: [document.originalname] }],
    });
    const [row] = await this.em
      .fork()
      .getConnection()
      .execute<{ page_count: number | null }[]>('select page_count from documents where id = ?', [
        document.documentId,
      ]);
    const evidence = await this.clauses.read(
      [
        {
          id: document.documentId,
          originalName: document.originalname,
          pageCount: row?.page_count ?? null,
        },
      ],
      understood.categories,
    );
    const cell = answerCell({ question: column.question, type: column.type }, evidence, {
      threshold: FOUND_THRESHOLD,
      documents: [
        {
          documentId: document.documentId,
          documentName: document.originalname,
          pageCount: row?.page_count ?? undefined,
        },
      ],
    });
    return {
      status: cell.status,
      value: cell.value,
      answer: cell.answer,
      confidence: cell.confidence,
      citations: cell.citations.map((citation): Citation => ({
        n: citation.number,
        documentId: document.documentId,
        originalname: document.originalname,
        filename: document.filename,
        mimetype: document.mimetype,
        pageNumber: citation.pageNumber,
        quote: citation.quote,
        start: citation.start,
        end: citation.end,
      })),
    };
  }
}
