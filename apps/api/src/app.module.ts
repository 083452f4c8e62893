import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './infra/database/database.module.js';
import { AnswererModule } from './infra/answerer/answerer.module.js';
import { EmbedderModule } from './infra/embedder/embedder.module.js';
import { ExtractorModule } from './infra/extractor/extractor.module.js';
import { QueueModule } from './infra/queue/queue.module.js';
import { SearchModule } from './infra/search/search.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { DashboardModule } from './modules/dashboard/dashboard.module.js';
import { DealExtractionModule } from './modules/deal-extraction/deal-extraction.module.js';
import { DocumentsModule } from './modules/documents/documents.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { IngestionModule } from './modules/ingestion/ingestion.module.js';
import { ProjectsModule } from './modules/projects/projects.module.js';
import { QaModule } from './modules/qa/qa.module.js';
import { ProjectSearchModule } from './modules/search/search.module.js';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Reuses a sane incoming X-Request-Id (from the ingress) or makes one, and echoes it back. */
function requestId(request: IncomingMessage, response: ServerResponse): string {
  const incoming = request.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  response.setHeader('X-Request-Id', id);
  return id;
}

/** What the `api` role serves over HTTP. */
const apiModules = [
  AuthModule,
  ProjectsModule,
  DashboardModule,
  DocumentsModule,
  ProjectSearchModule,
  QaModule,
  DealExtractionModule,
];

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
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            genReqId: requestId,
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
          },
        }),
        DatabaseModule.forRoot(config),
        QueueModule.forRoot(config),
        SearchModule.forRoot(config),
        EmbedderModule.forRoot(config),
        HealthModule,
        ...(config.role === 'worker' ? [] : [AnswererModule.forRoot(config), ...apiModules]),
        ...(config.role === 'api' ? [] : [ExtractorModule.forRoot(config), IngestionModule]),
      ],
    };
  }
}
