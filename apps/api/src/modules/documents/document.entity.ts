import { defineEntity, p } from '@mikro-orm/core';
import { fileStatuses } from '@clearroom/contracts';
import { Project } from '../projects/project.entity.js';

const DocumentSchema = defineEntity({
  name: 'Document',
  tableName: 'documents',
  properties: {
    id: p.integer().primary().autoincrement(),
    project: () => p.manyToOne(Project).deleteRule('cascade'),
    /** Generated when stored; the only name that ever reaches the filesystem. */
    storedName: p.string().length(64).unique(),
    /** The name the user gave the file: metadata only. */
    originalName: p.string().length(255),
    mimeType: p.string().length(128),
    size: p.bigint('number'),
    sha256: p.string().length(64),
    status: p.enum([...fileStatuses]).default('awaiting_processing'),
    failureReason: p.text().nullable(),
    /** What a completed analysis could not read and what to do about it; null when nothing. */
    analysisNote: p.text().nullable(),
    pageCount: p.integer().nullable(),
    pagesProcessed: p.integer().default(0),
    uploadedAt: p.datetime(3).onCreate(() => new Date()),
    completedAt: p.datetime(3).nullable(),
  },
  // One copy of a content per project: a second upload is reported as a duplicate.
  uniques: [{ properties: ['project', 'sha256'] }],
  indexes: [{ properties: ['project', 'status'] }],
});

export class Document extends DocumentSchema.class {}
DocumentSchema.setClass(Document);
export { DocumentSchema };
