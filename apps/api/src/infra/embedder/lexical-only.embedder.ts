import type { Embedder } from './embedder.port.js';

/**
 * The embedded driver: no vectors, so embedded search is BM25 alone. No model weights exist on
 * the machines Clearroom targets, and the cheap stand-in we measured (feature hashing of words,
 * word pairs and character n-grams, sublinear TF, L2-normalised, 256 to 2,048 dimensions) did
 * not help beside BM25 with Porter stemming: on the developer corpus (`npm run bench:retrieval`)
 * hybrid search scored 0.753 recall@5 / 0.570 MRR against BM25's 0.747 / 0.595 in one-contract
 * projects, and 0.639 / 0.578 against 0.694 / 0.632 in the 12-contract project, at twice the
 * query time. Its best variant (character trigrams only) gained 5 of 186 questions at recall@5
 * and lost MRR. Use the Ollama driver for hybrid search.
 */
export class LexicalOnlyEmbedder implements Embedder {
  readonly health = null;

  /** Nothing outside this process to wait for. */
  ping(): Promise<void> {
    return Promise.resolve();
  }

  readonly model = 'none';
  readonly dimensions = null;

  embed(): Promise<Float32Array[]> {
    return Promise.reject(
      new Error(
        'The embedded embedder makes no vectors (its dimensions are null): search lexically',
      ),
    );
  }
}
