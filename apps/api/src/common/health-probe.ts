/** What a port says about the dependency behind it, so that the readiness probe can loop over ports. */
export interface HealthProbe {
  /**
   * The readiness check's key (e.g. `search`) and what an operator reads when it fails, naming the
   * setting to look at (`Elasticsearch (ELASTICSEARCH_URL)`); null when the adapter needs nothing
   * outside this process.
   */
  readonly health: { name: string; dependency: string } | null;
  /** Resolves when the dependency answers. */
  ping(signal: AbortSignal): Promise<void>;
}
