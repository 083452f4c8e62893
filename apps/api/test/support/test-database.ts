import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';

/**
 * One fresh database per test file: a SQLite file in a temporary directory, or, when the suite runs
 * with TEST_DB=mysql, a new database on the MariaDB/MySQL server at TEST_MYSQL_URL.
 */
export type TestDatabase = {
  driver: 'sqlite' | 'mysql';
  /** The environment the API needs to use this database. */
  env: Record<string, string>;
  drop(): Promise<void>;
};

export const testDbDriver = process.env['TEST_DB'] === 'mysql' ? 'mysql' : 'sqlite';
/** The server for TEST_DB=mysql runs: mariadb:// selects MikroORM's MariaDB driver, mysql:// its MySQL one. */
export const mysqlServerUrl = process.env['TEST_MYSQL_URL'] ?? 'mariadb://root@127.0.0.1:3306';
/** The same server as mysql2 wants it. */
const connectionUri = mysqlServerUrl.replace(/^mariadb:/, 'mysql:');

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clearroom-test-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (testDbDriver === 'sqlite') {
    return {
      driver: 'sqlite',
      env: { DATA_DIR: dataDir },
      drop: () => Promise.resolve(removeDataDir()),
    };
  }
  const name = `clearroom_test_${randomBytes(6).toString('hex')}`;
  const server = await createConnection(connectionUri);
  try {
    await server.query(
      `create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`,
    );
  } finally {
    await server.end();
  }
  return {
    driver: 'mysql',
    env: { DATA_DIR: dataDir, DATABASE_URL: `${mysqlServerUrl}/${name}` },
    drop: async () => {
      const connection = await createConnection(connectionUri);
      try {
        await connection.query(`drop database if exists \`${name}\``);
      } finally {
        await connection.end();
        removeDataDir();
      }
    },
  };
}
