import type { IncomingMessage } from 'node:http';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  type DocumentPageResponse,
  PAGE_TEXT_SHOWN,
  type ProjectFile,
  type UploadOutcome,
} from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { FILE_STORE, type FileStore } from '../../infra/file-store/file-store.port.js';
import { JOB_QUEUE, type JobQueue } from '../../infra/job-queue/job-queue.port.js';
import { SEARCH_INDEX, type SearchIndex } from '../../infra/search-index/search-index.port.js';
import { DataVersionService } from '../auth/data-version.service.js';
import { Project } from '../projects/project.entity.js';
import { ProjectsService } from '../projects/projects.service.js';
import { toProjectFile } from './document-dto.js';
import { DocumentPage } from './document-page.entity.js';
import { Document } from './document.entity.js';
import { detectFileType } from './upload/detect-file-type.js';
import { receiveUploads, type ReceivedPart, UploadReadError } from './upload/receive-uploads.js';
import { rejectionFor } from './upload-messages.js';

export const ingestJobKey = (documentId: number) => `ingest:${documentId}`;

/**
 * A page of a document of a project the user is a member of: the document's page count, and the
 * page's text (capped).
 */
const PAGE_LOOKUP =
  'select d.page_count, substr(p.text, 1, ?) as text from documents d ' +
  'join project_members m on m.project_id = d.project_id and m.user_id = ? ' +
  'left join document_pages p on p.document_id = d.id and p.number = ? ' +
  'where d.id = ?';

/** A page's text and what a citation of it shows. */
export type CitablePage = {
  documentId: number;
  originalname: string;
  filename: string;
  mimetype: string;
  pageNumber: number;
  text: string;
};

/** A stored file and what the viewer needs to send it. */

export type StoredFile = {
  documentId: number;
  projectId: number;
  path: string;
  originalName: string;
  mimeType: string;
  size: number;
};

/**
 * Project files, for the members of their project: anyone else's file does not exist (404). What
 * each role may do is checked by ProjectAccess (in the controller).
 */
@Injectable()
export class DocumentsService implements OnModuleInit {
  private readonly logger = new Logger(DocumentsService.name);

  constructor(
    private readonly em: SqlEntityManager,
    private readonly projects: ProjectsService,
    @Inject(FILE_STORE) private readonly files: FileStore,
    private readonly dataVersion: DataVersionService,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(SEARCH_INDEX) private readonly searchIndex: SearchIndex,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.projects.onProjectDeleted(async (projectId) => {
      const storedNames = await this.storedNamesOf({ project: projectId });
      return async () => {
        await this.searchIndex.deleteProject(projectId);
        await Promise.all(storedNames.map((name) => this.files.remove(name)));
      };
    });
  }

  /** Newest first. */
  async list(ownerId: number, projectId: number): Promise<ProjectFile[]> {
    await this.projects.assertOwnedOrThrow(ownerId, projectId);
    const documents = await this.em
      .fork()
      .find(Document, { project: projectId }, { orderBy: { uploadedAt: 'desc', id: 'desc' } });
    return documents.map(toProjectFile);
  }

  /** Receives a multipart upload; each part gets its own outcome, in the order sent. */
  async upload(
    ownerId: number,
    projectId: number,
    request: IncomingMessage,
  ): Promise<UploadOutcome[]> {
    await this.projects.assertOwnedOrThrow(ownerId, projectId);
    if (!/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Upload files as multipart/form-data, each in a field named "files"',
      );
    }
    const outcomes: UploadOutcome[] = [];
    try {
      await receiveUploads(request, this.config.uploads, this.files, async (part) => {
        outcomes.push(await this.accept(projectId, part));
      });
    } catch (error) {
      this.logger.warn(`Upload to project ${projectId} ended early: ${String(error)}`);
      if (error instanceof UploadReadError && error.reason === 'malformed') {
        throw new AppError(
          'VALIDATION_FAILED',
          `The upload could not be read (${error.message}): send multipart/form-data with each file in a field named "files".`,
        );
      }
      throw new AppError('VALIDATION_FAILED', 'The upload was interrupted. Please try again.');
    }
    return outcomes;
  }

  async remove(ownerId: number, documentId: number): Promise<void> {
    const document = await this.findOwnedOrThrow(ownerId, documentId);
    await this.em.fork().transactional(async (em) => {
      await em.nativeDelete(Document, { id: document.id });
      await this.dataVersion.bumpProjectMembers(em, document.project.id);
    });
    await this.searchIndex.deleteDocument(document.id);
    await this.files.remove(document.storedName);
  }

  /** The stored file behind `/api/files/:filename`, if the user is a member of its project. */
  async findStoredFileOrThrow(ownerId: number, storedName: string): Promise<StoredFile> {
    const document = await this.em
      .fork()
      .findOne(Document, { storedName, project: { members: { user: ownerId } } });
    if (!document) throw fileNotFound();
    return this.toStoredFile(document);
  }

  /** The same, for a caller holding a signed URL instead of a session. */
  async findStoredFileByNameOrThrow(storedName: string): Promise<StoredFile> {
    const document = await this.em.fork().findOne(Document, { storedName });
    if (!document) throw fileNotFound();
    return this.toStoredFile(document);
  }

  async findOwnedOrThrow(ownerId: number, documentId: number): Promise<Document> {
    const document = await this.em
      .fork()
      .findOne(Document, { id: documentId, project: { members: { user: ownerId } } });
    if (!document) throw fileNotFound();
    return document;
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

  async countCompleted(ownerId: number): Promise<number> {
    return this.em
      .fork()
      .count(Document, { status: 'completed', project: { members: { user: ownerId } } });
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
   * stored before pages were bounded costs every reader only that much. One query, written out:
   * the viewer reads pages one after another, and many readers at once must stay cheap.
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
        ownerId,
        pageNumber,
        documentId,
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
   * of their document. Pages of documents deleted or not completed are absent.
   */
  async citablePages(
    projectId: number,
    refs: readonly { documentId: number; pageNumber: number }[],
  ): Promise<CitablePage[]> {
    if (refs.length === 0) return [];
    const em = this.em.fork();
    const documentIds = [...new Set(refs.map((ref) => ref.documentId))];
    const documents = await em.find(Document, {
      id: { $in: documentIds },
      project: projectId,
      status: 'completed',
    });
    const byId = new Map(documents.map((document) => [document.id, document]));
    const wanted = refs.filter((ref) => byId.has(ref.documentId));
    if (wanted.length === 0) return [];
    const pages = await em.find(DocumentPage, {
      $or: wanted.map((ref) => ({ document: ref.documentId, number: ref.pageNumber })),
    });
    return pages.map((page) => {
      const document = byId.get(page.document.id)!;
      return {
        documentId: document.id,
        originalname: document.originalName,
        filename: document.storedName,
        mimetype: document.mimeType,
        pageNumber: page.number,
        text: page.text,
      };
    });
  }

  private async accept(projectId: number, part: ReceivedPart): Promise<UploadOutcome> {
    if (part.kind === 'bad-name') return rejectionFor(part, this.config.uploads);
    const originalName = cleanFileName(part.originalName);
    if (part.kind !== 'file') return rejectionFor({ ...part, originalName }, this.config.uploads);

    const type = await detectFileType(this.files.pathOf(part.incomingId), originalName);
    if (!type.accepted) {
      await this.files.discardIncoming(part.incomingId);
      return {
        status: 'rejected',
        originalname: originalName,
        size: part.size,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        error: type.reason,
      };
    }
    const existing = await this.em
      .fork()
      .findOne(Document, { project: projectId, sha256: part.sha256 });
    if (existing) {
      await this.files.discardIncoming(part.incomingId);
      // Uploading a failed document, or one completed with pages it could not read, again
      // analyses it again (e.g. after OCR was installed).
      if (
        existing.status === 'failed' ||
        (existing.status === 'completed' && existing.analysisNote)
      )
        await this.retryAnalysis(existing);
      return duplicateOf(existing, originalName, part.size);
    }

    const storedName = await this.files.commit(part.incomingId, type.extension);
    const em = this.em.fork();
    const document = em.create(Document, {
      project: em.getReference(Project, projectId),
      storedName,
      originalName,
      mimeType: type.mimeType,
      size: part.size,
      sha256: part.sha256,
    });
    try {
      await em.flush();
    } catch (error) {
      await this.files.remove(storedName);
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      // The same content arrived concurrently in another request.
      const winner = await this.em
        .fork()
        .findOneOrFail(Document, { project: projectId, sha256: part.sha256 });
      return duplicateOf(winner, originalName, part.size);
    }
    try {
      await this.queue.enqueue('ingest', { documentId: document.id }, ingestJobKey(document.id));
    } catch (error) {
      // The document is saved as awaiting analysis; the worker's periodic sweep queues it.
      this.logger.error(`Could not queue document ${document.id} for analysis: ${String(error)}`);
    }
    return {
      status: 'accepted',
      originalname: originalName,
      size: part.size,
      file: toProjectFile(document),
    };
  }

  private async retryAnalysis(document: Document): Promise<void> {
    Object.assign(document, {
      status: 'awaiting_processing',
      failureReason: null,
      analysisNote: null,
      pagesProcessed: 0,
    } satisfies Partial<Document>);
    await this.em.fork().nativeUpdate(
      Document,
      { id: document.id },
      {
        status: 'awaiting_processing',
        failureReason: null,
        analysisNote: null,
        pagesProcessed: 0,
      },
    );
    await this.queue.enqueue('ingest', { documentId: document.id }, ingestJobKey(document.id));
  }

  private async storedNamesOf(where: { project: number }): Promise<string[]> {
    const documents = await this.em.fork().find(Document, where, { fields: ['storedName'] });
    return documents.map((document) => document.storedName);
  }

  private toStoredFile(document: Document): StoredFile {
    return {
      documentId: document.id,
      projectId: document.project.id,
      path: this.files.pathOf(document.storedName),
      originalName: document.originalName,
      mimeType: document.mimeType,
      size: Number(document.size),
    };
  }
}

function duplicateOf(existing: Document, originalName: string, size: number): UploadOutcome {
  return { status: 'duplicate', originalname: originalName, size, file: toProjectFile(existing) };
}

const fileNotFound = () => new AppError('NOT_FOUND', 'File not found');

/**
 * The name as the user knows it, without any folder part a browser or a hostile client sent
 * ("../../etc/passwd" becomes "passwd"). Metadata only. Names with control characters or longer
 * than 255 characters never get here (upload/file-names.ts).
 */
export function cleanFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').normalize('NFC').trim();
  return base === '' || base === '.' || base === '..' ? 'unnamed' : base;
}
