import { createHash, randomBytes } from 'node:crypto';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AuthenticatedUser } from '../../common/request.js';
import { Session } from './session.entity.js';
import { User } from './user.entity.js';

export type ResolvedSession = { user: AuthenticatedUser; expiresAt: Date; renewed: boolean };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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
    const em = this.em.fork();
    const session = await em.findOne(Session, { id: hashToken(token) }, { populate: ['user'] });
    if (!session) return null;
    const now = Date.now();
    if (session.expiresAt.getTime() <= now) {
      await em.nativeDelete(Session, { id: session.id });
      return null;
    }
    let renewed = false;
    if (session.expiresAt.getTime() - now < this.config.sessionTtlMs / 2) {
      session.expiresAt = new Date(now + this.config.sessionTtlMs);
      await em.flush();
      renewed = true;
    }
    return {
      user: { id: session.user.id, username: session.user.username },
      expiresAt: session.expiresAt,
      renewed,
    };
  }

  async destroy(token: string): Promise<void> {
    await this.em.fork().nativeDelete(Session, { id: hashToken(token) });
  }

  async deleteExpired(): Promise<number> {
    return this.em.fork().nativeDelete(Session, { expiresAt: { $lte: new Date() } });
  }
}
