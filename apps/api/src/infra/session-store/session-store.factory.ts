import type { SqlEntityManager } from '@mikro-orm/sql';
import type { AppConfig } from '../../config/app-config.js';
import { DatabaseSessionStore } from './database.session-store.js';
import { RedisSessionStore } from './redis.session-store.js';
import type { SessionStore } from './session-store.port.js';

/** Redis when REDIS_URL is set (so that any replica serves any user), else the database. */
export function createSessionStore(config: AppConfig, em: SqlEntityManager): SessionStore {
  const { sessionStore } = config.auth;
  switch (sessionStore.driver) {
    case 'redis':
      return new RedisSessionStore(
        sessionStore.url,
        sessionStore.keyPrefix,
        config.sessionTtlMs,
        em,
      );
    case 'database':
      return new DatabaseSessionStore(em);
  }
}
