import type { AppError } from '../../common/app-error.js';
import { networkReason, OllamaClient, ollamaUnavailable } from '../ollama/ollama.client.js';
import type { Embedder } from './embedder.port.js';

export type OllamaEmbedderConfig = {
  url: string;
  embedModel: string;
  timeoutMs: number;
  batchSize: number;
};

type EmbedResponse = { embeddings?: unknown; error?: unknown };

/** Keeps the model loaded between the batches of an ingestion (Ollama's default is 5 minutes). */
const KEEP_ALIVE = '30m';

/**
 * Embeddings from Ollama's `POST /api/embed` (vectors come back L2-normalised), batched. The
 * vector length is learnt from the first answer: call `learnDimensions()` before reading
 * `dimensions` (the module does so at start).
 */
export class OllamaEmbedder implements Embedder {
  readonly health = { name: 'ollama', dependency: 'Ollama (OLLAMA_URL)' };
  readonly model: string;
  private learnt: number | null = null;
  private readonly ollama: OllamaClient;

  constructor(private readonly config: OllamaEmbedderConfig) {
    this.model = config.embedModel;
    this.ollama = new OllamaClient(config.url);
  }

  get dimensions(): number | null {
    return this.learnt;
  }

  async learnDimensions(signal?: AbortSignal): Promise<number> {
    const [vector] = await this.embed(['dimensions'], signal);
    return vector!.length;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let from = 0; from < texts.length; from += this.config.batchSize) {
      vectors.push(
        ...(await this.embedBatch(texts.slice(from, from + this.config.batchSize), signal)),
      );
    }
    return vectors;
  }

  private async embedBatch(input: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    let response: Response;
    let body: EmbedResponse;
    try {
      response = await this.ollama.post(
        '/api/embed',
        { model: this.model, input, truncate: true, keep_alive: KEEP_ALIVE },
        signal ? AbortSignal.any([signal, timeout]) : timeout,
      );
      body = (await response.json().catch(() => ({}))) as EmbedResponse;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) {
        throw this.unavailable(`no answer within ${this.config.timeoutMs / 1000} s`);
      }
      throw this.unavailable(networkReason(error));
    }
    const message = typeof body.error === 'string' ? body.error : '';
    if (this.ollama.isMissingModel(response.status, message)) {
      throw ollamaUnavailable(this.ollama.missingModelMessage(this.model));
    }
    if (!response.ok) throw this.unavailable(`HTTP ${response.status} ${message}`.trim());
    return this.toVectors(body.embeddings, input.length);
  }

  private toVectors(embeddings: unknown, count: number): Float32Array[] {
    const valid =
      Array.isArray(embeddings) &&
      embeddings.length === count &&
      embeddings.every(
        (vector) =>
          Array.isArray(vector) &&
          vector.length > 0 &&
          vector.length === (this.learnt ?? (embeddings[0] as unknown[]).length) &&
          vector.every((value) => typeof value === 'number'),
      );
    if (!valid) {
      throw this.unavailable(
        `expected ${count} vectors${this.learnt ? ` of ${this.learnt} numbers` : ''} in "embeddings"`,
      );
    }
    const vectors = (embeddings as number[][]).map((vector) => Float32Array.from(vector));
    this.learnt = vectors[0]?.length ?? this.learnt;
    return vectors;
  }

  private unavailable(reason: string): AppError {
    return ollamaUnavailable(`Ollama is unavailable at ${this.config.url}: ${reason}`);
  }

  ping(signal?: AbortSignal): Promise<void> {
    return this.ollama.ping(signal);
  }
}
