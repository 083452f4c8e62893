import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Options as HttpLogOptions } from 'pino-http';
import { prettyLogStream } from './common/pretty-log-stream.js';
import { requestIdOf } from './common/request-id.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { entities } from './entities.js';
import { DatabaseModule } from './infra/database/database.module.js';
import { DealExtractorModule } from './infra/deal-extractor/deal-extractor.module.js';
import { AnswererModule } from './infra/answerer/answerer.module.js';
import { EmbedderModule } from './infra/embedder/embedder.module.js';
import { ExtractorModule } from './infra/extractor/extractor.module.js';
import { FileStoreModule } from './infra/file-store/file-store.module.js';
import { IdentityModule } from './infra/identity/identity.module.js';
import { MetricsModule } from './infra/metrics/metrics.module.js';
import { JobQueueModule } from './infra/job-queue/job-queue.module.js';
import { SearchIndexModule } from './infra/search-index/search-index.module.js';
import { SessionStoreModule } from './infra/session-store/session-store.module.js';
import { AdminModule } from './modules/admin/admin.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { ClientConfigModule } from './modules/client-config/client-config.module.js';
import { DashboardModule } from './modules/dashboard/dashboard.module.js';
import { DealExtractionModule } from './modules/deal-extraction/deal-extraction.module.js';
import { ClausesModule } from './modules/clauses/clauses.module.js';
import { DocumentsModule } from './modules/documents/documents.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { IngestionModule } from './modules/ingestion/ingestion.module.js';
import { ProjectsModule } from './modules/projects/projects.module.js';
import { QaModule } from './modules/qa/qa.module.js';
import { ReviewsModule } from './modules/reviews/reviews.module.js';
import { ProjectSearchModule } from './modules/search/search.module.js';

/** What the `api` role serves over HTTP. */
const apiModules = [
  AuthModule,
  ProjectsModule,
  ClientConfigModule,
  DashboardModule,
  DocumentsModule,
  ProjectSearchModule,
  QaModule,
  DealExtractionModule,
  ClausesModule,
  ReviewsModule,
  AdminModule,
];

/** pino-http's options: JSON lines on stdout, unless LOG_FORMAT=pretty writes them for people. */
function httpLogOptions(config: AppConfig): HttpLogOptions {
  return {
    level: config.logLevel,
    genReqId: requestIdOf,
    // Every line logged while serving a request carries `requestId`, not the whole request.
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    // Access logs carry what operators need and no headers, so no cookie or token can leak.
    serializers: {
      req: (request: { id: string; method: string; url: string }) => ({
        id: request.id,
        method: request.method,
        url: request.url,
      }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
    },
    autoLogging: { ignore: (request) => request.url?.startsWith('/api/health') ?? false },
  };
}

/**
 * The application for a role: `api` serves HTTP, `worker` runs ingestion jobs (and answers health
 * probes), `all` does both in one process (the embedded default).
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        MetricsModule,
        LoggerModule.forRoot({
          pinoHttp:
            config.logFormat === 'pretty'
              ? [httpLogOptions(config), prettyLogStream(process.stdout, !!process.stdout.isTTY)]
              : httpLogOptions(config),
        }),
        DatabaseModule.forRoot(config, entities),
        FileStoreModule.forRoot(config),
        JobQueueModule.forRoot(config),
        SearchIndexModule.forRoot(config),
        EmbedderModule.forRoot(config),
        HealthModule,
        ...(config.role === 'worker'
          ? []
          : [
              AnswererModule.forRoot(config),
              SessionStoreModule.forRoot(config),
              IdentityModule.forRoot(config),
              DealExtractorModule.forRoot(config),
              ...apiModules,
            ]),
        ...(config.role === 'api' ? [] : [ExtractorModule.forRoot(config), IngestionModule]),
      ],
    };
  }
}
