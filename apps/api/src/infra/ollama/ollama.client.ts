import { AppError } from '../../common/app-error.js';
import type { AppConfig } from '../../config/app-config.js';

/** The chat model's settings (LLM_DRIVER=ollama), shared by the answerer and the deal extractor. */
export type OllamaLlmConfig = NonNullable<AppConfig['llm']['ollama']>;

/** A rough estimate that holds for English text with Llama-style tokenizers. */
export const CHARS_PER_TOKEN = 4;

/** What came back from Ollama: the status and the body's `error` (or the start of the raw body). */
export type OllamaReply = { response: Response; text: string; errorMessage: string };

/**
 * The one HTTP client of Ollama (`OLLAMA_URL`): JSON posts, the version probe, and the wording of
 * its failures. The answerer, the embedder and the deal extractor build on it.
 */
export class OllamaClient {
  constructor(readonly url: string) {}

  /** POSTs JSON and returns the response unread (for streaming); network failures are thrown as is. */
  post(path: `/api/${string}`, body: unknown, signal: AbortSignal): Promise<Response> {
    return fetch(`${this.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  }

  /** POSTs JSON and reads the whole answer. */
  async postAndRead(
    path: `/api/${string}`,
    body: unknown,
    signal: AbortSignal,
  ): Promise<OllamaReply> {
    const response = await this.post(path, body, signal);
    const text = await response.text();
    return { response, text, errorMessage: errorMessageOf(text) };
  }

  /** Resolves when Ollama answers its version endpoint (readiness). */
  async ping(signal?: AbortSignal): Promise<void> {
    const url = `${this.url}/api/version`;
    const response = await fetch(url, { signal: signal ?? null, headers: { accept: '*/*' } });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  }

  /** Ollama's 404 for a model it has not pulled. */
  isMissingModel(status: number, errorMessage: string): boolean {
    return status === 404 && /model/i.test(errorMessage);
  }

  missingModelMessage(model: string): string {
    return `Ollama at ${this.url} has no model "${model}": run \`ollama pull ${model}\` on the Ollama server`;
  }

  unreachableMessage(error: unknown): string {
    return `Ollama is unavailable at ${this.url}: ${networkReason(error)}`;
  }
}

/** The 503 a person can act on, naming Ollama. */
export function ollamaUnavailable(message: string): AppError {
  return new AppError('OLLAMA_UNAVAILABLE', message);
}

/** "connect ECONNREFUSED 127.0.0.1:11434" rather than fetch's bare "fetch failed". */
export function networkReason(error: unknown): string {
  // Read by shape: fetch's errors may come from another realm (jest's VM), failing instanceof.
  const { message, cause } = (error ?? {}) as { message?: unknown; cause?: { message?: unknown } };
  return String(cause?.message ?? message ?? error);
}

/** Ollama's `{"error": "..."}`, or the start of the body as it came. */
export function errorMessageOf(text: string): string {
  try {
    const { error } = JSON.parse(text) as { error?: unknown };
    if (typeof error === 'string') return error;
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.trim().slice(0, 200);
}

/** The lines of an NDJSON body, whatever way they were split across network reads. */
export async function* ndjsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffered = '';
  // Leaving this loop early cancels the body.
  for await (const bytes of body) {
    buffered += decoder.decode(bytes, { stream: true });
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (line !== '') yield line;
    }
  }
  const last = (buffered + decoder.decode()).trim();
  if (last !== '') yield last;
}
