import { SqlEntityManager } from '@mikro-orm/sql';
import { Controller, Get, Inject } from '@nestjs/common';
import { AppError } from '../../common/app-error.js';
import { JOB_QUEUE, type JobQueue } from '../../infra/queue/job-queue.port.js';
import { SEARCH_INDEX, type SearchIndex } from '../../infra/search/search-index.port.js';
import { Public } from '../auth/public.decorator.js';

type HealthResponse = { status: 'ok'; checks?: Record<string, 'ok'> };

const PROBE_TIMEOUT_MS = 3_000;

@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly em: SqlEntityManager,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(SEARCH_INDEX) private readonly searchIndex: SearchIndex,
  ) {}

  /** The process is up. */
  @Get('live')
  live(): HealthResponse {
    return { status: 'ok' };
  }

  /** The process can serve requests: its database, job queue and search index answer. */
  @Get('ready')
  async ready(): Promise<HealthResponse> {
    await probe('Database', () => this.em.getConnection().execute('select 1'));
    await probe('Job queue', () => this.queue.ping());
    await probe('Search index', () => this.searchIndex.ping());
    return { status: 'ok', checks: { database: 'ok', queue: 'ok', search: 'ok' } };
  }
}

async function probe(name: string, check: () => Promise<unknown>): Promise<void> {
  try {
    await Promise.race([
      check(),
      new Promise((_resolve, reject) => setTimeout(reject, PROBE_TIMEOUT_MS).unref()),
    ]);
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', `${name} unavailable`);
  }
}
