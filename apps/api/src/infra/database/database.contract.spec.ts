import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SqlEntityManager } from '@mikro-orm/sql';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { testDbDriver } from '../../../test/support/test-database.js';
import { AppSetting, DATABASE, type Database } from './database.port.js';

/**
 * The Database contract, run against the database this test run uses: SQLite by default, MariaDB
 * or MySQL under `nx run api:test-mysql` (which runs every suite again with TEST_DB=mysql).
 */
describe(`Database contract: ${testDbDriver}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.drop());

  it('answers its health probe and names the setting to look at', async () => {
    const database = testApp.app.get<Database>(DATABASE);
    await expect(database.ping(AbortSignal.timeout(2000))).resolves.toBeUndefined();
    expect(database.health).toEqual({
      name: 'database',
      dependency: 'the database (DATABASE_URL)',
    });
  });

  it('keeps what a unit of work wrote, across units of work, exactly', async () => {
    const em = testApp.app.get(SqlEntityManager);
    const writer = em.fork();
    const value = 'quotes \' and " and ? and ünïcode';
    await writer.persist(writer.create(AppSetting, { name: 'contract-test', value })).flush();
    const found = await em.fork().findOne(AppSetting, { name: 'contract-test' });
    expect(found?.value).toBe(value);
  });
});
