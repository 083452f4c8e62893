import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting Clearroom reads from its environment, declared once with its default and rules.
 * Nothing else in the API reads `process.env`.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = (max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: positiveInt(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(mysql|mariadb|sqlite):/, 'must start with mysql://, mariadb:// or sqlite:')
    .optional(),
  DATABASE_POOL_SIZE: positiveInt(200).default(10),
  DATABASE_MIGRATE_ON_START: booleanFlag.default(true),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  COOKIE_SECURE: booleanFlag.optional(),
  SESSION_TTL_HOURS: positiveInt(24 * 90).default(24),
  LOGIN_MAX_FAILURES: positiveInt(1000).default(10),
  LOGIN_WINDOW_MINUTES: positiveInt(24 * 60).default(15),
  JSON_BODY_LIMIT_KB: positiveInt(10_240).default(100),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIR: z.string().optional(),
});

/** The name of every environment variable Clearroom reads. */
export const configVariables = Object.keys(envSchema.shape);

export type DatabaseConfig =
  | { driver: 'sqlite'; file: string }
  | {
      /** mysql: MySQL 8.x; mariadb: MariaDB 10.11+ (same protocol, MariaDB-aware schema handling). */
      driver: 'mysql' | 'mariadb';
      host: string;
      port: number;
      user: string;
      password: string;
      database: string;
      poolSize: number;
    };

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  database: DatabaseConfig;
  migrateOnStart: boolean;
  /** Origin browsers must send on state-changing requests; null means "the Host the request names". */
  publicOrigin: string | null;
  cookieSecure: boolean;
  sessionTtlMs: number;
  login: { maxFailures: number; windowMs: number };
  jsonBodyLimitBytes: number;
  trustProxy: boolean | number | string;
  logLevel: string;
  /** Directory of the built web app, or null to serve the API alone. */
  webDir: string | null;
};

export class ConfigError extends Error {}

export function loadConfig(
  env: Record<string, string | undefined>,
  defaultWebDir?: string,
): AppConfig {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    const got = set[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message}${got === undefined ? '' : ` (got "${got}")`}`,
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicOrigin = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : null;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database: parseDatabaseUrl(e.DATABASE_URL, dataDir, e.DATABASE_POOL_SIZE),
    migrateOnStart: e.DATABASE_MIGRATE_ON_START,
    publicOrigin,
    cookieSecure: e.COOKIE_SECURE ?? publicOrigin?.startsWith('https:') ?? false,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    login: { maxFailures: e.LOGIN_MAX_FAILURES, windowMs: e.LOGIN_WINDOW_MINUTES * 60_000 },
    jsonBodyLimitBytes: e.JSON_BODY_LIMIT_KB * 1024,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : (defaultWebDir ?? null),
  };
}

function parseDatabaseUrl(
  url: string | undefined,
  dataDir: string,
  poolSize: number,
): DatabaseConfig {
  if (!url) return { driver: 'sqlite', file: path.join(dataDir, 'clearroom.sqlite') };
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    if (!file) throw new ConfigError('Invalid configuration: DATABASE_URL names no SQLite file');
    return { driver: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('Invalid configuration: DATABASE_URL is not a valid URL');
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!database) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_URL names no database (mysql://user:password@host:3306/database)',
    );
  }
  return {
    driver: parsed.protocol === 'mariadb:' ? 'mariadb' : 'mysql',
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username) || 'root',
    password: decodeURIComponent(parsed.password),
    database,
    poolSize,
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
