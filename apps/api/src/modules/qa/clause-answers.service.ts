import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import type { Citation } from '@clearroom/contracts';
import type { Evidence, UnderstoodQuestion } from '../answers/answer.types.js';
import { composeAnswer } from '../answers/compose-answer.js';
import { rankCategories } from '../answers/thesaurus.js';
import { understandQuestion } from '../answers/understand-question.js';

/** An answer composed from the clause index: its text cites `citations` as [n]. */
export type ClauseAnswer = { text: string; citations: Citation[]; understood: UnderstoodQuestion };

/**
 * Found clauses score in [0.5, 1], other candidates below 0.5: the composition's threshold then
 * reproduces the clause model's own calibrated decision (its document layer), whatever each
 * category's threshold.
 */
const FOUND_THRESHOLD = 0.5;
/**
 * A question is about a kind of clause when it names one (a phrase of the thesaurus's hand-written
 * part scores 8 or more); words merely typical of a clause ("forecast", "price") leave it to search.
 */
const CLAUSE_QUESTION_MIN_SCORE = 8;

type DocumentRow = {
  id: number;
  original_name: string;
  stored_name: string;
  mime_type: string;
  page_count: number | null;
};
type ClauseRow = {
  document_id: number;
  category: string;
  score: number;
  found: number | boolean;
  page_number: number;
  start: number;
  end: number;
};

/**
 * Answers a question about a kind of clause ("Which law governs…", "Is there a non-compete…",
 * "Which agreements have a change-of-control clause?") from the clause index of the project's
 * analysed documents: understand the question, read the candidate clauses of its categories in
 * the documents in scope (every document when it asks across them), and compose a lawyer's note.
 * Returns null for a question that names no clause category: search answers those.
 */
@Injectable()
export class ClauseAnswerService {
  constructor(private readonly em: SqlEntityManager) {}

  async answer(projectId: number, question: string): Promise<ClauseAnswer | null> {
    if ((rankCategories(question)[0]?.score ?? 0) < CLAUSE_QUESTION_MIN_SCORE) return null;
    const connection = this.em.fork().getConnection();
    const documents = await connection.execute<DocumentRow[]>(
      "select id, original_name, stored_name, mime_type, page_count from documents where project_id = ? and status = 'completed' order by id",
      [projectId],
    );
    if (documents.length === 0) return null;
    const understood = understandQuestion(question, {
      documents: documents.map((document) => ({
        documentId: document.id,
        names: [document.original_name.replace(/\.[a-z0-9]{1,5}$/i, '')],
      })),
    });
    if (understood.categories.length === 0) return null;
    const inScope =
      understood.scope.kind === 'all'
        ? documents
        : documents.filter((document) => understood.scope.documentIds.includes(document.id));
    if (inScope.length === 0) return null;

    const documentIds = inScope.map((document) => document.id);
    const rows = await connection.execute<ClauseRow[]>(
      `select document_id, category, score, found, page_number, \`start\`, \`end\` from clauses where document_id in (${placeholders(documentIds)}) and category in (${placeholders(understood.categories)})`,
      [...documentIds, ...understood.categories],
    );
    const pages = await this.pageTexts(rows);
    const byId = new Map(inScope.map((document) => [document.id, document]));
    const evidence: Evidence[] = rows.map((row) => {
      const document = byId.get(row.document_id)!;
      const score = Number(row.score);
      return {
        documentId: row.document_id,
        documentName: document.original_name,
        category: row.category as Evidence['category'],
        score: row.found
          ? FOUND_THRESHOLD + score / 2
          : Math.min(score, 1) * FOUND_THRESHOLD * 0.99,
        pageNumber: row.page_number,
        start: row.start,
        end: row.end,
        pageText: pages.get(`${row.document_id}:${row.page_number}`) ?? '',
        pageCount: document.page_count ?? undefined,
      };
    });
    const composed = composeAnswer(understood, evidence, {
      threshold: FOUND_THRESHOLD,
      documents: inScope.map((document) => ({
        documentId: document.id,
        documentName: document.original_name,
        pageCount: document.page_count ?? undefined,
      })),
    });
    const citations = composed.citations.map((citation): Citation => {
      const document = byId.get(citation.documentId)!;
      return {
        n: citation.number,
        documentId: citation.documentId,
        originalname: document.original_name,
        filename: document.stored_name,
        mimetype: document.mime_type,
        pageNumber: citation.pageNumber,
        quote: citation.quote,
        start: citation.start,
        end: citation.end,
      };
    });
    return { text: composed.text, citations, understood };
  }

  /** The text of the pages the candidate clauses lie on, by "documentId:pageNumber". */
  private async pageTexts(rows: readonly ClauseRow[]): Promise<Map<string, string>> {
    const wanted = [...new Set(rows.map((row) => `${row.document_id}:${row.page_number}`))];
    const texts = new Map<string, string>();
    const connection = this.em.fork().getConnection();
    for (let first = 0; first < wanted.length; first += PAGE_BATCH) {
      const batch = wanted
        .slice(first, first + PAGE_BATCH)
        .map((key) => key.split(':').map(Number));
      const pages = await connection.execute<
        { document_id: number; number: number; text: string }[]
      >(
        `select document_id, number, text from document_pages where ${batch.map(() => '(document_id = ? and number = ?)').join(' or ')}`,
        batch.flat(),
      );
      for (const page of pages) texts.set(`${page.document_id}:${page.number}`, page.text);
    }
    return texts;
  }
}

const PAGE_BATCH = 200;

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');
