import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM, raw } from '@mikro-orm/core';
import Database from 'better-sqlite3';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { SqlitePlatform } from '@mikro-orm/sqlite';
import { LoginThrottle } from '../../modules/auth/login-throttle.entity.js';
import { AppSetting } from './app-setting.entity.js';
import { bindParameters, cachePreparedStatements } from './bound-sqlite.driver.js';
import { MigrationRunner } from './migration-runner.js';
import { createOrmOptions } from './orm-options.js';
import { entities } from '../../entities.js';

describe('bindParameters', () => {
  const platform = new SqlitePlatform();

  it('binds text and whole numbers, and writes fractions, booleans, dates and nulls out as MikroORM does', () => {
    const when = new Date(1_700_000_000_000);
    expect(
      bindParameters(platform, 'select ? , ?, ?, ?, ?, ?', ['a\u0000b', 42, 4.5, true, when, null]),
    ).toEqual({
      sql: 'select ? , ?, 4.5, true, 1700000000000, null',
      parameters: ['a\u0000b', 42n],
    });
  });

  it('expands lists, binds JSON, keeps identifiers and escaped question marks', () => {
    expect(
      bindParameters(platform, 'select ?? from t where k in (?) and j = ? and x = \\? and y = ?', [
        'key',
        ['a', 'b', 3],
        { nested: 'it?s' },
        raw('lower(?)', ["what's this?"]),
      ]),
    ).toEqual({
      sql: 'select `key` from t where k in (?, ?, ?) and j = ? and x = ? and y = lower(?)',
      parameters: ['a', 'b', 3n, '{"nested":"it?s"}', "what's this?"],
    });
  });
});

describe('cachePreparedStatements', () => {
  it('compiles a statement once per SQL text, and forgets the least recently used', () => {
    const db = new Database(':memory:');
    cachePreparedStatements(db, 2);
    const first = db.prepare('select 1');
    expect(db.prepare('select 1')).toBe(first);
    db.prepare('select 2');
    db.prepare('select 1');
    db.prepare('select 3'); // "select 2" goes
    expect(db.prepare('select 1')).toBe(first);
    expect(db.prepare('select 2').get()).toEqual({ '2': 2 });
    db.close();
  });
});

describe('MikroORM on SQLite with bound text', () => {
  let dataDir: string;
  let orm: MikroORM;
  const em = () => orm.em.fork() as SqlEntityManager;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'clearroom-bound-'));
    orm = await MikroORM.init(
      createOrmOptions({ driver: 'sqlite', file: path.join(dataDir, 'db.sqlite') }, entities),
    );
    await new MigrationRunner(orm, true).migrate();
  });
  afterAll(async () => {
    await orm.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores, finds and deletes keys holding NUL, quotes and question marks', async () => {
    const keys = ['user:a\u0000b', "ip:it's", 'user:why?', 'user:\u0001\u001b[31m'];
    const writer = em();
    for (const key of keys) {
      writer.create(LoginThrottle, { key, failures: 1, windowStartedAt: new Date() });
    }
    await writer.flush();

    const found = await em().find(LoginThrottle, { key: { $in: keys } });
    expect(found.map((row) => row.key).sort()).toEqual([...keys].sort());
    expect(await em().count(LoginThrottle, { key: { $like: 'user:a\u0000%' } })).toBe(1);
    await em().nativeUpdate(LoginThrottle, { key: 'user:a\u0000b' }, { failures: 5 });
    expect((await em().findOneOrFail(LoginThrottle, { key: 'user:a\u0000b' })).failures).toBe(5);
    expect(await em().nativeDelete(LoginThrottle, { key: keys })).toBe(keys.length);
  });

  it('stores a whole number bound into a text column as the number it reads (no ".0")', async () => {
    const writer = em();
    const fortyTwo: unknown = raw('?', [42]);
    writer.create(AppSetting, { name: 'number', value: fortyTwo as string });
    await writer.flush();
    expect((await em().findOneOrFail(AppSetting, { name: 'number' })).value).toBe('42');
  });

  it('runs a kept statement again with its new values', async () => {
    const connection = em().getConnection();
    for (const value of ['one', 'two']) {
      const [row] = await connection.execute<{ value: string }[]>('select ? as value', [value]);
      expect(row?.value).toBe(value);
    }
  });

  it('runs raw queries with bound values', async () => {
    const [row] = await em()
      .getConnection()
      .execute<{ value: string }[]>('select ? as value', ['x\u0000y']);
    expect(row?.value).toBe('x\u0000y');
    const setting = em();
    setting.create(AppSetting, { name: 'probe', value: 'null\u0000inside' });
    await setting.flush();
    expect((await em().findOneOrFail(AppSetting, { name: 'probe' })).value).toBe(
      'null\u0000inside',
    );
  });
});
