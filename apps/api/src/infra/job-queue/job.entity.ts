import { defineEntity, p } from '@mikro-orm/core';

/** A job of the inline queue, persisted so that it survives a crash or a restart. */
const JobSchema = defineEntity({
  name: 'Job',
  tableName: 'jobs',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(64),
    /** One live job per key (e.g. "ingest:42"): enqueueing it again is a no-op. */
    jobKey: p.string().length(191).unique(),
    payload: p.json<Record<string, unknown>>(),
    attempts: p.integer().default(0),
    runAfter: p.datetime(3),
    /** Set while a worker holds the job; an expired lease means its worker died. */
    lockedUntil: p.datetime(3).nullable(),
    lockedBy: p.string().length(64).nullable(),
    lastError: p.text().nullable(),
    createdAt: p.datetime(3).onCreate(() => new Date()),
  },
  indexes: [{ properties: ['runAfter'] }],
});

export class Job extends JobSchema.class {}
JobSchema.setClass(Job);
export { JobSchema };
