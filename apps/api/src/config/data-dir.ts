import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './app-config.js';

/** Creates DATA_DIR (and the SQLite file's folder) on first start. */
export function prepareDataDir(config: AppConfig): void {
  mkdirSync(config.dataDir, { recursive: true });
  if (config.database.driver === 'sqlite' && config.database.file !== ':memory:') {
    mkdirSync(path.dirname(config.database.file), { recursive: true });
  }
}
