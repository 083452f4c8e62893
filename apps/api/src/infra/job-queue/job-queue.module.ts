import { SqlEntityManager } from '@mikro-orm/sql';
import {
  type DynamicModule,
  Inject,
  Logger,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { AppConfig } from '../../config/app-config.js';
import { Metrics } from '../metrics/metrics.port.js';
import { BullMqJobQueue } from './bullmq.job-queue.js';
import { DatabaseJobQueue } from './database.job-queue.js';
import { InstrumentedJobQueue } from './instrumented.job-queue.js';
import { JOB_QUEUE, type JobQueue } from './job-queue.port.js';

/** Provides the job queue chosen by QUEUE_DRIVER: the database-backed queue or BullMQ. */
@Module({})
export class JobQueueModule implements OnApplicationShutdown {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  /** The worker closes the queue first (before the database goes); closing twice is harmless. */
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: JobQueueModule,
      global: true,
      providers: [
        {
          provide: JOB_QUEUE,
          useFactory: (em: SqlEntityManager, metrics: Metrics, logger: PinoLogger): JobQueue =>
            new InstrumentedJobQueue(createJobQueue(config, em), metrics, (bindings, work) =>
              logger.runInContext(work, { bindings }),
            ),
          inject: [SqlEntityManager, Metrics, PinoLogger],
        },
      ],
      exports: [JOB_QUEUE],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}

function createJobQueue(config: AppConfig, em: SqlEntityManager): JobQueue {
  const logger = new Logger('JobQueue');
  const { driver, redisUrl, prefix, concurrency, maxAttempts } = config.queue;
  switch (driver) {
    case 'bullmq':
      return new BullMqJobQueue({ redisUrl: redisUrl!, prefix, concurrency, maxAttempts }, logger);
    case 'database':
      return new DatabaseJobQueue(
        em,
        { concurrency, maxAttempts, releaseAllOnStart: config.database.driver === 'sqlite' },
        logger,
      );
  }
}
