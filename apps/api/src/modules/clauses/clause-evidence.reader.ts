import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import type { CuadCategory as Category } from '../../cuad/labels.js';

/**
 * A stored clause as evidence, the shape the answers library reads (its `Evidence`): declared
 * here so that clauses need not import answers (answers' evaluation tool reads clauses).
 */
export type ClauseEvidence = {
  documentId: number;
  documentName: string;
  category: Category;
  score: number;
  pageNumber: number;
  start: number;
  end: number;
  pageText: string;
  pageCount?: number;
};

/**
 * Found clauses score in [0.5, 1], other candidates below 0.5: a composition threshold of 0.5
 * then reproduces the clause model's own calibrated decision (its document layer), whatever each
 * category's threshold.
 */
export const FOUND_THRESHOLD = 0.5;
const PAGE_BATCH = 200;

/** A stored clause's score as evidence: found clauses in [0.5, 1], other candidates below 0.5. */
export function evidenceScore(score: number, found: boolean): number {
  return found ? FOUND_THRESHOLD + score / 2 : Math.min(score, 1) * FOUND_THRESHOLD * 0.99;
}

export type EvidenceDocument = { id: number; originalName: string; pageCount: number | null };

type ClauseRow = {
  document_id: number;
  category: string;
  score: number;
  found: number | boolean;
  page_number: number;
  start: number;
  end: number;
};

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** The stored candidate clauses of some categories in some documents, as the answers library reads them. */
@Injectable()
export class ClauseEvidenceReader {
  constructor(private readonly em: SqlEntityManager) {}

  async read(
    documents: readonly EvidenceDocument[],
    categories: readonly Category[],
  ): Promise<ClauseEvidence[]> {
    if (documents.length === 0 || categories.length === 0) return [];
    const connection = this.em.fork().getConnection();
    const documentIds = documents.map((document) => document.id);
    const rows = await connection.execute<ClauseRow[]>(
      `select document_id, category, score, found, page_number, \`start\`, \`end\` from clauses where document_id in (${placeholders(documentIds)}) and category in (${placeholders(categories)})`,
      [...documentIds, ...categories],
    );
    const pages = await this.pageTexts(rows);
    const byId = new Map(documents.map((document) => [document.id, document]));
    return rows.map((row) => {
      const document = byId.get(row.document_id)!;
      const score = Number(row.score);
      return {
        documentId: row.document_id,
        documentName: document.originalName,
        category: row.category as Category,
        score: evidenceScore(score, Boolean(row.found)),
        pageNumber: row.page_number,
        start: row.start,
        end: row.end,
        pageText: pages.get(`${row.document_id}:${row.page_number}`) ?? '',
        pageCount: document.pageCount ?? undefined,
      };
    });
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
