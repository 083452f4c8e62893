import { Client, type ClientOptions, errors, type estypes } from '@elastic/elasticsearch';
import { AppError } from '../../common/app-error.js';
import { candidateCount, fuseRankings } from '../../common/text/rrf.js';
import type { IndexedChunk, SearchHit, SearchIndex, SearchQuery } from './search-index.port.js';

export type ElasticsearchConfig = { url: string; index: string; apiKey: string | null };

type ChunkSource = {
  project_id: number;
  document_id: number;
  page_number: number;
  start: number;
  end: number;
  text: string;
  vector?: number[];
};

const RETURNED_FIELDS = ['document_id', 'page_number', 'start', 'end', 'text'];
/** Chunks per bulk request: about 3 MB with 768-dimension vectors. */
const BULK_SIZE = 200;

/** Fields of one shared index; every query filters by project (inside kNN, as a pre-filter). */
export function indexMappings(dimensions: number | null): estypes.MappingTypeMapping {
  return {
    dynamic: 'strict',
    properties: {
      // Identifiers are only ever matched exactly: keyword is what term filters are built for.
      project_id: { type: 'keyword' },
      document_id: { type: 'keyword' },
      page_number: { type: 'integer', index: false },
      start: { type: 'integer', index: false },
      end: { type: 'integer', index: false },
      text: { type: 'text', analyzer: 'english' },
      ...(dimensions === null ? {} : { vector: vectorMapping(dimensions) }),
    },
  };
}

function vectorMapping(dimensions: number): estypes.MappingDenseVectorProperty {
  return {
    type: 'dense_vector',
    dims: dimensions,
    similarity: 'cosine',
    index: true,
    // Elasticsearch 9.1+ would pick BBQ for 384+ dimensions; int8 keeps recall close to float.
    index_options: { type: 'int8_hnsw' },
  };
}

/**
 * Search on Elasticsearch (the free Basic licence suffices): one BM25 `match` query and one
 * `knn` query with the project filter inside it, fused by RRF here. The index is created on
 * first use, its vector length taken from the first vectors indexed.
 */
export class ElasticsearchSearchIndex implements SearchIndex {
  readonly health = { name: 'search', dependency: 'Elasticsearch (ELASTICSEARCH_URL)' };
  private readonly client: Client;
  private readonly indexName: string;
  private readonly url: string;
  /** The index's vector length once known (see currentDimensions). */
  private vectorDimensions: number | null = null;

  constructor(config: ElasticsearchConfig, clientOptions: Partial<ClientOptions> = {}) {
    this.url = config.url;
    this.indexName = config.index;
    this.client = new Client({
      node: config.url,
      ...(config.apiKey ? { auth: { apiKey: config.apiKey } } : {}),
      ...clientOptions,
    });
  }

  async index(chunks: IndexedChunk[]): Promise<void> {
    if (chunks.length === 0) return;
    await this.ensureIndex(chunks.find((chunk) => chunk.vector)?.vector?.length ?? null);
    for (let from = 0; from < chunks.length; from += BULK_SIZE) {
      const batch = chunks.slice(from, from + BULK_SIZE);
      const last = from + BULK_SIZE >= chunks.length;
      const response = await this.call(() =>
        this.client.bulk({
          operations: batch.flatMap((chunk) => [
            { index: { _index: this.indexName, _id: chunkId(chunk) } },
            toSource(chunk),
          ]),
          // Searchable when index() returns; waiting once covers the earlier batches too.
          refresh: last ? 'wait_for' : false,
        }),
      );
      if (response.errors) throw bulkError(response, batch.length);
    }
  }

  async search(query: SearchQuery): Promise<SearchHit[]> {
    if (query.documentIds?.length === 0) return [];
    const size = candidateCount(query.k);
    const filter: estypes.QueryDslQueryContainer[] = [
      { term: { project_id: query.projectId } },
      ...(query.documentIds ? [{ terms: { document_id: query.documentIds } }] : []),
    ];
    const requests: estypes.SearchRequest[] = [
      { query: { bool: { must: { match: { text: query.text } }, filter } } },
    ];
    if (query.vector && (await this.currentDimensions()) === query.vector.length) {
      requests.push({
        knn: {
          field: 'vector',
          query_vector: Array.from(query.vector),
          k: size,
          num_candidates: Math.min(10_000, 4 * size),
          filter,
        },
      });
    }
    const responses = await Promise.all(
      requests.map((request) =>
        this.call(
          () =>
            this.client.search<ChunkSource>(
              {
                ...request,
                index: this.indexName,
                size,
                _source: RETURNED_FIELDS,
                ignore_unavailable: true,
              },
              { signal: query.signal },
            ),
          query.signal,
        ),
      ),
    );
    const sources = new Map<string, ChunkSource>();
    const rankings = responses.map((response) =>
      response.hits.hits.map((hit) => {
        sources.set(hit._id!, hit._source!);
        return hit._id!;
      }),
    );
    return fuseRankings(rankings)
      .slice(0, query.k)
      .map(({ id, score }) => {
        const source = sources.get(id)!;
        return {
          documentId: Number(source.document_id),
          pageNumber: source.page_number,
          start: source.start,
          end: source.end,
          text: source.text,
          score,
        };
      });
  }

  deleteDocument(documentId: number): Promise<void> {
    return this.deleteWhere({ term: { document_id: documentId } });
  }

  deleteProject(projectId: number): Promise<void> {
    return this.deleteWhere({ term: { project_id: projectId } });
  }

  async ping(): Promise<void> {
    if (!(await this.call(() => this.client.ping()))) {
      throw this.unavailable('the cluster did not answer the ping');
    }
  }

  close(): Promise<void> {
    return this.client.close();
  }

  private async deleteWhere(query: estypes.QueryDslQueryContainer): Promise<void> {
    await this.call(() =>
      this.client.deleteByQuery({
        index: this.indexName,
        query,
        refresh: true,
        conflicts: 'proceed',
        ignore_unavailable: true,
      }),
    );
  }

  /** Creates the index if missing, and adds the vector field when the first vectors come. */
  private async ensureIndex(dimensions: number | null): Promise<void> {
    let current = await this.currentDimensions();
    if (current === undefined) {
      if (await this.createIndex(dimensions)) return;
      current = await this.currentDimensions();
    }
    if (dimensions === null || current === dimensions) return;
    if (typeof current === 'number') {
      throw new Error(
        `The Elasticsearch index "${this.indexName}" holds vectors of ${current} dimensions but the embedder makes ${dimensions}: ` +
          'set ELASTICSEARCH_INDEX to a new index name (or delete this one) and re-index the documents',
      );
    }
    await this.call(() =>
      this.client.indices.putMapping({
        index: this.indexName,
        properties: { vector: vectorMapping(dimensions) },
      }),
    );
    this.vectorDimensions = dimensions;
  }

  /** False when another process created the index first. */
  private createIndex(dimensions: number | null): Promise<boolean> {
    return this.call(async () => {
      try {
        await this.client.indices.create({
          index: this.indexName,
          mappings: indexMappings(dimensions),
        });
      } catch (error) {
        const type = error instanceof errors.ResponseError ? errorType(error) : undefined;
        if (type === 'resource_already_exists_exception') return false;
        throw error;
      }
      this.vectorDimensions = dimensions;
      return true;
    });
  }

  /**
   * The vector length in the index's mapping: undefined when there is no index, null when it
   * has no vector field. Kept once known to be a length, which can no longer change.
   */
  private async currentDimensions(): Promise<number | null | undefined> {
    if (typeof this.vectorDimensions === 'number') return this.vectorDimensions;
    const response = await this.call(() =>
      this.client.indices.getMapping({ index: this.indexName, ignore_unavailable: true }),
    );
    // Keyed by the concrete index name, which differs when ELASTICSEARCH_INDEX is an alias.
    const index = Object.values(response)[0];
    if (!index) return undefined;
    const vector = index.mappings.properties?.['vector'] as
      estypes.MappingDenseVectorProperty | undefined;
    this.vectorDimensions = vector?.dims ?? null;
    return this.vectorDimensions;
  }

  /** Runs a client call, turning its failures into errors that name Elasticsearch. */
  private async call<T>(request: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (
        error instanceof errors.ConnectionError ||
        error instanceof errors.TimeoutError ||
        error instanceof errors.NoLivingConnectionsError ||
        error instanceof errors.ProductNotSupportedError
      ) {
        throw this.unavailable(error.message);
      }
      if (error instanceof errors.ResponseError) {
        const status = error.statusCode ?? 0;
        const reason = describeCause(responseCause(error)) ?? error.message;
        if (status >= 500 || status === 429 || status === 401 || status === 403) {
          throw this.unavailable(`HTTP ${status} ${reason}`);
        }
        throw new Error(
          `Elasticsearch at ${this.url} refused a request: HTTP ${status} ${reason}`,
          {
            cause: error,
          },
        );
      }
      throw error;
    }
  }

  private unavailable(reason: string): AppError {
    return new AppError(
      'ELASTICSEARCH_UNAVAILABLE',
      `Elasticsearch is unavailable at ${this.url}: ${reason}`,
    );
  }
}

/** Stable per passage, so indexing a chunk again replaces it rather than adding a duplicate. */
function chunkId(chunk: IndexedChunk): string {
  return `${chunk.documentId}:${chunk.pageNumber}:${chunk.start}:${chunk.end}`;
}

function toSource(chunk: IndexedChunk): ChunkSource {
  return {
    project_id: chunk.projectId,
    document_id: chunk.documentId,
    page_number: chunk.pageNumber,
    start: chunk.start,
    end: chunk.end,
    text: chunk.text,
    ...(chunk.vector ? { vector: Array.from(chunk.vector) } : {}),
  };
}

function bulkError(response: estypes.BulkResponse, count: number): Error {
  const failures = response.items.flatMap((item) => (item.index?.error ? [item.index.error] : []));
  return new Error(
    `Elasticsearch refused ${failures.length} of ${count} chunks: ${describeCause(failures[0]) ?? 'no reason given'}`,
  );
}

function responseCause(error: errors.ResponseError): estypes.ErrorCause | undefined {
  const body = error.body as { error?: estypes.ErrorCause | string } | undefined;
  return typeof body?.error === 'object' ? body.error : undefined;
}

function errorType(error: errors.ResponseError): string | undefined {
  return responseCause(error)?.type;
}

function describeCause(cause: estypes.ErrorCause | undefined): string | undefined {
  return cause ? `${cause.type}: ${cause.reason ?? ''}`.trim() : undefined;
}
