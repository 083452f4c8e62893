import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics.port.js';
import { PrometheusMetrics } from './prometheus.metrics.js';

/** Provides `Metrics` (Prometheus) to every module; main.ts serves it on METRICS_PORT. */
@Global()
@Module({
  providers: [{ provide: Metrics, useFactory: () => new PrometheusMetrics() }],
  exports: [Metrics],
})
export class MetricsModule {}
