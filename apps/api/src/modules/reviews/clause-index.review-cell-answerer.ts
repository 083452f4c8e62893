import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import type { Citation } from '@clearroom/contracts';
import type { Category, Evidence } from '../answers/answer.types.js';
import { answerCell } from '../answers/answer-cell.js';
import { START_DATE_CATEGORIES, startOf, type StartDate } from '../answers/start-date.js';
import { relatedCategories } from '../answers/clause-checks.js';
import { namesAClause } from '../answers/thesaurus.js';
import { understandQuestion } from '../answers/understand-question.js';
import { ClauseEvidenceReader, FOUND_THRESHOLD } from '../clauses/clause-evidence.reader.js';
import { KeywordReviewCellAnswerer } from './keyword.review-cell-answerer.js';
import type {
  CellAnswer,
  ReviewCellAnswerer,
  ReviewColumnQuestion,
  ReviewDocument,
} from './review-cell-answerer.port.js';

const noPause = () => Promise.resolve();

/**
 * Answers a cell from its own document's clause index with the answers library: the column's
 * question names its clause categories, the document's candidate clauses of those categories are
 * the evidence, and the column's type decides the value. A question that names no kind of clause
 * ("What is the rent?") is answered by the keyword answerer. A row reads its document's clause
 * evidence once, for the categories of all its columns.
 */
@Injectable()
export class ClauseIndexReviewCellAnswerer implements ReviewCellAnswerer {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly clauses: ClauseEvidenceReader,
    private readonly keywords: KeywordReviewCellAnswerer,
  ) {}

  async answer(column: ReviewColumnQuestion, document: ReviewDocument): Promise<CellAnswer> {
    const [answer] = await this.answerRow([column], document);
    return answer!;
  }

  async answerRow(
    columns: readonly ReviewColumnQuestion[],
    document: ReviewDocument,
    pause: () => Promise<void> = noPause,
  ): Promise<CellAnswer[]> {
    // A column reads its categories' clauses and those of related categories that may state its
    // clause ("an exclusive license" for exclusivity).
    const categoriesOf = columns.map((column) => {
      if (!namesAClause(column.question)) return null;
      const { categories } = understandQuestion(column.question, {
        documents: [{ documentId: document.documentId, names: [document.originalname] }],
      });
      const related = categories[0] ? relatedCategories(categories[0]) : [];
      return [...categories, ...related.filter((each) => !categories.includes(each))];
    });
    // An expiration "three years after the Effective Date" needs the date the terms run from.
    const needsStart = categoriesOf.some((categories) => categories?.includes('Expiration Date'));
    const wanted = [
      ...new Set([
        ...categoriesOf.flatMap((categories) => categories ?? []),
        ...(needsStart ? START_DATE_CATEGORIES : []),
      ]),
    ];
    const pageCount =
      document.pageCount === undefined
        ? await this.pageCountOf(document.documentId)
        : document.pageCount;
    const evidence =
      wanted.length === 0
        ? []
        : await this.clauses.read(
            [{ id: document.documentId, originalName: document.originalname, pageCount }],
            wanted,
          );
    const start = needsStart ? startOf(evidence, document.documentId, FOUND_THRESHOLD) : undefined;
    const answers: CellAnswer[] = [];
    for (const [index, column] of columns.entries()) {
      await pause();
      const categories = categoriesOf[index];
      answers.push(
        !categories
          ? await this.keywords.answer(column, document)
          : this.fromEvidence(column, document, pageCount, evidence, categories, start),
      );
    }
    return answers;
  }

  private fromEvidence(
    column: ReviewColumnQuestion,
    document: ReviewDocument,
    pageCount: number | null,
    evidence: readonly Evidence[],
    categories: readonly Category[],
    start: StartDate | undefined,
  ): CellAnswer {
    const cell = answerCell(
      { question: column.question, type: column.type },
      evidence.filter((each) => categories.includes(each.category)),
      {
        threshold: FOUND_THRESHOLD,
        ...(start ? { start } : {}),
        documents: [
          {
            documentId: document.documentId,
            documentName: document.originalname,
            pageCount: pageCount ?? undefined,
          },
        ],
      },
    );
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

  private async pageCountOf(documentId: number): Promise<number | null> {
    const [row] = await this.em
      .fork()
      .getConnection()
      .execute<{ page_count: number | null }[]>('select page_count from documents where id = ?', [
        documentId,
      ]);
    return row?.page_count ?? null;
  }
}
