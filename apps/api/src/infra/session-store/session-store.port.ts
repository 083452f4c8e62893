import type { AuthenticatedUser } from '../../common/request.js';
import type { HealthProbe } from '../../common/health-probe.js';

/** What single sign-on adds to a session: the provider's ids (to find it again) and its tokens. */
export type OidcSessionLink = {
  /** The provider's session id (`sid`), which its back-channel logout names. */
  sid: string | null;
  /** The provider's user id (`sub`). */
  subject: string;
  /** The provider's tokens, encrypted (see token-sealer.ts). */
  sealedTokens: string;
};

export type StoredSession = {
  userId: number;
  expiresAt: Date;
  /** Null for a session started with a password. */
  oidc: OidcSessionLink | null;
};

export type SessionWithUser = StoredSession & { user: AuthenticatedUser };

/**
 * Where sessions live, keyed by the sha256 of the cookie token. The guard reads one on every
 * request, so `find` must stay one cheap lookup (plus the user's row).
 */
export interface SessionStore extends HealthProbe {
  create(id: string, session: StoredSession): Promise<void>;
  /** The session with its user as of now, or null. Expired sessions may still be returned. */
  find(id: string): Promise<SessionWithUser | null>;
  /** Changes a session; one deleted meanwhile stays deleted. */
  update(id: string, changes: { expiresAt?: Date; sealedTokens?: string }): Promise<void>;
  delete(id: string): Promise<void>;
  /** Ends the sessions of one provider session; returns how many there were. */
  deleteByOidcSid(sid: string): Promise<number>;
  /** Ends every session of one provider user; returns how many there were. */
  deleteByOidcSubject(subject: string): Promise<number>;
  deleteExpired(): Promise<number>;
  /** Answers when the store is reachable (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const SESSION_STORE = Symbol('SESSION_STORE');
