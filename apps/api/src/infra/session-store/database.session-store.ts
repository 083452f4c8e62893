import type { Dictionary } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { SessionStore, SessionWithUser, StoredSession } from './session-store.port.js';
import { Session } from './session.entity.js';
import { User } from '../identity/accounts/user.entity.js';

/**
 * Runs on every request, so it is one indexed query written out once, not built per call
 * (a query builder costs four times as much here).
 */
const SESSION_LOOKUP =
  'select s.expires_at, s.oidc_sid, s.oidc_data, u.id as user_id, u.username, u.data_version, ' +
  'u.is_admin, u.disabled, u.oidc_subject from sessions s join users u on u.id = s.user_id where s.id = ?';
type SessionRow = {
  expires_at: unknown;
  oidc_sid: string | null;
  oidc_data: string | null;
  user_id: number;
  username: string;
  data_version: number | string;
  is_admin: number | boolean;
  disabled: number | boolean;
  oidc_subject: string | null;
};

/** Sessions in the `sessions` table: they survive restarts and every API process shares them. */
export class DatabaseSessionStore implements SessionStore {
  /** The database's own check covers it. */
  readonly health = null;
  constructor(private readonly em: SqlEntityManager) {}

  async create(id: string, session: StoredSession): Promise<void> {
    const em = this.em.fork();
    em.create(Session, {
      id,
      user: em.getReference(User, session.userId),
      expiresAt: session.expiresAt,
      oidcSid: session.oidc?.sid ?? null,
      oidcData: session.oidc?.sealedTokens ?? null,
    });
    await em.flush();
  }

  async find(id: string): Promise<SessionWithUser | null> {
    const row = (await this.em.getConnection().execute(SESSION_LOOKUP, [id], 'get')) as
      SessionRow | undefined;
    if (!row) return null;
    // The driver reads the stored date as the entity would (epoch ms on SQLite, UTC text on MySQL).
    const { expiresAt } = this.em
      .getDriver()
      .mapResult(row as Dictionary, this.em.getMetadata().get(Session)) as Session;
    return {
      userId: row.user_id,
      expiresAt,
      oidc:
        row.oidc_data && row.oidc_subject
          ? { sid: row.oidc_sid, subject: row.oidc_subject, sealedTokens: row.oidc_data }
          : null,
      user: {
        id: row.user_id,
        username: row.username,
        dataVersion: Number(row.data_version),
        isAdmin: Boolean(row.is_admin),
        disabled: Boolean(row.disabled),
      },
    };
  }

  async update(id: string, changes: { expiresAt?: Date; sealedTokens?: string }): Promise<void> {
    await this.em.fork().nativeUpdate(
      Session,
      { id },
      {
        ...(changes.expiresAt && { expiresAt: changes.expiresAt }),
        ...(changes.sealedTokens && { oidcData: changes.sealedTokens }),
      },
    );
  }

  async delete(id: string): Promise<void> {
    await this.em.fork().nativeDelete(Session, { id });
  }

  deleteByOidcSid(sid: string): Promise<number> {
    return this.em.fork().nativeDelete(Session, { oidcSid: sid });
  }

  async deleteByOidcSubject(subject: string): Promise<number> {
    const em = this.em.fork();
    const user = await em.findOne(User, { oidcSubject: subject }, { fields: ['id'] });
    return user ? em.nativeDelete(Session, { user: user.id }) : 0;
  }

  deleteExpired(): Promise<number> {
    return this.em.fork().nativeDelete(Session, { expiresAt: { $lte: new Date() } });
  }

  async ping(): Promise<void> {
    await this.em.getConnection().execute('select 1');
  }

  async close(): Promise<void> {}
}
