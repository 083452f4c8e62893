import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import { type DocumentPageResponse, PAGE_TEXT_SHOWN, type ProjectFile } from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';
import { toProjectFile } from './document-dto.js';
import { Document } from './document.entity.js';

/** A page's text and what a citation of it shows. */
export type CitablePage = {
  documentId: number;
  originalname: string;
  filename: string;
  mimetype: string;
  pageNumber: number;
  text: string;
};

/** A document of a project as the other modules list it (no page text). */
export type DocumentSummary = {
  id: number;
  originalName: string;
  storedName: string;
  mimeType: string;
  status: Document['status'];
  failureReason: string | null;
  pageCount: number | null;
};

type SummaryRow = {
  id: number;
  original_name: string;
  stored_name: string;
  mime_type: string;
  status: Document['status'];
  failure_reason: string | null;
  page_count: number | null;
};

type CitablePageRow = {
  document_id: number;
  original_name: string;
  stored_name: string;
  mime_type: string;
  number: number;
  text: string;
};

/**
 * Who may read a document: the members of its project, whatever their role (issue 17; what each
 * role may do beyond reading is ProjectAccess's). Every check of document access on a request
 * path goes through `requireOwnedDocument` / `requireOwnedStoredFile` (entity queries) or this SQL
 * condition (the page viewer's single query), so that the rule is written here only.
 */
const ownedBy = (userId: number) => ({ project: { members: { user: userId } } });
const OWNED_BY_SQL =
  'exists (select 1 from project_members m where m.project_id = d.project_id and m.user_id = ?)';

/** A page of a document the user may read: the document's page count, and the page's text (capped). */
const PAGE_LOOKUP =
  'select d.page_count, substr(p.text, 1, ?) as text from documents d ' +
  'left join document_pages p on p.document_id = d.id and p.number = ? ' +
  `where d.id = ? and ${OWNED_BY_SQL}`;

const SUMMARY_COLUMNS =
  'd.id, d.original_name, d.stored_name, d.mime_type, d.status, d.failure_reason, d.page_count';

/**
 * The read side of documents, for this module's controller and for every other module (qa,
 * clauses, reviews, search, deal extraction, dashboard): they read documents through this
 * service, never through the entities.
 */
@Injectable()
export class DocumentReader {
  constructor(private readonly em: SqlEntityManager) {}

  /** The document, if the user may read it; NOT_FOUND otherwise (a non-member's view: it does not exist). */
  async requireOwnedDocument(ownerId: number, documentId: number): Promise<Document> {
    const document = await this.em
      .fork()
      .findOne(Document, { id: documentId, ...ownedBy(ownerId) });
    if (!document) throw fileNotFound();
    return document;
  }

  /** The same, by the stored name behind `/api/files/:filename`. */
  async requireOwnedStoredFile(ownerId: number, storedName: string): Promise<Document> {
    const document = await this.em.fork().findOne(Document, { storedName, ...ownedBy(ownerId) });
    if (!document) throw fileNotFound();
    return document;
  }

  /** By stored name alone, for a caller whose right to it was checked otherwise (a signed URL). */
  async requireStoredFile(storedName: string): Promise<Document> {
    const document = await this.em.fork().findOne(Document, { storedName });
    if (!document) throw fileNotFound();
    return document;
  }

  /** The project's files, newest first (call after an access check of the project). */
  async filesOf(projectId: number): Promise<ProjectFile[]> {
    const documents = await this.em
      .fork()
      .find(Document, { project: projectId }, { orderBy: { uploadedAt: 'desc', id: 'desc' } });
    return documents.map(toProjectFile);
  }

  /**
   * The project's documents, all of them or only the completed ones, in order of id (of upload)
   * or of name (as the database collates names): the one query behind the clause lists, clause
   * answers and deal extraction.
   */
  async documentsOf(
    projectId: number,
    options: { completedOnly?: boolean; orderBy?: 'id' | 'name' } = {},
  ): Promise<DocumentSummary[]> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<SummaryRow[]>(
        `select ${SUMMARY_COLUMNS} from documents d where d.project_id = ?` +
          (options.completedOnly ? " and d.status = 'completed'" : '') +
          (options.orderBy === 'name' ? ' order by d.original_name, d.id' : ' order by d.id'),
        [projectId],
      );
    return rows.map(toSummary);
  }

  /** One document, as `documentsOf` lists it (call after an access check). */
  async documentSummary(documentId: number): Promise<DocumentSummary | null> {
    const [row] = await this.em
      .fork()
      .getConnection()
      .execute<SummaryRow[]>(`select ${SUMMARY_COLUMNS} from documents d where d.id = ?`, [
        documentId,
      ]);
    return row ? toSummary(row) : null;
  }

  /** Original names of the project's documents, for labelling search hits. */
  async namesIn(projectId: number, documentIds: number[]): Promise<Map<number, string>> {
    if (documentIds.length === 0) return new Map();
    const documents = await this.em
      .fork()
      .find(
        Document,
        { project: projectId, id: { $in: documentIds } },
        { fields: ['id', 'originalName'] },
      );
    return new Map(documents.map((document) => [document.id, document.originalName]));
  }

  /** Stored names of the project's files (for removing them with the project). */
  async storedNamesIn(projectId: number): Promise<string[]> {
    const documents = await this.em
      .fork()
      .find(Document, { project: projectId }, { fields: ['storedName'] });
    return documents.map((document) => document.storedName);
  }

  async countCompleted(ownerId: number): Promise<number> {
    return this.em.fork().count(Document, { status: 'completed', ...ownedBy(ownerId) });
  }

  /** How many of a project's documents there are, and how many are completed. */
  async progressOf(projectId: number): Promise<{ total: number; completed: number }> {
    const documents = await this.em
      .fork()
      .find(Document, { project: projectId }, { fields: ['status'] });
    return {
      total: documents.length,
      completed: documents.filter((document) => document.status === 'completed').length,
    };
  }

  /**
   * The extracted text of one page of the user's document (for the viewer of non-PDF files): at
   * most PAGE_TEXT_SHOWN characters of it, read as such from the database, so that a huge page
   * stored before pages were bounded costs every reader only that much. One query, written out
   * (with the access condition in it): the viewer reads pages one after another, and many readers
   * at once must stay cheap.
   */
  async pageOrThrow(
    ownerId: number,
    documentId: number,
    pageNumber: number,
  ): Promise<DocumentPageResponse> {
    const [row] = await this.em
      .fork()
      .getConnection()
      .execute<{ page_count: number | null; text: string | null }[]>(PAGE_LOOKUP, [
        PAGE_TEXT_SHOWN + 1,
        pageNumber,
        documentId,
        ownerId,
      ]);
    if (!row) throw fileNotFound();
    if (row.text === null) {
      throw new AppError(
        'NOT_FOUND',
        row.page_count === null
          ? 'This document has not been analysed yet'
          : `Page ${pageNumber} not found: the document has ${row.page_count} page(s)`,
      );
    }
    const truncated = row.text.length > PAGE_TEXT_SHOWN;
    return {
      documentId,
      pageNumber,
      pageCount: row.page_count ?? pageNumber,
      text: truncated ? row.text.slice(0, PAGE_TEXT_SHOWN) : row.text,
      truncated,
    };
  }

  /**
   * The text of the given pages of a project's completed documents, with what a citation shows
   * of their document, in one query. Pages of documents deleted or not completed are absent.
   */
  async citablePages(
    projectId: number,
    refs: readonly { documentId: number; pageNumber: number }[],
  ): Promise<CitablePage[]> {
    const unique = [
      ...new Map(refs.map((ref) => [`${ref.documentId}:${ref.pageNumber}`, ref])).values(),
    ];
    if (unique.length === 0) return [];
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<CitablePageRow[]>(
        'select p.document_id, d.original_name, d.stored_name, d.mime_type, p.number, p.text ' +
          'from document_pages p join documents d on d.id = p.document_id ' +
          "where d.project_id = ? and d.status = 'completed' and (" +
          unique.map(() => '(p.document_id = ? and p.number = ?)').join(' or ') +
          ')',
        [projectId, ...unique.flatMap((ref) => [ref.documentId, ref.pageNumber])],
      );
    return rows.map((row) => ({
      documentId: row.document_id,
      originalname: row.original_name,
      filename: row.stored_name,
      mimetype: row.mime_type,
      pageNumber: row.number,
      text: row.text,
    }));
  }
}

function toSummary(row: SummaryRow): DocumentSummary {
  return {
    id: row.id,
    originalName: row.original_name,
    storedName: row.stored_name,
    mimeType: row.mime_type,
    status: row.status,
    failureReason: row.failure_reason,
    pageCount: row.page_count === null ? null : Number(row.page_count),
  };
}

export const fileNotFound = () => new AppError('NOT_FOUND', 'File not found');
