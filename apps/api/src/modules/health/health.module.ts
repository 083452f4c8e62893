import { Global, Module } from '@nestjs/common';
import { DependencyChecks } from './dependency-checks.js';
import { HealthController } from './health.controller.js';
import { ReadinessRegistry } from './readiness.registry.js';
import { ReadinessService } from './readiness.service.js';
import { ShutdownSignal } from './shutdown-signal.js';

/**
 * Liveness and readiness probes. Global, so that any module can add a readiness check
 * (ReadinessRegistry) or end its long-lived work when the process stops (ShutdownSignal).
 */
@Global()
@Module({
  controllers: [HealthController],
  providers: [ReadinessRegistry, ReadinessService, ShutdownSignal, DependencyChecks],
  exports: [ReadinessRegistry, ShutdownSignal],
})
export class HealthModule {}
