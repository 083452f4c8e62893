import { Injectable, Logger } from '@nestjs/common';
import { type ReadinessCheck, ReadinessRegistry } from './readiness.registry.js';

/**
 * Longest a dependency may take to answer a probe: under the probe timeouts of the manifests (3 s),
 * so a hung dependency still gets a 503 that names it rather than a probe timeout.
 */
export const PROBE_TIMEOUT_MS = 2_000;
/** Probes run at most this often, however many probes and replicas ask. */
export const RESULT_TTL_MS = 2_000;

export type CheckState = 'ok' | 'unavailable';

export type ReadinessReport = {
  ready: boolean;
  checks: Record<string, CheckState>;
  /** The `dependency` of each failing check, to name in the answer. */
  failing: string[];
};

/**
 * Probes every registered dependency in parallel, each bounded by PROBE_TIMEOUT_MS, and keeps the
 * result for RESULT_TTL_MS. The details of a failure (refused, timed out, HTTP 500) go to the log
 * when a dependency goes down or comes back, not into the public answer.
 */
@Injectable()
export class ReadinessService {
  private readonly logger = new Logger('Readiness');
  private last: { report: ReadinessReport; at: number } | null = null;
  private running: Promise<ReadinessReport> | null = null;
  private readonly down = new Set<string>();

  constructor(private readonly registry: ReadinessRegistry) {}

  check(): Promise<ReadinessReport> {
    if (this.last && Date.now() - this.last.at < RESULT_TTL_MS) {
      return Promise.resolve(this.last.report);
    }
    this.running ??= this.probeAll()
      .then((report) => {
        this.last = { report, at: Date.now() };
        return report;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async probeAll(): Promise<ReadinessReport> {
    const checks = this.registry.list();
    const results = await Promise.all(checks.map((check) => this.probe(check)));
    const report: ReadinessReport = { ready: true, checks: {}, failing: [] };
    checks.forEach((check, i) => {
      const ok = results[i]!;
      report.checks[check.name] = ok ? 'ok' : 'unavailable';
      if (!ok) {
        report.ready = false;
        report.failing.push(check.dependency);
      }
    });
    return report;
  }

  private async probe(check: ReadinessCheck): Promise<boolean> {
    const timeout = AbortSignal.timeout(PROBE_TIMEOUT_MS);
    try {
      await Promise.race([
        check.probe(timeout),
        // A probe that ignores its signal still loses the race.
        new Promise((_resolve, reject) =>
          timeout.addEventListener('abort', () => reject(timeout.reason as Error), { once: true }),
        ),
      ]);
      if (this.down.delete(check.name)) this.logger.log(`${check.dependency} answers again`);
      return true;
    } catch (error) {
      if (!this.down.has(check.name)) {
        this.down.add(check.name);
        this.logger.warn(`${check.dependency} is unavailable: ${failureDetail(error, timeout)}`);
      }
      return false;
    }
  }
}

function failureDetail(error: unknown, timeout: AbortSignal): string {
  if (timeout.aborted) return `no answer within ${PROBE_TIMEOUT_MS / 1000} s`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const message = error instanceof Error ? error.message : String(error);
  const detail = cause?.code ?? cause?.message;
  return detail ? `${message} (${detail})` : message;
}
