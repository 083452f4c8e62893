/**
 * Runs the API's HTTP and persistence suites on MariaDB/MySQL (TEST_DB=mysql).
 * Server unreachable: in CI (CI=true) that is a failure; elsewhere the suite is skipped with a notice.
 */
import { spawnSync } from 'node:child_process';
import { createConnection } from 'mysql2/promise';

const serverUrl = process.env['TEST_MYSQL_URL'] ?? 'mariadb://root@127.0.0.1:3306';
const inCi = process.env['CI'] === 'true' || process.env['CI'] === '1';

try {
  const connection = await createConnection({
    uri: serverUrl.replace(/^mariadb:/, 'mysql:'),
    connectTimeout: 5000,
  });
  const [rows] = await connection.query('select version() as version');
  await connection.end();
  process.stdout.write(
    `Running the API suites on ${(rows as { version: string }[])[0]?.version} at ${serverUrl}\n`,
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
    'apps/api/test/',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, TEST_DB: 'mysql' } },
);
process.exit(result.status ?? 1);
