import { Inject, Injectable, type OnModuleInit, Optional } from '@nestjs/common';
import type { HealthProbe } from '../../common/health-probe.js';
import { ANSWERER, type Answerer } from '../../infra/answerer/answerer.port.js';
import { DATABASE, type Database } from '../../infra/database/database.port.js';
import { EMBEDDER, type Embedder } from '../../infra/embedder/embedder.port.js';
import { EXTRACTOR, type Extractor } from '../../infra/extractor/extractor.port.js';
import { SINGLE_SIGN_ON, type SingleSignOn } from '../../infra/identity/identity.port.js';
import { JOB_QUEUE, type JobQueue } from '../../infra/job-queue/job-queue.port.js';
import { SEARCH_INDEX, type SearchIndex } from '../../infra/search-index/search-index.port.js';
import { SESSION_STORE, type SessionStore } from '../../infra/session-store/session-store.port.js';
import { ReadinessRegistry } from './readiness.registry.js';

/**
 * Registers a readiness check for every port of this process's role whose adapter depends on
 * something outside the process. Each port names its dependency and pings it; the role decides
 * which ports exist (the extractor in worker roles, the answerer, sessions and identity in api roles).
 */
@Injectable()
export class DependencyChecks implements OnModuleInit {
  private readonly ports: (HealthProbe | null | undefined)[];

  constructor(
    private readonly registry: ReadinessRegistry,
    @Inject(DATABASE) database: Database,
    @Inject(JOB_QUEUE) queue: JobQueue,
    @Inject(SEARCH_INDEX) searchIndex: SearchIndex,
    @Optional() @Inject(EXTRACTOR) extractor: Extractor | undefined,
    @Optional() @Inject(EMBEDDER) embedder: Embedder | undefined,
    @Optional() @Inject(ANSWERER) answerer: Answerer | undefined,
    @Optional() @Inject(SESSION_STORE) sessions: SessionStore | undefined,
    @Optional() @Inject(SINGLE_SIGN_ON) singleSignOn: SingleSignOn | null | undefined,
  ) {
    this.ports = [
      database,
      queue,
      searchIndex,
      extractor,
      embedder,
      answerer,
      sessions,
      singleSignOn,
    ];
  }

  onModuleInit(): void {
    for (const port of this.ports) {
      if (!port?.health) continue;
      // Ports behind one service (the embedder and answerer on Ollama) share one check.
      this.registry.register({ ...port.health, probe: (signal) => port.ping(signal) });
    }
  }
}
