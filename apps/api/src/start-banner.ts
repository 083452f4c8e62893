import type { AppConfig } from './config/app-config.js';

/** Where to open the product: a wildcard listen address is shown as localhost. */
export function openUrl(config: AppConfig): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/** The adapter behind each port, as configured. */
export function driversInUse(config: AppConfig): Record<string, string> {
  const { database } = config;
  return {
    database:
      database.driver === 'sqlite'
        ? `SQLite (${database.file})`
        : `${database.driver === 'mariadb' ? 'MariaDB' : 'MySQL'} at ${database.host}:${database.port}/${database.database}`,
    queue:
      config.queue.driver === 'database' ? 'database (jobs in the database)' : 'BullMQ (Redis)',
    extractor:
      config.extractor.driver === 'embedded'
        ? `embedded (OCR ${config.extractor.ocr})`
        : `Apache Tika (${config.extractor.tikaUrl})`,
    search: config.search.driver === 'embedded' ? 'embedded (SQLite FTS5)' : 'Elasticsearch',
    embedder: config.embedder.driver === 'embedded' ? 'none (BM25 only)' : 'Ollama',
    answers: config.llm.driver === 'embedded' ? 'extractive (no model)' : 'Ollama',
    signIn: config.auth.driver === 'local' ? 'local accounts' : 'single sign-on (OIDC)',
    sessions: config.auth.sessionStore.driver === 'redis' ? 'Redis' : 'the database',
  };
}

const LABELS: Record<string, string> = {
  database: 'Database',
  queue: 'Queue',
  extractor: 'Reading',
  search: 'Search',
  embedder: 'Vectors',
  answers: 'Answers',
  signIn: 'Sign-in',
  sessions: 'Sessions',
};

/** The first words of the start line; tests and operators look for them. */
export const RUNNING = 'Clearroom is running';

/** For a terminal (LOG_FORMAT=pretty): where to open it, where its data is, what it runs on. */
export function startBanner(config: AppConfig, nodeVersion: string): string {
  const rows: [string, string][] = [
    ['Open', openUrl(config)],
    ['Data', config.dataDir],
    ['Role', config.role],
    ...Object.entries(driversInUse(config)).map(([key, value]): [string, string] => [
      LABELS[key] ?? key,
      value,
    ]),
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    '',
    `${RUNNING} on Node.js ${nodeVersion}`,
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`),
    '  (LOG_FORMAT=json for JSON logs; Ctrl+C stops it)',
    '',
    '',
  ].join('\n');
}

/** The same as one JSON log line (LOG_FORMAT=json), whatever LOG_LEVEL says. */
export function startRecord(config: AppConfig, nodeVersion: string): string {
  return `${JSON.stringify({
    level: 30,
    time: Date.now(),
    context: 'Clearroom',
    msg: `${RUNNING} on Node.js ${nodeVersion}: open ${openUrl(config)}`,
    url: openUrl(config),
    dataDir: config.dataDir,
    role: config.role,
    drivers: driversInUse(config),
  })}\n`;
}
