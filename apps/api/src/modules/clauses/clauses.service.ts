import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import type { ClauseSpan, ClausesResponse, DocumentClauses } from '@clearroom/contracts';
import { ProjectAccess } from '../projects/project-access.service.js';
import { ClauseModel } from './model/clause-model.js';

type DocumentRow = {
  id: number;
  original_name: string;
  stored_name: string;
  mime_type: string;
  status: string;
  failure_reason: string | null;
  model_version: string | null;
};
type ClauseRow = {
  document_id: number;
  category: string;
  score: number;
  page_number: number;
  start: number;
  end: number;
  quote: string;
  found: number | boolean;
  clause_group: number;
};

const DOCUMENTS_OF_PROJECT =
  'select d.id, d.original_name, d.stored_name, d.mime_type, d.status, d.failure_reason, c.model_version ' +
  'from documents d left join document_classifications c on c.document_id = d.id ' +
  'where d.project_id = ? order by d.original_name, d.id';
const CLAUSES_OF_PROJECT =
  'select k.document_id, k.category, k.score, k.page_number, k.`start`, k.`end`, k.quote, k.found, k.clause_group ' +
  'from clauses k join documents d on d.id = k.document_id ' +
  'where d.project_id = ? and (k.found = ? or k.score >= ?) order by k.document_id, k.category, k.score desc, k.id';
const CLAUSES_OF_DOCUMENT =
  'select k.document_id, k.category, k.score, k.page_number, k.`start`, k.`end`, k.quote, k.found, k.clause_group ' +
  'from clauses k where k.document_id = ? and (k.found = ? or k.score >= ?) order by k.category, k.score desc, k.id';

/** No score reaches it: without `minScore`, only the clauses the model reports are read. */
const NEVER = 2;

/** Reads the stored clauses of a project or a document for its members. */
@Injectable()
export class ClausesService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly access: ProjectAccess,
    private readonly model: ClauseModel,
  ) {}

  /**
   * Every document of the project with its clauses: by default those the model reports (its
   * document layer decides presence); with `minScore`, also every stored candidate at or above it.
   */
  async ofProject(userId: number, projectId: number, minScore?: number): Promise<ClausesResponse> {
    await this.access.require({ id: userId }, projectId, 'read');
    const connection = this.em.fork().getConnection();
    const documents = await connection.execute<DocumentRow[]>(DOCUMENTS_OF_PROJECT, [projectId]);
    const clauses = await connection.execute<ClauseRow[]>(CLAUSES_OF_PROJECT, [
      projectId,
      true,
      minScore ?? NEVER,
    ]);
    return this.response(documents, clauses);
  }

  async ofDocument(
    userId: number,
    documentId: number,
    minScore?: number,
  ): Promise<ClausesResponse> {
    await this.access.requireForDocument({ id: userId }, documentId, 'read');
    const connection = this.em.fork().getConnection();
    const documents = await connection.execute<DocumentRow[]>(
      DOCUMENTS_OF_PROJECT.replace('where d.project_id = ?', 'where d.id = ?'),
      [documentId],
    );
    const clauses = await connection.execute<ClauseRow[]>(CLAUSES_OF_DOCUMENT, [
      documentId,
      true,
      minScore ?? NEVER,
    ]);
    return this.response(documents, clauses);
  }

  /** The project's name (call after an access check). */
  async projectName(projectId: number): Promise<string> {
    const [row] = await this.em
      .fork()
      .getConnection()
      .execute<{ name: string }[]>('select name from projects where id = ?', [projectId]);
    return row?.name ?? 'Project';
  }

  private response(documentRows: DocumentRow[], clauseRows: ClauseRow[]): ClausesResponse {
    const { thresholds, version } = this.model;
    const byDocument = new Map<number, ClauseSpan[]>();
    for (const row of clauseRows) {
      const found = Boolean(row.found);
      const spans = byDocument.get(row.document_id) ?? [];
      spans.push({
        category: row.category,
        score: Number(row.score),
        pageNumber: row.page_number,
        start: row.start,
        end: row.end,
        quote: row.quote,
        group: row.clause_group,
        found,
      });
      byDocument.set(row.document_id, spans);
    }
    const completed = documentRows.filter((row) => row.status === 'completed');
    const pending = completed.filter((row) => row.model_version !== version).length;
    const documents = documentRows.map((row): DocumentClauses => ({
      documentId: row.id,
      originalname: row.original_name,
      filename: row.stored_name,
      mimetype: row.mime_type,
      note: noteFor(row, version),
      clauses: byDocument.get(row.id) ?? [],
    }));
    return {
      modelVersion: version,
      categories: [...this.model.categories],
      thresholds: { ...thresholds },
      reclassifying:
        pending > 0 ? { done: completed.length - pending, total: completed.length } : null,
      documents,
    };
  }
}

/** Why a document shows no clauses of the current model, or null when it is classified. */
function noteFor(row: DocumentRow, modelVersion: string): string | null {
  if (row.status === 'failed') {
    return `Not analysed: ${row.failure_reason ?? 'the analysis failed'}`;
  }
  if (row.status !== 'completed') return 'Being analysed';
  if (row.model_version === null) return 'Waiting for clause classification';
  if (row.model_version !== modelVersion) return 'Being re-classified with the new clause model';
  return null;
}
