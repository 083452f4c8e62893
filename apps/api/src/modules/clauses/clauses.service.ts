import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import {
  type ClauseMatrixCell,
  type ClauseMatrixResponse,
  type ClauseSpan,
  type ClausesResponse,
  type DocumentClauses,
  firstWords,
} from '@clearroom/contracts';
import { DocumentReader, type DocumentSummary } from '../documents/document-reader.service.js';
import { ProjectAccess } from '../projects/project-access.service.js';
import { ClauseModel } from './model/clause-model.js';

type DocumentRow = DocumentSummary & { modelVersion: string | null };
type MatrixRow = Omit<ClauseRow, 'quote'> & { head: string };
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
/** A matrix cell shows a clause's first words: this many characters of it hold them. */
const HEAD_CHARACTERS = 160;
/**
 * Per document and category, found clauses first, then by score: the first row is the cell's.
 * `categories`: how many categories the rows are restricted to (as many placeholders), if any.
 */
const matrixOfProject = (categories: number | undefined) =>
  'select k.document_id, k.category, k.score, k.page_number, k.`start`, k.`end`, k.found, k.clause_group, ' +
  `substr(k.quote, 1, ${HEAD_CHARACTERS + 1}) as head ` +
  'from clauses k join documents d on d.id = k.document_id ' +
  'where d.project_id = ? and (k.found = ? or k.score >= ?) ' +
  (categories === undefined
    ? ''
    : `and k.category in (${Array(categories).fill('?').join(', ')}) `) +
  'order by k.document_id, k.category, k.found desc, k.score desc, k.id';
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
    const documents = await this.documentsOfProject(userId, projectId);
    const connection = this.em.fork().getConnection();
    const clauses = await connection.execute<ClauseRow[]>(CLAUSES_OF_PROJECT, [
      projectId,
      true,
      minScore ?? NEVER,
    ]);
    return this.response(documents, clauses);
  }

  /**
   * The Clause Review's matrix: per document and category, only the best clause (the one the model
   * reports, else the best candidate at or above `minScore`) and its first words; of the given
   * `categories` only, if any (the other categories then have no cells).
   */
  async matrixOfProject(
    userId: number,
    projectId: number,
    { minScore, categories }: { minScore?: number; categories?: readonly string[] } = {},
  ): Promise<ClauseMatrixResponse> {
    const documents = await this.documentsOfProject(userId, projectId);
    const connection = this.em.fork().getConnection();
    const rows = await connection.execute<MatrixRow[]>(matrixOfProject(categories?.length), [
      projectId,
      true,
      minScore ?? NEVER,
      ...(categories ?? []),
    ]);
    const cells = new Map<number, ClauseMatrixCell[]>();
    let last: MatrixRow | undefined;
    for (const row of rows) {
      const first = row.document_id !== last?.document_id || row.category !== last.category;
      last = row;
      if (!first) continue;
      const documentCells = cells.get(row.document_id) ?? [];
      documentCells.push({ ...spanOf(row), firstWords: headWords(row.head) });
      cells.set(row.document_id, documentCells);
    }
    return {
      ...this.modelState(documents),
      documents: documents.map((row) => ({
        ...this.documentOf(row),
        cells: cells.get(row.id) ?? [],
      })),
    };
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

  /** The project's documents by name, with their clause model, for a member. */
  private async documentsOfProject(userId: number, projectId: number): Promise<DocumentRow[]> {
    await this.access.require({ id: userId }, projectId, 'read');
    return this.withModelVersions(
      await this.documents.documentsOf(projectId, { orderBy: 'name' }),
      MODEL_VERSIONS_OF_PROJECT,
      projectId,
    );
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
    const byDocument = new Map<number, ClauseSpan[]>();
    for (const row of clauseRows) {
      const spans = byDocument.get(row.document_id) ?? [];
      spans.push({ ...spanOf(row), quote: row.quote });
      byDocument.set(row.document_id, spans);
    }
    return {
      ...this.modelState(documentRows),
      documents: documentRows.map((row) => ({
        ...this.documentOf(row),
        clauses: byDocument.get(row.id) ?? [],
      })),
    };
  }

  /** What the clauses responses say of the model, beside their documents. */
  private modelState(documentRows: DocumentRow[]): Omit<ClausesResponse, 'documents'> {
    const { thresholds, version } = this.model;
    const completed = documentRows.filter((row) => row.status === 'completed');
    const pending = completed.filter((row) => row.modelVersion !== version).length;
    return {
      modelVersion: version,
      categories: [...this.model.categories],
      thresholds: { ...thresholds },
      reclassifying:
        pending > 0 ? { done: completed.length - pending, total: completed.length } : null,
    };
  }

  private documentOf(row: DocumentRow): Omit<DocumentClauses, 'clauses'> {
    return {
      documentId: row.id,
      originalname: row.originalName,
      filename: row.storedName,
      mimetype: row.mimeType,
      note: noteFor(row, this.model.version),
    };
  }
}

function spanOf(row: Omit<ClauseRow, 'quote'>): Omit<ClauseSpan, 'quote'> {
  return {
    category: row.category,
    score: Number(row.score),
    pageNumber: row.page_number,
    start: row.start,
    end: row.end,
    group: row.clause_group,
    found: Boolean(row.found),
  };
}

/** The first words of a clause read as its first HEAD_CHARACTERS + 1 characters. */
function headWords(head: string): string {
  if (head.length <= HEAD_CHARACTERS) return firstWords(head);
  const words = firstWords(head.slice(0, HEAD_CHARACTERS));
  // Fewer words than a cell shows in that many characters: the last one may be cut.
  return words.endsWith('…') ? words : `${words}…`;
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
