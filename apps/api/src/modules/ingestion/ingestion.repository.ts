import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import { ActivityLog } from '../activity/activity-log.service.js';
import { DataVersionService } from '../auth/data-version.service.js';
import { DocumentPage } from '../documents/document-page.entity.js';
import { Document } from '../documents/document.entity.js';

/** What ingestion needs to know of the document it analyses. */
export type DocumentToIngest = {
  id: number;
  projectId: number;
  storedName: string;
  mimeType: string;
  originalName: string;
  status: Document['status'];
};

export type DocumentChanges = Partial<
  Pick<
    Document,
    'status' | 'pagesProcessed' | 'pageCount' | 'failureReason' | 'analysisNote' | 'completedAt'
  >
>;

export type PageToStore = { number: number; text: string; ocr?: boolean };

/** The document went away (deleted) while it was being analysed. */
export class DocumentGone extends Error {}

/**
 * All database I/O of ingestion: the document's row and its pages. A write to a document that
 * was deleted meanwhile throws DocumentGone.
 */
@Injectable()
export class IngestionRepository {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly dataVersion: DataVersionService,
    private readonly activity: ActivityLog,
  ) {}

  async findDocument(documentId: number): Promise<DocumentToIngest | null> {
    const document = await this.em.fork().findOne(Document, documentId, { populate: ['project'] });
    if (!document) return null;
    return {
      id: document.id,
      projectId: document.project.id,
      storedName: document.storedName,
      mimeType: document.mimeType,
      originalName: document.originalName,
      status: document.status,
    };
  }

  /** Updates the row; throws DocumentGone if it is gone. */
  async update(documentId: number, changes: DocumentChanges): Promise<void> {
    const updated = await this.em.fork().nativeUpdate(Document, { id: documentId }, changes);
    if (updated === 0) throw new DocumentGone();
  }

  /** Removes the document's stored pages (throws DocumentGone if the document is gone). */
  async deletePages(documentId: number): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      await this.assertDocumentExists(em, documentId);
      await em.nativeDelete(DocumentPage, { document: documentId });
    });
  }

  /** Adds pages, in one short transaction (throws DocumentGone if the document is gone). */
  async insertPages(documentId: number, pages: readonly PageToStore[]): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      await this.assertDocumentExists(em, documentId);
      await em.insertMany(
        DocumentPage,
        pages.map((page) => ({
          document: documentId,
          number: page.number,
          text: page.text,
          ocr: page.ocr ?? false,
        })),
      );
    });
  }

  async countPages(documentId: number): Promise<number> {
    return this.em.fork().count(DocumentPage, { document: documentId });
  }

  /** Marks the data of the project's members as changed (their dashboards are read again). */
  async bumpMembers(projectId: number): Promise<void> {
    await this.em.fork().transactional((em) => this.dataVersion.bumpProjectMembers(em, projectId));
  }

  /** The project's activity log records the failure (by the system, not a person). */
  async recordFailure(document: DocumentToIngest, reason: string): Promise<void> {
    await this.activity.record({
      projectId: document.projectId,
      actor: null,
      action: 'document.analysis_failed',
      document: { id: document.id, name: document.originalName },
      details: { reason: reason.slice(0, 500) },
    });
  }

  private async assertDocumentExists(em: SqlEntityManager, documentId: number): Promise<void> {
    if ((await em.count(Document, { id: documentId })) === 0) throw new DocumentGone();
  }
}
