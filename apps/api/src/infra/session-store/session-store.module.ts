import { SqlEntityManager } from '@mikro-orm/sql';
import {
  type DynamicModule,
  Global,
  Inject,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { DatabaseSessionStore } from './database.session-store.js';
import { RedisSessionStore } from './redis.session-store.js';
import { SESSION_STORE, type SessionStore } from './session-store.port.js';

/** Provides SESSION_STORE: Redis when REDIS_URL is set (any replica serves any user), else the database. */
@Global()
@Module({})
export class SessionStoreModule implements OnApplicationShutdown {
  constructor(@Inject(SESSION_STORE) private readonly store: SessionStore) {}

  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: SessionStoreModule,
      providers: [
        {
          provide: SESSION_STORE,
          useFactory: (em: SqlEntityManager) => createSessionStore(config, em),
          inject: [SqlEntityManager],
        },
      ],
      exports: [SESSION_STORE],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

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
