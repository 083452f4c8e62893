import type { SqlEntityManager } from '@mikro-orm/sql';
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { AppError } from '../../common/app-error.js';
import { findAuthenticatedUser } from '../identity/accounts/user-lookup.js';
import type {
  OidcSessionLink,
  SessionStore,
  SessionWithUser,
  StoredSession,
} from './session-store.port.js';

/**
 * Updates fields of a session hash only while the session exists, so that a session deleted
 * meanwhile (logout on another replica) is not brought back. ARGV: expiry in ms (0 keeps it), then
 * field/value pairs.
 */
const UPDATE_IF_PRESENT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
for i = 2, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
if ARGV[1] ~= '0' then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 1`;

/**
 * Sessions in Redis, so that any API replica serves any user without touching the sessions table.
 *
 * - `<prefix>:s:<sha256 of the token>` is a hash (u: user id, e: expiry in epoch ms, and for single
 *   sign-on sid, sub and t: the sealed tokens); it expires with the session. Fields are written
 *   one by one, so a renewal and a token refresh on two replicas at once do not undo each other.
 * - `<prefix>:sid:<provider sid>` and `<prefix>:sub:<provider sub>` are sets of session keys, for the
 *   provider's back-channel logout. They live as long as a session can (SESSION_TTL_HOURS, renewed
 *   with each session they gain), so a member may outlive its session: deleting it is then a no-op.
 */
export class RedisSessionStore implements SessionStore {
  readonly health = { name: 'sessions', dependency: 'the session store, Redis (REDIS_URL)' };
  private readonly logger = new Logger('RedisSessionStore');
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
    /** The longest a session lives: the index sets expire after it. */
    private readonly maxTtlMs: number,
    private readonly em: SqlEntityManager,
  ) {
    this.redis = new Redis(url, {
      lazyConnect: true,
      // The guard waits on this for every request: fail fast rather than queue behind a dead link.
      maxRetriesPerRequest: 1,
      connectTimeout: 5_000,
      commandTimeout: 3_000,
      // A socket that never connected is otherwise waited on for 2 s when closing.
      disconnectTimeout: 200,
    });
  }

  async create(id: string, session: StoredSession): Promise<void> {
    const key = this.sessionKey(id);
    const fields: Record<string, string> = {
      u: String(session.userId),
      e: String(session.expiresAt.getTime()),
    };
    if (session.oidc) {
      fields['sub'] = session.oidc.subject;
      fields['t'] = session.oidc.sealedTokens;
      if (session.oidc.sid) fields['sid'] = session.oidc.sid;
    }
    const multi = this.redis.multi().hset(key, fields).pexpire(key, ttlMs(session.expiresAt));
    for (const index of this.indexKeys(session.oidc)) {
      multi.sadd(index, key).pexpire(index, this.maxTtlMs);
    }
    await this.run(() => multi.exec());
  }

  async find(id: string): Promise<SessionWithUser | null> {
    const fields = await this.run(() => this.redis.hgetall(this.sessionKey(id)));
    if (!fields['u'] || !fields['e']) return null;
    const userId = Number(fields['u']);
    // Read fresh on every request: the user's data version changes with every write.
    const user = await findAuthenticatedUser(this.em, userId);
    if (!user) {
      await this.delete(id);
      return null;
    }
    return {
      userId,
      expiresAt: new Date(Number(fields['e'])),
      oidc:
        fields['sub'] && fields['t']
          ? { sid: fields['sid'] ?? null, subject: fields['sub'], sealedTokens: fields['t'] }
          : null,
      user,
    };
  }

  async update(id: string, changes: { expiresAt?: Date; sealedTokens?: string }): Promise<void> {
    const args: string[] = [changes.expiresAt ? String(ttlMs(changes.expiresAt)) : '0'];
    if (changes.expiresAt) args.push('e', String(changes.expiresAt.getTime()));
    if (changes.sealedTokens) args.push('t', changes.sealedTokens);
    await this.run(() => this.redis.eval(UPDATE_IF_PRESENT, 1, this.sessionKey(id), ...args));
  }

  async delete(id: string): Promise<void> {
    await this.run(() => this.redis.del(this.sessionKey(id)));
  }

  deleteByOidcSid(sid: string): Promise<number> {
    return this.deleteIndexed(`${this.prefix}:sid:${sid}`);
  }

  deleteByOidcSubject(subject: string): Promise<number> {
    return this.deleteIndexed(`${this.prefix}:sub:${subject}`);
  }

  /** Redis expires sessions by itself. */
  deleteExpired(): Promise<number> {
    return Promise.resolve(0);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => undefined);
    this.redis.disconnect();
  }

  private async deleteIndexed(index: string): Promise<number> {
    const keys = await this.run(() => this.redis.smembers(index));
    if (keys.length === 0) return 0;
    const results = await this.run(() =>
      this.redis
        .multi()
        .del(...keys)
        .del(index)
        .exec(),
    );
    return Number(results?.[0]?.[1] ?? 0);
  }

  private sessionKey(id: string): string {
    return `${this.prefix}:s:${id}`;
  }

  private indexKeys(oidc: OidcSessionLink | null): string[] {
    if (!oidc) return [];
    const keys = [`${this.prefix}:sub:${oidc.subject}`];
    if (oidc.sid) keys.push(`${this.prefix}:sid:${oidc.sid}`);
    return keys;
  }

  /** Redis down: the request gets a 503 that says which part failed, not a generic 500. */
  private async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      this.logger.warn({ err: error }, 'The session store (Redis) failed');
      throw new AppError(
        'REDIS_UNAVAILABLE',
        'Sessions are unavailable: the session store (Redis) does not answer. Please try again shortly.',
      );
    }
  }
}

/** At least 1 ms: Redis refuses a zero or negative expiry. */
const ttlMs = (expiresAt: Date) => Math.max(1, expiresAt.getTime() - Date.now());
