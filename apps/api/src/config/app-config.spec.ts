import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { configVariables, ConfigError, loadConfig } from './app-config.js';

describe('loadConfig', () => {
  it('defaults to the embedded mode: SQLite under ./data, port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({
      driver: 'sqlite',
      file: path.resolve('data', 'clearroom.sqlite'),
    });
    expect(config.cookieSecure).toBe(false);
    expect(config.migrateOnStart).toBe(true);
    expect(config.login).toEqual({ maxFailures: 10, windowMs: 15 * 60_000 });
  });

  it('reads a MySQL URL with credentials and database', () => {
    const config = loadConfig({ DATABASE_URL: 'mysql://app:s%40cret@db.internal:3307/clearroom' });
    expect(config.database).toEqual({
      driver: 'mysql',
      host: 'db.internal',
      port: 3307,
      user: 'app',
      password: 's@cret',
      database: 'clearroom',
      poolSize: 10,
    });
  });

  it('selects the MariaDB driver for a mariadb:// URL', () => {
    const config = loadConfig({ DATABASE_URL: 'mariadb://root@127.0.0.1/clearroom' });
    expect(config.database).toMatchObject({
      driver: 'mariadb',
      host: '127.0.0.1',
      port: 3306,
      user: 'root',
      password: '',
    });
  });

  it('derives the Secure cookie and the allowed origin from an https PUBLIC_URL', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://deals.example.com/some/path' });
    expect(config.publicOrigin).toBe('https://deals.example.com');
    expect(config.cookieSecure).toBe(true);
  });

  it('writes JSON logs unless a person reads the output: LOG_FORMAT defaults by the terminal', () => {
    expect(loadConfig({}).logFormat).toBe('json');
    expect(loadConfig({}, undefined, true).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }, undefined, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(
      'Invalid configuration: LOG_FORMAT must be json or pretty (got "xml")',
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be at most 65535 (got "70000")'],
    [
      { DATABASE_URL: 'postgres://x/y' },
      'Invalid configuration: DATABASE_URL must start with mysql://, mariadb:// or sqlite: (got "postgres://x/y")',
    ],
    [
      { DATABASE_URL: 'mysql://root@localhost' },
      'Invalid configuration: DATABASE_URL names no database (mysql://user:password@host:3306/database)',
    ],
    [
      { COOKIE_SECURE: 'maybe' },
      'Invalid configuration: COOKIE_SECURE must be true or false (got "maybe")',
    ],
    [
      { PUBLIC_URL: 'ftp://x' },
      'Invalid configuration: PUBLIC_URL must be an http(s) URL (got "ftp://x")',
    ],
    [
      { QUEUE_DRIVER: 'bullmq' },
      'Invalid configuration: REDIS_URL is required when QUEUE_DRIVER=bullmq',
    ],
    [
      { SEARCH_DRIVER: 'elasticsearch' },
      'Invalid configuration: ELASTICSEARCH_URL is required when SEARCH_DRIVER=elasticsearch',
    ],
    [
      { EXTRACTOR_DRIVER: 'tika', TIKA_URL: 'tika:9998' },
      'Invalid configuration: TIKA_URL must be an http(s) URL (got "tika:9998")',
    ],
    [
      { REDIS_URL: 'http://redis' },
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL (got "http://redis")',
    ],
    [
      { LOG_LEVEL: 'loud' },
      expect.stringMatching(/^Invalid configuration: LOG_LEVEL .+ \(got "loud"\)$/),
    ],
  ])('stops on %j with one line naming the variable', (env, message) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toEqual(message);
    expect((error as Error).message).not.toContain('\n');
  });
});

describe('.env.example', () => {
  const example = readFileSync(new URL('../../../../.env.example', import.meta.url), 'utf8');
  const entries = Object.fromEntries(
    example
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

  it('documents every variable the configuration reads, and no other', () => {
    expect(Object.keys(entries).sort()).toEqual([...configVariables].sort());
  });

  it('holds values that make a valid configuration', () => {
    expect(() => loadConfig(entries)).not.toThrow();
  });
});

describe('loadConfig: documents pipeline', () => {
  it("accepts the embedded queue's former name, inline, as the database queue", () => {
    expect(loadConfig({ QUEUE_DRIVER: 'inline' }).queue.driver).toBe('database');
    expect(loadConfig({ QUEUE_DRIVER: 'database' }).queue.driver).toBe('database');
  });

  it('defaults to the embedded pipeline in one process', () => {
    const config = loadConfig({});
    expect(config.role).toBe('all');
    expect(config.queue).toMatchObject({ driver: 'database', redisUrl: null, maxAttempts: 3 });
    expect(config.extractor).toMatchObject({ driver: 'embedded', ocr: 'auto', maxPages: 5000 });
    expect(config.search).toMatchObject({
      driver: 'embedded',
      file: path.resolve('data', 'search-index.sqlite'),
      elasticsearch: null,
    });
    expect(config.uploads).toEqual({
      maxFileBytes: 200 * 1024 * 1024,
      maxFiles: 50,
      fileUrlTtlMs: 300_000,
    });
  });

  it('selects the production adapters with their URLs', () => {
    const config = loadConfig({
      QUEUE_DRIVER: 'bullmq',
      REDIS_URL: 'redis://redis:6379',
      SEARCH_DRIVER: 'elasticsearch',
      ELASTICSEARCH_URL: 'http://es:9200',
      EMBEDDER_DRIVER: 'ollama',
      OLLAMA_URL: 'http://ollama:11434/',
    });
    expect(config.queue).toMatchObject({ driver: 'bullmq', redisUrl: 'redis://redis:6379' });
    expect(config.search.elasticsearch).toEqual({
      url: 'http://es:9200',
      index: 'clearroom-chunks',
      apiKey: null,
    });
    expect(config.ollama).toMatchObject({ url: 'http://ollama:11434' });
  });
});
