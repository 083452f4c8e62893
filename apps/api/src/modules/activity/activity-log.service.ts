import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import type {
  ActivityAction,
  ActivityEntry as ActivityEntryDto,
  ActivityPage,
  DocumentViewSummary,
} from '@clearroom/contracts';

/** Who did something: a signed-in user and the address their request came from. */
export type Actor = { id: number; username: string; address?: string | null };

export type ActivityRecord = {
  projectId: number;
  /** Null for the system (e.g. an analysis failure found by the worker). */
  actor: Actor | null;
  action: ActivityAction;
  document?: { id: number; name: string } | null;
  details?: Record<string, unknown> | null;
};

export type ActivityFilter = {
  actor?: number | undefined;
  action?: ActivityAction | undefined;
  documentId?: number | undefined;
  before?: number | undefined;
};

type ActivityRow = {
  id: number;
  project_id: number;
  actor_id: number | null;
  actor_name: string | null;
  action: ActivityAction;
  document_id: number | null;
  document_name: string | null;
  address: string | null;
  details: string | Record<string, unknown> | null;
  created_at: string | number | Date;
};

const COLUMNS =
  'id, project_id, actor_id, actor_name, action, document_id, document_name, address, details, created_at';

/**
 * Lone surrogates become U+FFFD: JSON.stringify writes them as "\ud800" escapes, which MariaDB's
 * JSON check refuses (a question or a project name may hold one).
 */
const wellFormed = (_key: string, value: unknown): unknown =>
  typeof value === 'string' ? value.toWellFormed() : value;

/**
 * The append-only activity log (issue 17). Entries are only ever inserted here (and removed by
 * the retention job past ACTIVITY_RETENTION_DAYS); no route edits or deletes them.
 */
@Injectable()
export class ActivityLog {
  constructor(private readonly em: SqlEntityManager) {}

  /**
   * Appends one entry. Pass the transaction's entity manager to record it with the change it
   * describes (both or neither); without one, it is written on its own.
   */
  async record(entry: ActivityRecord, em: SqlEntityManager = this.em): Promise<void> {
    await em.getConnection().execute(
      'insert into activity_log (project_id, actor_id, actor_name, action, document_id, ' +
        'document_name, address, details, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [
        entry.projectId,
        entry.actor?.id ?? null,
        entry.actor?.username ?? null,
        entry.action,
        entry.document?.id ?? null,
        entry.document?.name.slice(0, 255) ?? null,
        entry.actor?.address?.slice(0, 64) ?? null,
        entry.details ? JSON.stringify(entry.details, wellFormed) : null,
        // As the entities store dates: epoch ms on SQLite, a DATETIME(3) on MySQL/MariaDB.
        em.getPlatform().processDateProperty(new Date()),
      ],
      'run',
      em.getTransactionContext(),
    );
  }

  /** Newest first, `limit` entries older than `before` (keyset on the id). */
  async page(projectId: number, filter: ActivityFilter, limit: number): Promise<ActivityPage> {
    const rows = await this.select(projectId, filter, limit + 1);
    const entries = rows.slice(0, limit).map(toDto);
    return {
      entries,
      nextBefore: rows.length > limit ? (entries[entries.length - 1]?.id ?? null) : null,
    };
  }

  /** Every matching entry, newest first, in batches (for the CSV export). */
  async *all(projectId: number, filter: ActivityFilter): AsyncGenerator<ActivityEntryDto[]> {
    let before = filter.before;
    for (;;) {
      const rows = await this.select(projectId, { ...filter, before }, 1000);
      if (rows.length === 0) return;
      yield rows.map(toDto);
      before = Number(rows[rows.length - 1]!.id);
    }
  }

  /** Per document: distinct people who viewed or downloaded it, and when last. */
  async viewSummary(projectId: number): Promise<DocumentViewSummary[]> {
    const rows = await this.em
      .getConnection()
      .execute<{ document_id: number; viewers: number | string; last_at: string | Date }[]>(
        'select document_id, count(distinct actor_id) as viewers, max(created_at) as last_at ' +
          "from activity_log where project_id = ? and action in ('document.viewed', 'document.downloaded') " +
          'and document_id is not null group by document_id',
        [projectId],
      );
    return rows.map((row) => ({
      documentId: Number(row.document_id),
      viewers: Number(row.viewers),
      lastViewedAt: toDate(row.last_at).toISOString(),
    }));
  }

  /** Tombstones of deleted projects, newest first (for administrators). */
  async tombstones(limit = 500): Promise<ActivityEntryDto[]> {
    const rows = await this.em
      .getConnection()
      .execute<ActivityRow[]>(
        `select ${COLUMNS} from activity_log where action = 'project.deleted' order by id desc limit ?`,
        [limit],
      );
    return rows.map(toDto);
  }

  /** Removes entries older than the retention (the cleanup job); answers how many. */
  async deleteOlderThan(cutoff: Date): Promise<number> {
    const result = await this.em
      .getConnection()
      .execute<{ affectedRows?: number; changes?: number }>(
        'delete from activity_log where created_at < ?',
        [this.em.getPlatform().processDateProperty(cutoff)],
        'run',
      );
    return Number(result.affectedRows ?? result.changes ?? 0);
  }

  private select(projectId: number, filter: ActivityFilter, limit: number): Promise<ActivityRow[]> {
    const where = ['project_id = ?'];
    const params: unknown[] = [projectId];
    if (filter.actor !== undefined) {
      where.push('actor_id = ?');
      params.push(filter.actor);
    }
    if (filter.action !== undefined) {
      where.push('action = ?');
      params.push(filter.action);
    }
    if (filter.documentId !== undefined) {
      where.push('document_id = ?');
      params.push(filter.documentId);
    }
    if (filter.before !== undefined) {
      where.push('id < ?');
      params.push(filter.before);
    }
    params.push(limit);
    return this.em
      .getConnection()
      .execute<ActivityRow[]>(
        `select ${COLUMNS} from activity_log where ${where.join(' and ')} order by id desc limit ?`,
        params,
      );
  }
}

function toDate(value: string | number | Date): Date {
  if (value instanceof Date) return value;
  // SQLite keeps MikroORM datetimes as epoch milliseconds.
  return new Date(typeof value === 'number' || /^\d+$/.test(value) ? Number(value) : value);
}

function toDto(row: ActivityRow): ActivityEntryDto {
  return {
    id: Number(row.id),
    projectId: Number(row.project_id),
    at: toDate(row.created_at).toISOString(),
    actor:
      row.actor_id === null ? null : { id: Number(row.actor_id), username: row.actor_name ?? '' },
    action: row.action,
    document:
      row.document_id === null
        ? null
        : { id: Number(row.document_id), name: row.document_name ?? '' },
    address: row.address,
    details:
      row.details === null
        ? null
        : typeof row.details === 'string'
          ? (JSON.parse(row.details) as Record<string, unknown>)
          : row.details,
  };
}
