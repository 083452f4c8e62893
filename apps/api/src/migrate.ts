import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/core';
import { ConfigError, loadConfig } from './config/app-config.js';
import { prepareDataDir } from './config/data-dir.js';
import { entities } from './entities.js';
import { MigrationRunner } from './infra/database/migration-runner.js';
import { createOrmOptions } from './infra/database/orm-options.js';

/** `npm run db:migrate`: applies pending migrations and exits (for a deployment's migration job). */
try {
  const config = loadConfig(process.env);
  prepareDataDir(config);
  const orm = await MikroORM.init(createOrmOptions(config.database, entities));
  try {
    const applied = await new MigrationRunner(orm, false).migrate();
    process.stdout.write(
      applied.length
        ? `Applied migrations: ${applied.join(', ')}\n`
        : 'The database schema is up to date.\n',
    );
  } finally {
    await orm.close();
  }
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
