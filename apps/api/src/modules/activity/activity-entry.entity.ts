import { defineEntity, p } from '@mikro-orm/core';
import { activityActions } from '@clearroom/contracts';

/**
 * One line of a project's activity log (issue 17): append-only, no route edits or deletes it.
 * Deliberately without foreign keys: entries outlive the documents, accounts and even the project
 * they name (a deleted project leaves its tombstone), so names are copied in as they were.
 */
const ActivityEntrySchema = defineEntity({
  name: 'ActivityEntry',
  tableName: 'activity_log',
  properties: {
    id: p.integer().primary().autoincrement(),
    projectId: p.integer(),
    actorId: p.integer().nullable(),
    actorName: p.string().length(64).nullable(),
    action: p.enum([...activityActions]),
    documentId: p.integer().nullable(),
    documentName: p.string().length(255).nullable(),
    address: p.string().length(64).nullable(),
    details: p.json<Record<string, unknown>>().nullable(),
    createdAt: p.datetime(3).onCreate(() => new Date()),
  },
  // Keyset pages, newest first, per project and per filter (scanned backwards by id).
  indexes: [
    { properties: ['projectId', 'id'] },
    { properties: ['projectId', 'actorId', 'id'] },
    { properties: ['projectId', 'action', 'id'] },
    { properties: ['projectId', 'documentId', 'id'] },
    { properties: ['action', 'id'] },
    { properties: ['createdAt'] },
  ],
});

export class ActivityEntry extends ActivityEntrySchema.class {}
ActivityEntrySchema.setClass(ActivityEntry);
export { ActivityEntrySchema };
