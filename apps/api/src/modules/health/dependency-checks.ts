import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { JOB_QUEUE, type JobQueue } from '../../infra/job-queue/job-queue.port.js';
import { SEARCH_INDEX, type SearchIndex } from '../../infra/search-index/search-index.port.js';
import { ReadinessRegistry } from './readiness.registry.js';

/**
 * Registers the dependencies this process's role uses: always the database, the job queue and the
 * search index; Apache Tika when the role extracts with it (worker, all); Ollama when the role
 * answers with it (api, all) or embeds with it (every role: questions are embedded too).
 */
@Injectable()
export class DependencyChecks implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: ReadinessRegistry,
    private readonly em: SqlEntityManager,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(SEARCH_INDEX) private readonly searchIndex: SearchIndex,
  ) {}

  onModuleInit(): void {
    const { config, registry } = this;
    registry.register({
      name: 'database',
      dependency: 'the database (DATABASE_URL)',
      probe: () => this.em.getConnection().execute('select 1'),
    });
    registry.register({
      name: 'queue',
      dependency:
        config.queue.driver === 'bullmq' ? 'Redis (REDIS_URL)' : 'the job queue (in the database)',
      probe: () => this.queue.ping(),
    });
    registry.register({
      name: 'search',
      dependency:
        config.search.driver === 'elasticsearch'
          ? 'Elasticsearch (ELASTICSEARCH_URL)'
          : 'the search index (in DATA_DIR)',
      probe: () => this.searchIndex.ping(),
    });
    if (config.extractor.driver === 'tika' && config.role !== 'api' && config.extractor.tikaUrl) {
      const versionUrl = `${config.extractor.tikaUrl.replace(/\/+$/, '')}/version`;
      registry.register({
        name: 'tika',
        dependency: 'Apache Tika (TIKA_URL)',
        probe: (signal) => answersOk(versionUrl, signal),
      });
    }
    const answersWithOllama = config.llm.driver === 'ollama' && config.role !== 'worker';
    if ((answersWithOllama || config.embedder.driver === 'ollama') && config.ollama) {
      const versionUrl = `${config.ollama.url}/api/version`;
      registry.register({
        name: 'ollama',
        dependency: 'Ollama (OLLAMA_URL)',
        probe: (signal) => answersOk(versionUrl, signal),
      });
    }
  }
}

async function answersOk(url: string, signal: AbortSignal): Promise<void> {
  const response = await fetch(url, { signal, headers: { accept: '*/*' } });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
}
