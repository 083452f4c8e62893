import {
  type DynamicModule,
  Global,
  Inject,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { ElasticsearchSearchIndex } from './elasticsearch.search-index.js';
import { SEARCH_INDEX, type SearchIndex } from './search-index.port.js';
import { SqliteSearchIndex } from './sqlite/sqlite.search-index.js';

/** Provides SEARCH_INDEX: the adapter SEARCH_DRIVER names, closed when the application stops. */
@Global()
@Module({})
export class SearchIndexModule implements OnApplicationShutdown {
  constructor(@Inject(SEARCH_INDEX) private readonly searchIndex: SearchIndex) {}

  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: SearchIndexModule,
      providers: [{ provide: SEARCH_INDEX, useFactory: () => createSearchIndex(config) }],
      exports: [SEARCH_INDEX],
    };
  }

  onApplicationShutdown(): Promise<void> {
    return this.searchIndex.close();
  }
}

export function createSearchIndex(config: AppConfig): SearchIndex {
  switch (config.search.driver) {
    case 'embedded':
      return new SqliteSearchIndex({
        file: config.search.file,
        searchThreads: config.search.threads,
      });
    case 'elasticsearch':
      if (!config.search.elasticsearch) {
        throw new Error('SEARCH_DRIVER=elasticsearch needs ELASTICSEARCH_URL');
      }
      return new ElasticsearchSearchIndex(config.search.elasticsearch);
  }
}
