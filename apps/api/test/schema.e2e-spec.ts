import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/core';
import { MigrationRunner } from '../src/infra/database/migration-runner.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('database schema', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.drop());

  it('the migrations applied on start create exactly the schema the entities describe', async () => {
    const diff = await testApp.app.get(MikroORM).schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });

  it('migrating again applies nothing', async () => {
    const orm = testApp.app.get<MikroORM>(MikroORM);
    expect(await new MigrationRunner(orm, false).migrate()).toEqual([]);
    const executed = await orm.migrator.getExecuted();
    expect(executed.map((migration) => migration.name)).toEqual([
      '0001-initial-schema',
      '0002-user-data-version',
      '0003-documents',
      '0004-chat',
      '0005-single-sign-on',
      '0006-analysis-note',
      '0007-valuation-read-from-text',
      '0008-clauses',
      '0009-reviews',
      '0010-deal-teams',
    ]);
  });

  it('two instances starting at once on the same database both come up on one schema', async () => {
    // The API role alone: a worker needs the schema to start (it crashes until migrations ran).
    const fresh = await startTestApp({ DATABASE_MIGRATE_ON_START: 'false', APP_ROLE: 'api' });
    const [a, b] = await Promise.all([startTestApp({}, fresh.db), startTestApp({}, fresh.db)]);
    const executed = await a.app.get(MikroORM).migrator.getExecuted();
    expect(executed.map((migration) => migration.name)).toEqual([
      '0001-initial-schema',
      '0002-user-data-version',
      '0003-documents',
      '0004-chat',
      '0005-single-sign-on',
      '0006-analysis-note',
      '0007-valuation-read-from-text',
      '0008-clauses',
      '0009-reviews',
      '0010-deal-teams',
    ]);
    await b.http().get('/api/health/ready').expect(200);
    await Promise.all([a.close(), b.close(), fresh.close()]);
    await fresh.db.drop();
  });
});
