export interface Embedder {
  /** Name stored beside the vectors, so a change of model is detected and re-indexed. */
  readonly model: string;
  /** Vector length, or null when this embedder produces no vectors (lexical search only). */
  readonly dimensions: number | null;
  /** One L2-normalised vector per text, in order; batched internally. */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export const EMBEDDER = Symbol('EMBEDDER');
