/**
 * Runs the API's HTTP and persistence suites on MariaDB/MySQL (TEST_DB=mysql).
 * Server unreachable: in CI (CI=true) that is a failure; elsewhere the suite is skipped with a notice.
 *
 * `--mysql-driver`: a second, short run of the persistence-heavy suites on the same server through
 * a mysql:// URL, which selects MikroORM's MySqlDriver (mariadb:// selects its MariaDbDriver, which
 * the full run uses), so that both drivers a deployment can choose are exercised.
 */
import { spawnSync } from 'node:child_process';
import { createConnection } from 'mysql2/promise';

/** The HTTP suites, and the ports' contract suites (the database, its job queue and session store). */
const API_SUITES = String.raw`apps/api/test/|apps/api/src/infra/.*\.contract\.spec\.ts$`;
/** Few and persistence-heavy: accounts, sessions, the throttle, projects and the stats queries. */
const MYSQL_DRIVER_SUITES = String.raw`apps/api/test/(auth|projects|dashboard)\.e2e-spec\.ts$`;

const args = process.argv.slice(2);
const mysqlDriverRun = args.includes('--mysql-driver');
const jestArgs = args.filter((arg) => arg !== '--mysql-driver');
const configuredUrl = process.env['TEST_MYSQL_URL'] ?? 'mariadb://root@127.0.0.1:3306';
const serverUrl = mysqlDriverRun ? configuredUrl.replace(/^mariadb:/, 'mysql:') : configuredUrl;
const inCi = process.env['CI'] === 'true' || process.env['CI'] === '1';

if (mysqlDriverRun && !configuredUrl.startsWith('mariadb:')) {
  process.stdout.write(
    `The MySQL-driver run is already the main run (TEST_MYSQL_URL=${configuredUrl}): not repeated.\n`,
  );
  process.exit(0);
}

try {
  const connection = await createConnection({
    uri: serverUrl.replace(/^mariadb:/, 'mysql:'),
    connectTimeout: 5000,
  });
  const [rows] = await connection.query('select version() as version');
  await connection.end();
  process.stdout.write(
    `Running ${mysqlDriverRun ? 'the persistence suites through the MySQL driver' : 'the API suites'} on ${(rows as { version: string }[])[0]?.version} at ${serverUrl}\n`,
  );
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  if (inCi) {
    process.stderr.write(
      `\nFAILED: MariaDB/MySQL is not reachable at ${serverUrl} (${reason}).\nCI must run the MySQL suite.\n\n`,
    );
    process.exit(1);
  }
  process.stdout.write(
    `\n*** NOTICE: MariaDB/MySQL is not reachable at ${serverUrl} (${reason}).\n*** The MySQL run of the API suites was SKIPPED. Set TEST_MYSQL_URL or start the server.\n\n`,
  );
  process.exit(0);
}

// `jest` from node_modules/.bin, which npm and nx put first on PATH.
const result = spawnSync(
  'jest',
  [
    '-c',
    'apps/api/jest.config.js',
    '--testPathPatterns',
    mysqlDriverRun ? MYSQL_DRIVER_SUITES : API_SUITES,
    ...jestArgs,
  ],
  {
    stdio: 'inherit',
    // test/support/test-database.ts makes each suite's database on TEST_MYSQL_URL.
    env: { ...process.env, TEST_DB: 'mysql', TEST_MYSQL_URL: serverUrl },
  },
);
process.exit(result.status ?? 1);
