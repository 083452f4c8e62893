import type { ProjectFile } from '@clearroom/contracts';
import type { Document } from './document.entity.js';

export type DocumentRow = Omit<Document, 'project'> & { project: number | { id: number } };

export function toProjectFile(document: DocumentRow): ProjectFile {
  const projectId = typeof document.project === 'number' ? document.project : document.project.id;
  return {
    id: document.id,
    projectId,
    filename: document.storedName,
    originalname: document.originalName,
    mimetype: document.mimeType,
    size: Number(document.size),
    sha256: document.sha256,
    uploadedAt: new Date(document.uploadedAt).toISOString(),
    processing_status: document.status,
    processingStatus: document.status,
    failureReason: document.failureReason ?? null,
    analysisNote: document.analysisNote ?? null,
    pageCount: document.pageCount ?? null,
    pagesProcessed: document.pagesProcessed,
    completedAt: document.completedAt ? new Date(document.completedAt).toISOString() : null,
  };
}
