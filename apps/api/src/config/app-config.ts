import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting Clearroom reads from its environment, declared once with its default and rules.
 * Nothing else in the API reads `process.env`.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
const positiveInt = (max: number) => wholeNumber(1, max);

function httpLikeUrl(protocol: RegExp, error: string) {
  return z.url({ protocol, error });
}

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
  REGISTER_MAX_PER_ADDRESS: positiveInt(100_000).default(20),
  AUTH_DRIVER: z.enum(['local', 'oidc']).default('local'),
  OIDC_ISSUER_URL: httpLikeUrl(
    /^https?$/,
    'must be an http(s) URL such as https://keycloak.example.com/realms/clearroom',
  ).optional(),
  OIDC_CLIENT_ID: z.string().max(255, 'must be at most 255 characters').optional(),
  // Checked after parsing: a failed check here would echo the secret in the error line.
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_REDIRECT_URL: httpLikeUrl(/^https?$/, 'must be an http(s) URL').optional(),
  OIDC_SCOPES: z
    .string()
    .regex(/(^|\s)openid(\s|$)/, 'must include openid')
    .default('openid profile email'),
  OIDC_POST_LOGOUT_REDIRECT_URL: httpLikeUrl(/^https?$/, 'must be an http(s) URL').optional(),
  OIDC_ADMIN_ROLE: z
    .string()
    .regex(/^\S{1,255}$/, 'must be one realm role name (no spaces)')
    .default('clearroom-admin'),
  OIDC_ACCEPTED_AUDIENCES: z
    .string()
    .regex(/^[^\s,]+(\s*,\s*[^\s,]+)*$/, 'must be a comma-separated list of client ids')
    .optional(),
  JSON_BODY_LIMIT_KB: positiveInt(10_240).default(100),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
  WEB_DIR: z.string().optional(),
  METRICS_PORT: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or a port number')
    .max(65535, 'must be at most 65535')
    .default(9464),
  SHUTDOWN_TIMEOUT_SECONDS: positiveInt(3600).default(30),

  APP_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  UPLOAD_MAX_FILE_SIZE_MB: positiveInt(100_000).default(200),
  UPLOAD_MAX_FILES: positiveInt(1000).default(50),
  FILE_URL_TTL_SECONDS: positiveInt(24 * 3600).default(300),
  ACTIVITY_RETENTION_DAYS: positiveInt(100_000).optional(),

  // `inline` is the embedded queue's former name, still accepted so existing installs keep working.
  QUEUE_DRIVER: z
    .enum(['database', 'inline', 'bullmq'])
    .default('database')
    .transform((driver) => (driver === 'inline' ? 'database' : driver)),
  REDIS_URL: httpLikeUrl(/^rediss?$/, 'must be a redis:// or rediss:// URL').optional(),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'must be letters, digits, dots, dashes or underscores')
    .default('clearroom'),
  INGEST_CONCURRENCY: positiveInt(64).optional(),
  INGEST_MAX_ATTEMPTS: positiveInt(20).default(3),

  EXTRACTOR_DRIVER: z.enum(['embedded', 'tika']).default('embedded'),
  TIKA_URL: httpLikeUrl(/^https?$/, 'must be an http(s) URL').optional(),
  OCR: z.enum(['auto', 'on', 'off']).default('auto'),
  OCR_LANGUAGE: z
    .string()
    .regex(/^[a-z_]{3,}(\+[a-z_]{3,})*$/, 'must be tesseract language codes such as eng or eng+deu')
    .default('eng'),
  EXTRACT_TIMEOUT_SECONDS: positiveInt(24 * 3600).default(300),
  EXTRACT_MEMORY_MB: positiveInt(64_000).default(1024),
  EXTRACT_MAX_PAGES: positiveInt(1_000_000).default(5000),
  EXTRACT_WORKERS: positiveInt(64).optional(),

  EMBEDDER_DRIVER: z.enum(['embedded', 'ollama']).default('embedded'),
  SEARCH_DRIVER: z.enum(['embedded', 'elasticsearch']).default('embedded'),
  ELASTICSEARCH_URL: httpLikeUrl(/^https?$/, 'must be an http(s) URL').optional(),
  ELASTICSEARCH_INDEX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_.-]{0,200}$/, 'must be a lower-case Elasticsearch index name')
    .default('clearroom-chunks'),
  ELASTICSEARCH_API_KEY: z.string().optional(),
  SEARCH_THREADS: wholeNumber(0, 64).optional(),
  OLLAMA_URL: httpLikeUrl(/^https?$/, 'must be an http(s) URL').optional(),
  OLLAMA_EMBED_MODEL: z.string().min(1).default('nomic-embed-text'),
  OLLAMA_TIMEOUT_SECONDS: positiveInt(3600).default(60),
  EMBED_BATCH_SIZE: positiveInt(1024).default(32),
  LLM_DRIVER: z.enum(['embedded', 'ollama']).default('embedded'),
  OLLAMA_CHAT_MODEL: z.string().min(1).default('llama3.1:8b'),
  OLLAMA_NUM_CTX: positiveInt(1_048_576).default(8192),
  OLLAMA_FIRST_TOKEN_TIMEOUT_SECONDS: positiveInt(3600).default(60),
  OLLAMA_ANSWER_TIMEOUT_SECONDS: positiveInt(3600).default(300),
  OLLAMA_KEEP_ALIVE: z
    .string()
    .regex(/^(-1|0|\d+(\.\d+)?(ms|s|m|h)?)$/, 'must be a duration such as 30m, 1h, 0 or -1')
    .default('30m'),
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
  /** Accounts a client address may try to create per window (registration answers "taken"). */
  registration: { maxPerAddress: number; windowMs: number };
  auth: {
    /** local: username and password; oidc: single sign-on through an OpenID provider (Keycloak). */
    driver: 'local' | 'oidc';
    oidc: OidcConfig | null;
    /** With oidc: the realm role that makes a user an instance administrator. */
    adminRole: string;
    /** Where sessions live: the database, or Redis when REDIS_URL is set (shared by replicas). */
    sessionStore: { driver: 'database' } | { driver: 'redis'; url: string; keyPrefix: string };
  };
  jsonBodyLimitBytes: number;
  trustProxy: boolean | number | string;
  logLevel: string;
  /** json: one JSON object per line (production); pretty: readable lines and a start banner. */
  logFormat: 'json' | 'pretty';
  /** Directory of the built web app, or null to serve the API alone. */
  webDir: string | null;
  /** Port of the Prometheus `/metrics` server (on `host`), or null when METRICS_PORT=0. */
  metricsPort: number | null;
  /** Longest a SIGTERM may take: draining requests, finishing or releasing jobs, closing. */
  shutdownTimeoutMs: number;
  /** api: HTTP only; worker: ingestion only (plus health); all: both in one process. */
  role: 'all' | 'api' | 'worker';
  /** Uploaded files live here under generated names. */
  filesDir: string;
  uploads: { maxFileBytes: number; maxFiles: number; fileUrlTtlMs: number };
  /** How long activity-log entries are kept; null: forever. */
  activityRetentionMs: number | null;
  queue: {
    driver: 'database' | 'bullmq';
    redisUrl: string | null;
    /** Redis key prefix, so several installations can share one Redis. */
    prefix: string;
    /** Documents ingested at once by one worker process. */
    concurrency: number;
    maxAttempts: number;
  };
  extractor: {
    driver: 'embedded' | 'tika';
    tikaUrl: string | null;
    /** auto: OCR when the tesseract command is installed; on: require it; off: never. */
    ocr: 'auto' | 'on' | 'off';
    ocrLanguage: string;
    timeoutMs: number;
    memoryMb: number;
    maxPages: number;
    /** Parsing threads (embedded extractor). */
    workers: number;
  };
  embedder: { driver: 'embedded' | 'ollama'; batchSize: number };
  search: {
    driver: 'embedded' | 'elasticsearch';
    /** SQLite file of the embedded index (derived data: it can be rebuilt from the pages). */
    file: string;
    /** Threads that run the embedded index's searches; 0: on the event loop. */
    threads: number;
    elasticsearch: { url: string; index: string; apiKey: string | null } | null;
  };
  ollama: { url: string; embedModel: string; timeoutMs: number } | null;
  llm: {
    driver: 'embedded' | 'ollama';
    /** Set when driver is ollama. */
    ollama: {
      url: string;
      model: string;
      numCtx: number;
      firstTokenTimeoutMs: number;
      totalTimeoutMs: number;
      keepAlive: string;
    } | null;
  };
};

export type OidcConfig = {
  /** The realm's issuer, without a trailing slash: https://keycloak.example.com/realms/clearroom */
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUrl: string;
  scopes: string;
  postLogoutRedirectUrl: string;
  /** A bearer token is accepted when its `aud` holds one of these or its `azp` is one of them. */
  acceptedAudiences: string[];
};

export class ConfigError extends Error {}

/**
 * @param stdoutIsTerminal whether a person reads the output (LOG_FORMAT defaults to pretty then)
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  defaultWebDir?: string,
  stdoutIsTerminal = false,
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
  requireWhen(e.QUEUE_DRIVER === 'bullmq', 'REDIS_URL', e.REDIS_URL, 'QUEUE_DRIVER=bullmq');
  requireWhen(e.EXTRACTOR_DRIVER === 'tika', 'TIKA_URL', e.TIKA_URL, 'EXTRACTOR_DRIVER=tika');
  requireWhen(
    e.SEARCH_DRIVER === 'elasticsearch',
    'ELASTICSEARCH_URL',
    e.ELASTICSEARCH_URL,
    'SEARCH_DRIVER=elasticsearch',
  );
  requireWhen(e.EMBEDDER_DRIVER === 'ollama', 'OLLAMA_URL', e.OLLAMA_URL, 'EMBEDDER_DRIVER=ollama');
  requireWhen(e.LLM_DRIVER === 'ollama', 'OLLAMA_URL', e.OLLAMA_URL, 'LLM_DRIVER=ollama');
  if (e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      `Invalid configuration: METRICS_PORT must differ from PORT (both are ${e.PORT})`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const cores = Math.max(1, availableParallelism());
  const publicOrigin = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : null;
  const oidc = e.AUTH_DRIVER === 'oidc' ? parseOidcConfig(e) : null;
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
    registration: { maxPerAddress: e.REGISTER_MAX_PER_ADDRESS, windowMs: 3_600_000 },
    auth: {
      driver: e.AUTH_DRIVER,
      oidc,
      adminRole: e.OIDC_ADMIN_ROLE,
      sessionStore: e.REDIS_URL
        ? { driver: 'redis', url: e.REDIS_URL, keyPrefix: `${e.QUEUE_PREFIX}:sessions` }
        : { driver: 'database' },
    },
    jsonBodyLimitBytes: e.JSON_BODY_LIMIT_KB * 1024,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (stdoutIsTerminal ? 'pretty' : 'json'),
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : (defaultWebDir ?? null),
    metricsPort: e.METRICS_PORT === 0 ? null : e.METRICS_PORT,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    role: e.APP_ROLE,
    filesDir: path.join(dataDir, 'files'),
    uploads: {
      maxFileBytes: e.UPLOAD_MAX_FILE_SIZE_MB * 1024 * 1024,
      maxFiles: e.UPLOAD_MAX_FILES,
      fileUrlTtlMs: e.FILE_URL_TTL_SECONDS * 1000,
    },
    activityRetentionMs: e.ACTIVITY_RETENTION_DAYS ? e.ACTIVITY_RETENTION_DAYS * 86_400_000 : null,
    queue: {
      driver: e.QUEUE_DRIVER,
      redisUrl: e.REDIS_URL ?? null,
      prefix: e.QUEUE_PREFIX,
      concurrency: e.INGEST_CONCURRENCY ?? cores,
      maxAttempts: e.INGEST_MAX_ATTEMPTS,
    },
    extractor: {
      driver: e.EXTRACTOR_DRIVER,
      tikaUrl: e.TIKA_URL ?? null,
      ocr: e.OCR,
      ocrLanguage: e.OCR_LANGUAGE,
      timeoutMs: e.EXTRACT_TIMEOUT_SECONDS * 1000,
      memoryMb: e.EXTRACT_MEMORY_MB,
      maxPages: e.EXTRACT_MAX_PAGES,
      workers: e.EXTRACT_WORKERS ?? cores,
    },
    embedder: { driver: e.EMBEDDER_DRIVER, batchSize: e.EMBED_BATCH_SIZE },
    search: {
      driver: e.SEARCH_DRIVER,
      file: path.join(dataDir, 'search-index.sqlite'),
      threads: e.SEARCH_THREADS ?? Math.min(cores, 4),
      elasticsearch: e.ELASTICSEARCH_URL
        ? {
            url: e.ELASTICSEARCH_URL,
            index: e.ELASTICSEARCH_INDEX,
            apiKey: e.ELASTICSEARCH_API_KEY ?? null,
          }
        : null,
    },
    ollama: e.OLLAMA_URL
      ? {
          url: e.OLLAMA_URL.replace(/\/+$/, ''),
          embedModel: e.OLLAMA_EMBED_MODEL,
          timeoutMs: e.OLLAMA_TIMEOUT_SECONDS * 1000,
        }
      : null,
    llm: {
      driver: e.LLM_DRIVER,
      ollama:
        e.LLM_DRIVER === 'ollama' && e.OLLAMA_URL
          ? {
              url: e.OLLAMA_URL.replace(/\/+$/, ''),
              model: e.OLLAMA_CHAT_MODEL,
              numCtx: e.OLLAMA_NUM_CTX,
              firstTokenTimeoutMs: e.OLLAMA_FIRST_TOKEN_TIMEOUT_SECONDS * 1000,
              totalTimeoutMs: e.OLLAMA_ANSWER_TIMEOUT_SECONDS * 1000,
              keepAlive: e.OLLAMA_KEEP_ALIVE,
            }
          : null,
    },
  };
}

type ParsedEnv = z.infer<typeof envSchema>;

/** AUTH_DRIVER=oidc: the issuer, the confidential client and where Keycloak sends people back. */
function parseOidcConfig(e: ParsedEnv): OidcConfig {
  const because = 'AUTH_DRIVER=oidc';
  requireWhen(true, 'OIDC_ISSUER_URL', e.OIDC_ISSUER_URL, because);
  requireWhen(true, 'OIDC_CLIENT_ID', e.OIDC_CLIENT_ID, because);
  requireWhen(true, 'OIDC_CLIENT_SECRET', e.OIDC_CLIENT_SECRET, because);
  // The secret also derives the key that encrypts the tokens kept in sessions.
  if (e.OIDC_CLIENT_SECRET!.length < 16) {
    throw new ConfigError(
      'Invalid configuration: OIDC_CLIENT_SECRET must be at least 16 characters (Keycloak generates 32)',
    );
  }
  if (!e.OIDC_REDIRECT_URL && !e.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration: OIDC_REDIRECT_URL is required when AUTH_DRIVER=oidc and PUBLIC_URL is unset',
    );
  }
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, '');
  const redirectUrl = e.OIDC_REDIRECT_URL ?? `${publicUrl}/api/auth/oidc/callback`;
  const clientId = e.OIDC_CLIENT_ID!;
  return {
    issuerUrl: e.OIDC_ISSUER_URL!.replace(/\/+$/, ''),
    clientId,
    clientSecret: e.OIDC_CLIENT_SECRET!,
    redirectUrl,
    scopes: e.OIDC_SCOPES.trim().split(/\s+/).join(' '),
    postLogoutRedirectUrl: new URL(
      e.OIDC_POST_LOGOUT_REDIRECT_URL ?? e.PUBLIC_URL ?? new URL(redirectUrl).origin,
    ).href,
    acceptedAudiences: e.OIDC_ACCEPTED_AUDIENCES?.split(',').map((id) => id.trim()) ?? [clientId],
  };
}

function requireWhen(condition: boolean, name: string, value: unknown, because: string): void {
  if (condition && value === undefined) {
    throw new ConfigError(`Invalid configuration: ${name} is required when ${because}`);
  }
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
