import type { HealthProbe } from '../../common/health-probe.js';
/** A passage of one page, as indexed: offsets point into the page's extracted text. */
export type IndexedChunk = {
  projectId: number;
  documentId: number;
  pageNumber: number;
  /** `pageText.slice(start, end) === text`. */
  start: number;
  end: number;
  text: string;
  vector: Float32Array | null;
};

export type SearchQuery = {
  projectId: number;
  text: string;
  /**
   * The query's embedding, or null for lexical search only. Ignored when its length differs
   * from the indexed vectors' (they came from another model).
   */
  vector: Float32Array | null;
  k: number;
  /** Restrict to these documents (e.g. completed ones); all of the project's when absent. */
  documentIds?: number[];
  signal?: AbortSignal;
};

export type SearchHit = Omit<IndexedChunk, 'vector' | 'projectId'> & {
  /** Fused relevance (reciprocal rank fusion of BM25 and vector ranks, k = 60); higher is better. */
  score: number;
};

export interface SearchIndex extends HealthProbe {
  /**
   * Adds chunks. A passage indexed again (same document, page and offsets) replaces the old one,
   * never duplicates it; callers still delete a document's chunks first when re-indexing it.
   */
  index(chunks: IndexedChunk[]): Promise<void>;
  search(query: SearchQuery): Promise<SearchHit[]>;
  deleteDocument(documentId: number): Promise<void>;
  deleteProject(projectId: number): Promise<void>;
  /** Throws when the backing store cannot be reached (used by the readiness probe). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const SEARCH_INDEX = Symbol('SEARCH_INDEX');
