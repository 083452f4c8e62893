import type { MikroORM } from '@mikro-orm/core';
import { Logger, type OnModuleInit } from '@nestjs/common';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { MySqlPlatform } from '@mikro-orm/mysql';

const MYSQL_LOCK = 'clearroom_schema_migrations';
const MYSQL_LOCK_TIMEOUT_S = 120;
const SQLITE_ATTEMPTS = 4;

/** Brings the schema up to date before the API takes requests (unless DATABASE_MIGRATE_ON_START=false). */
export class MigrationRunner implements OnModuleInit {
  private readonly logger = new Logger('Migrations');

  constructor(
    private readonly orm: MikroORM,
    private readonly migrateOnStart: boolean,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.migrateOnStart) await this.migrate();
  }

  /** Applies pending migrations; several processes starting at once take turns. */
  async migrate(): Promise<string[]> {
    const isMysql = this.orm.config.getPlatform() instanceof MySqlPlatform;
    return isMysql ? this.migrateWithMysqlLock() : this.migrateWithRetry();
  }

  /**
   * SQLite has no named locks. Its migrations run in one transaction, so a process that lost a
   * race to another (table already exists, database busy) finds the work done when it retries.
   */
  private async migrateWithRetry(): Promise<string[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.up();
      } catch (error) {
        if (attempt === SQLITE_ATTEMPTS || !isRaceWithAnotherProcess(error)) throw error;
        this.logger.warn(`Migrations collided with another process; retrying (${String(error)})`);
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  }

  private async migrateWithMysqlLock(): Promise<string[]> {
    const em = this.orm.em.fork() as SqlEntityManager;

    // A named lock lives on one connection: take it, migrate, release it, all inside one transaction.
    return em.transactional(async (tx) => {
      const [row] = await tx
        .getConnection()
        .execute<{ locked: number | null }[]>(
          'select get_lock(?, ?) as locked',
          [MYSQL_LOCK, MYSQL_LOCK_TIMEOUT_S],
          'all',
          tx.getTransactionContext(),
        );
      if (row?.locked !== 1) {
        throw new Error(
          `Timed out after ${MYSQL_LOCK_TIMEOUT_S}s waiting for another instance's migrations`,
        );
      }
      try {
        return await this.up();
      } finally {
        await tx
          .getConnection()
          .execute('select release_lock(?)', [MYSQL_LOCK], 'all', tx.getTransactionContext());
      }
    });
  }

  private async up(): Promise<string[]> {
    const applied = await this.orm.migrator.up();
    const names = applied.map((migration) => migration.name);
    if (names.length > 0) this.logger.log(`Applied migrations: ${names.join(', ')}`);
    return names;
  }
}

function isRaceWithAnotherProcess(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /already exists|database is locked|SQLITE_BUSY/i.test(message);
}
