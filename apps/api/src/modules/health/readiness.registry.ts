import { Injectable } from '@nestjs/common';

/** One dependency the process needs in order to serve, probed by `GET /api/health/ready`. */
export type ReadinessCheck = {
  /** Key in the readiness answer, e.g. `tika`. Unique: registering a name again replaces it. */
  name: string;
  /** What an operator reads when it fails, naming the setting to look at: `Apache Tika (TIKA_URL)`. */
  dependency: string;
  /** Resolves when the dependency answers. Gets a signal that aborts when the probe times out. */
  probe: (signal: AbortSignal) => Promise<unknown>;
};

/**
 * The dependencies readiness checks. The health module registers the database, the job queue, the
 * search index and the remote services this role uses (Tika, Ollama); any other module adds its
 * own at start (`onModuleInit`), e.g. the identity provider when AUTH_DRIVER=oidc:
 *
 * ```ts
 * constructor(private readonly readiness: ReadinessRegistry) {}
 * onModuleInit() {
 *   this.readiness.register({ name: 'oidc', dependency: 'Keycloak (OIDC_ISSUER_URL)', probe: (signal) => … });
 * }
 * ```
 */
@Injectable()
export class ReadinessRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(check: ReadinessCheck): void {
    this.checks.set(check.name, check);
  }

  list(): ReadinessCheck[] {
    return [...this.checks.values()];
  }
}
