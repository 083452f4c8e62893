import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import type { ClauseSpan, ClausesResponse, DocumentClauses } from '@clearroom/contracts';
import { DocumentReader, type DocumentSummary } from '../documents/document-reader.service.js';
import { ProjectAccess } from '../projects/project-access.service.js';
import { ClauseModel } from './model/clause-model.js';

type DocumentRow = DocumentSummary & { modelVersion: string | null };
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

const MODEL_VERSIONS_OF_PROJECT =
  'select c.document_id, c.model_version from document_classifications c ' +
  'join documents d on d.id = c.document_id where d.project_id = ?';
const MODEL_VERSION_OF_DOCUMENT =
  'select c.document_id, c.model_version from document_classifications c where c.document_id = ?';
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
    private readonly documents: DocumentReader,
    private readonly model: ClauseModel,
  ) {}

  /**
   * Every document of the project with its clauses: by default those the model reports (its
   * document layer decides presence); with `minScore`, also every stored candidate at or above it.
   */
  async ofProject(userId: number, projectId: number, minScore?: number): Promise<ClausesResponse> {
    await this.access.require({ id: userId }, projectId, 'read');
    const connection = this.em.fork().getConnection();
    const documents = await this.withModelVersions(
      await this.documents.documentsOf(projectId, { orderBy: 'name' }),
      MODEL_VERSIONS_OF_PROJECT,
      projectId,
    );
    const clauses = await connection.execute<ClauseRow[]>(CLAUSES_OF_PROJECT, [
      projectId,
      true,
      minScore ?? NEVER,
    ]);
    return this.response(documents, clauses);
  }

  async ofDocument(
    ownerId: number,
    documentId: number,
    minScore?: number,
  ): Promise<ClausesResponse> {
    await this.documents.requireOwnedDocument(ownerId, documentId);
    const connection = this.em.fork().getConnection();
    const document = await this.documents.documentSummary(documentId);
    const documents = await this.withModelVersions(
      document ? [document] : [],
      MODEL_VERSION_OF_DOCUMENT,
      documentId,
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

  /** The clause model each document was classified with (null: not classified). */
  private async withModelVersions(
    documents: DocumentSummary[],
    sql: string,
    id: number,
  ): Promise<DocumentRow[]> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<{ document_id: number; model_version: string }[]>(sql, [id]);
    const versions = new Map(rows.map((row) => [row.document_id, row.model_version]));
    return documents.map((document) => ({
      ...document,
      modelVersion: versions.get(document.id) ?? null,
    }));
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
    const pending = completed.filter((row) => row.modelVersion !== version).length;
    const documents = documentRows.map((row): DocumentClauses => ({
      documentId: row.id,
      originalname: row.originalName,
      filename: row.storedName,
      mimetype: row.mimeType,
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
    return `Not analysed: ${row.failureReason ?? 'the analysis failed'}`;
  }
  if (row.status !== 'completed') return 'Being analysed';
  if (row.modelVersion === null) return 'Waiting for clause classification';
  if (row.modelVersion !== modelVersion) return 'Being re-classified with the new clause model';
  return null;
}
