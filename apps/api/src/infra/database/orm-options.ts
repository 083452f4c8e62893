import type { EntitySchema, Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { MariaDbDriver } from '@mikro-orm/mariadb';
import { MySqlDriver } from '@mikro-orm/mysql';
import { CompiledQuery, type DatabaseConnection } from 'kysely';
import type { DatabaseConfig } from '../../config/app-config.js';
import { BoundSqliteDriver } from './bound-sqlite.driver.js';
import { mysqlMigrations } from './migrations/mysql/index.js';
import { sqliteMigrations } from './migrations/sqlite/index.js';

const SQLITE_PRAGMAS = [
  // Readers never wait for the writer, and a crash cannot corrupt the file.
  'pragma journal_mode = WAL',
  'pragma synchronous = NORMAL',
  'pragma foreign_keys = ON',
  'pragma busy_timeout = 5000',
];

/** `entities`: every entity of the schema, as the composition root lists them. */
export function createOrmOptions(
  database: DatabaseConfig,
  entities: EntitySchema[],
): Partial<Options> {
  const common = {
    entities,
    extensions: [Migrator],
    debug: false,
    allowGlobalContext: false,
    ensureDatabase: false,
    migrations: {
      tableName: 'schema_migrations',
      snapshot: false,
      transactional: true,
      silent: true,
    },
  } satisfies Partial<Options>;

  if (database.driver === 'sqlite') {
    return {
      ...common,
      driver: BoundSqliteDriver,
      dbName: database.file,
      migrations: { ...common.migrations, migrationsList: sqliteMigrations },
      onCreateConnection: async (connection: unknown) => {
        for (const pragma of SQLITE_PRAGMAS) {
          await (connection as DatabaseConnection).executeQuery(CompiledQuery.raw(pragma));
        }
      },
    };
  }
  return {
    ...common,
    driver: database.driver === 'mariadb' ? MariaDbDriver : MySqlDriver,
    host: database.host,
    port: database.port,
    user: database.user,
    password: database.password,
    dbName: database.database,
    pool: { min: 0, max: database.poolSize },
    timezone: '+00:00',
    migrations: { ...common.migrations, migrationsList: mysqlMigrations },
  };
}
