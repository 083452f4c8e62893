import { createHash, randomBytes } from 'node:crypto';
import type { Dictionary } from '@mikro-orm/core';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AuthenticatedUser } from '../../common/request.js';
import { Session } from './session.entity.js';
import { User } from './user.entity.js';

export type ResolvedSession = { user: AuthenticatedUser; expiresAt: Date; renewed: boolean };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Runs on every request, so it is one indexed query written out once, not built per call
 * (a query builder costs four times as much here).
 */
const SESSION_LOOKUP =
  'select s.expires_at, u.id as user_id, u.username, u.data_version ' +
  'from sessions s join users u on u.id = s.user_id where s.id = ?';
type SessionRow = {
  expires_at: unknown;
  user_id: number;
  username: string;
  data_version: number | string;
};

/**
 * Server-side sessions in the database: they survive restarts and are shared by every API process.
 * The cookie holds a random token; the database holds only its hash.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly em: SqlEntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(userId: number): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.sessionTtlMs);
    const em = this.em.fork();
    em.create(Session, { id: hashToken(token), user: em.getReference(User, userId), expiresAt });
    await em.flush();
    return { token, expiresAt };
  }

  /** The session's user, or null when the token is unknown or expired. Extends a half-spent session. */
  async resolve(token: string): Promise<ResolvedSession | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const id = hashToken(token);
    const row = (await this.em.getConnection().execute(SESSION_LOOKUP, [id], 'get')) as
      SessionRow | undefined;
    if (!row) return null;
    // The driver reads the stored date as the entity would (epoch ms on SQLite, UTC text on MySQL).
    const { expiresAt } = this.em
      .getDriver()
      .mapResult(row as Dictionary, this.em.getMetadata().get(Session)) as Session;
    const now = Date.now();
    if (expiresAt.getTime() <= now) {
      await this.em.fork().nativeDelete(Session, { id });
      return null;
    }
    const renew = expiresAt.getTime() - now < this.config.sessionTtlMs / 2;
    const renewedUntil = new Date(now + this.config.sessionTtlMs);
    if (renew) await this.em.fork().nativeUpdate(Session, { id }, { expiresAt: renewedUntil });
    return {
      user: { id: row.user_id, username: row.username, dataVersion: Number(row.data_version) },
      expiresAt: renew ? renewedUntil : expiresAt,
      renewed: renew,
    };
  }

  async destroy(token: string): Promise<void> {
    await this.em.fork().nativeDelete(Session, { id: hashToken(token) });
  }

  async deleteExpired(): Promise<number> {
    return this.em.fork().nativeDelete(Session, { expiresAt: { $lte: new Date() } });
  }
}
