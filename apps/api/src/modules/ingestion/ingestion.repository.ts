import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import { DataVersionService } from '../auth/data-version.service.js';
import { DocumentPage } from '../documents/document-page.entity.js';
import { Document } from '../documents/document.entity.js';

/** What ingestion needs to know of the document it analyses. */
export type DocumentToIngest = {
  id: number;
  projectId: number;
  ownerId: number;
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
  ) {}

  async findDocument(documentId: number): Promise<DocumentToIngest | null> {
    const document = await this.em.fork().findOne(Document, documentId, { populate: ['project'] });
    if (!document) return null;
    return {
      id: document.id,
      projectId: document.project.id,
      ownerId: document.project.owner.id,
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

  /** Marks the owner's data as changed (their dashboard and lists are read again). */
  async bumpOwner(ownerId: number): Promise<void> {
    await this.em.fork().transactional((em) => this.dataVersion.bump(em, ownerId));
  }

  private async assertDocumentExists(em: SqlEntityManager, documentId: number): Promise<void> {
    if ((await em.count(Document, { id: documentId })) === 0) throw new DocumentGone();
  }
}
