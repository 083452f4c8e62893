import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { originCheck } from './common/origin-check.middleware.js';
import { QuietStartLogger } from './common/quiet-start.logger.js';
import { assignRequestId } from './common/request-id.js';
import { createValidationPipe } from './common/validation.pipe.js';
import type { AppConfig } from './config/app-config.js';
import { httpMetrics } from './infra/metrics/http-metrics.middleware.js';
import { Metrics } from './infra/metrics/metrics.port.js';
import { answerOutsideApiWithJson, serveSpa } from './modules/web/spa.js';

/** Builds the whole HTTP application (used by main.ts and by the API tests alike). */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(new QuietStartLogger(app.get(Logger)));
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // First, so that every response carries X-Request-Id and is timed, whoever answers it.
  app.use(assignRequestId);
  app.use(httpMetrics(app.get(Metrics)));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ["'self'", 'blob:'],
          frameAncestors: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: config.cookieSecure ? [] : null,
        },
      },
      strictTransportSecurity: config.cookieSecure,
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(cookieParser());
  app.use(originCheck(config.publicOrigin));
  app.useBodyParser('json', { limit: config.jsonBodyLimitBytes });
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new HttpExceptionFilter(config.jsonBodyLimitBytes));
  app.useGlobalPipes(createValidationPipe());
  const http = app.getHttpAdapter().getInstance();
  if (config.webDir) serveSpa(http, config.webDir);
  else answerOutsideApiWithJson(http);
  // Signals are handled by main.ts (graceful-shutdown.ts), which drains before closing.
  return app;
}
