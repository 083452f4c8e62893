import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { Test } from '@nestjs/testing';
import { loadConfig } from '../../config/app-config.js';
import { ElasticsearchSearchIndex } from './elasticsearch.search-index.js';
import { SEARCH_INDEX, type SearchIndex } from './search-index.port.js';
import { SearchIndexModule } from './search-index.module.js';
import { SqliteSearchIndex } from './sqlite/sqlite.search-index.js';

async function start(env: Record<string, string>) {
  const module = await Test.createTestingModule({
    imports: [SearchIndexModule.forRoot(loadConfig({ NODE_ENV: 'test', ...env }))],
  }).compile();
  return { module, index: module.get<SearchIndex>(SEARCH_INDEX) };
}

describe('SearchIndexModule', () => {
  it('provides the embedded index in the data directory and closes it on shutdown', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clearroom-search-'));
    try {
      const { module, index } = await start({ DATA_DIR: dataDir });
      expect(index).toBeInstanceOf(SqliteSearchIndex);
      await expect(index.ping()).resolves.toBeUndefined();
      await module.close();
      await expect(index.ping()).rejects.toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('provides Elasticsearch when SEARCH_DRIVER says so', async () => {
    const { module, index } = await start({
      SEARCH_DRIVER: 'elasticsearch',
      ELASTICSEARCH_URL: 'http://127.0.0.1:9',
    });
    expect(index).toBeInstanceOf(ElasticsearchSearchIndex);
    await module.close();
  });
});
