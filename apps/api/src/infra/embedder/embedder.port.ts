import type { HealthProbe } from '../../common/health-probe.js';
export interface Embedder extends HealthProbe {
  /** Name stored beside the vectors, so a change of model is detected and re-indexed. */
  readonly model: string;
  /**
   * Vector length, or null when this embedder produces no vectors (lexical search only). Known
   * once the module has started (Ollama's is learnt from its first answer, at start).
   */
  readonly dimensions: number | null;
  /** One L2-normalised vector per text, in order; batched internally. Rejects when `dimensions` is null. */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export const EMBEDDER = Symbol('EMBEDDER');
