import { createHash, randomBytes } from 'node:crypto';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '../../common/request.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { findAuthenticatedUser, type ProviderTokens } from '../../infra/identity/identity.port.js';
import { OidcSessionTokens } from './oidc/oidc-session-tokens.js';
import { SESSION_STORE, type SessionStore } from '../../infra/session-store/session-store.port.js';

export type ResolvedSession = { user: AuthenticatedUser; expiresAt: Date; renewed: boolean };

/** A session started by single sign-on: the provider's ids and tokens. */
export type ProviderSession = { sid: string | null; subject: string; tokens: ProviderTokens };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Server-side sessions, in the store the configuration picks (database, or Redis with REDIS_URL).
 * The cookie holds a random token; the store holds only its hash. A session belongs to the sign-in
 * mode that made it: after AUTH_DRIVER changes, sessions of the other mode no longer count.
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(SESSION_STORE) private readonly store: SessionStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(OidcSessionTokens) private readonly oidcTokens: OidcSessionTokens | null,
    private readonly em: SqlEntityManager,
  ) {}

  async create(
    userId: number,
    provider?: ProviderSession,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const id = hashToken(token);
    const expiresAt = new Date(Date.now() + this.config.sessionTtlMs);
    const oidc =
      provider && this.oidcTokens
        ? {
            sid: provider.sid,
            subject: provider.subject,
            sealedTokens: this.oidcTokens.seal(id, provider.tokens),
          }
        : null;
    await this.store.create(id, { userId, expiresAt, oidc });
    return { token, expiresAt };
  }

  /**
   * The session's user, or null when the token is unknown or the session has ended. Extends a
   * half-spent session; refreshes the provider's tokens when they are about to expire.
   */
  async resolve(token: string): Promise<ResolvedSession | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const id = hashToken(token);
    const session = await this.store.find(id);
    if (!session) return null;
    const now = Date.now();
    const ofThisMode = (session.oidc !== null) === (this.config.auth.driver === 'oidc');
    if (session.expiresAt.getTime() <= now || !ofThisMode) {
      await this.store.delete(id);
      return null;
    }
    if (session.oidc && !(await this.oidcTokens!.keepFresh(id, session.oidc))) {
      await this.store.delete(id);
      return null;
    }
    const renew = session.expiresAt.getTime() - now < this.config.sessionTtlMs / 2;
    const renewedUntil = new Date(now + this.config.sessionTtlMs);
    if (renew) await this.store.update(id, { expiresAt: renewedUntil });
    return {
      user: session.user,
      expiresAt: renew ? renewedUntil : session.expiresAt,
      renewed: renew,
    };
  }

  /** The id under which a cookie token's session is stored (what a signed file URL names). */
  idOf(token: string): string {
    return hashToken(token);
  }

  /**
   * The user of a session that is still alive, by its stored id; null once it has ended (logout,
   * expiry, back-channel logout). For signed file URLs, which outlive no session.
   */
  async userOfLiveSession(id: string): Promise<AuthenticatedUser | null> {
    const session = await this.store.find(id);
    if (!session || session.expiresAt.getTime() <= Date.now()) return null;
    const ofThisMode = (session.oidc !== null) === (this.config.auth.driver === 'oidc');
    return ofThisMode && !session.user.disabled ? session.user : null;
  }

  /** The user behind a bearer-granted signed URL, unless the account is gone or disabled. */
  async activeUser(userId: number): Promise<AuthenticatedUser | null> {
    const user = await findAuthenticatedUser(this.em, userId);
    return user && !user.disabled ? user : null;
  }

  /** Ends the session; answers the provider's tokens when single sign-on made it (for logout). */
  async destroy(token: string): Promise<ProviderTokens | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const id = hashToken(token);
    const session = await this.store.find(id);
    await this.store.delete(id);
    return session?.oidc && this.oidcTokens ? this.oidcTokens.open(id, session.oidc) : null;
  }

  /** Back-channel logout of one provider session; answers how many of ours ended. */
  endProviderSession(sid: string): Promise<number> {
    return this.store.deleteByOidcSid(sid);
  }

  /** Back-channel logout of every session of one provider user. */
  endProviderUser(subject: string): Promise<number> {
    return this.store.deleteByOidcSubject(subject);
  }

  deleteExpired(): Promise<number> {
    return this.store.deleteExpired();
  }
}
