import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics.js';

/** Provides `Metrics` to every module; main.ts serves it on METRICS_PORT. */
@Global()
@Module({ providers: [{ provide: Metrics, useFactory: () => new Metrics() }], exports: [Metrics] })
export class MetricsModule {}
