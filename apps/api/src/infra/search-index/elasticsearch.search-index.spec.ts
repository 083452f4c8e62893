import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClientOptions } from '@elastic/elasticsearch';
import MockModule, { type MockPattern } from '@elastic/elasticsearch-mock';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/app-error.js';
import { ElasticsearchSearchIndex } from './elasticsearch.search-index.js';
import type { IndexedChunk } from './search-index.port.js';

// The package types its CommonJS export as `default`; imported as ESM, the class is the module.
const Mock = MockModule as unknown as typeof MockModule.default;
type Mock = InstanceType<typeof Mock>;

const URL = 'http://es.test:9200';
const CHUNK: IndexedChunk = {
  projectId: 7,
  documentId: 42,
  pageNumber: 3,
  start: 10,
  end: 30,
  text: 'Governed by Delaware',
  vector: Float32Array.from([0.6, 0.8]),
};

describe('ElasticsearchSearchIndex requests', () => {
  let mock: Mock;
  let requests: MockPattern[];
  let index: ElasticsearchSearchIndex;
  /** Answers for `method path`, recorded in order; unknown requests get an empty success. */
  let answers: Map<string, (request: MockPattern) => Record<string, unknown> | Error>;

  beforeEach(() => {
    mock = new Mock();
    requests = [];
    answers = new Map();
    mock.add({ method: ['GET', 'PUT', 'POST', 'HEAD'], path: ['/', '/*'] }, (request) => {
      requests.push(request);
      const answer = answers.get(`${String(request.method)} ${String(request.path)}`);
      return (answer?.(request) ?? {}) as Record<string, unknown>;
    });
    index = new ElasticsearchSearchIndex(
      { url: URL, index: 'clearroom-chunks', apiKey: null },
      { Connection: mock.getConnection() as unknown as ClientOptions['Connection'] },
    );
  });

  const sent = (method: string, path: string) =>
    requests.filter((request) => request.method === method && request.path === path);

  it('creates the missing index with an explicit mapping, then bulk-indexes with wait_for', async () => {
    await index.index([CHUNK]);

    const [create] = sent('PUT', '/clearroom-chunks');
    expect(create?.body).toEqual({
      mappings: {
        dynamic: 'strict',
        properties: {
          project_id: { type: 'keyword' },
          document_id: { type: 'keyword' },
          page_number: { type: 'integer', index: false },
          start: { type: 'integer', index: false },
          end: { type: 'integer', index: false },
          text: { type: 'text', analyzer: 'english' },
          vector: {
            type: 'dense_vector',
            dims: 2,
            similarity: 'cosine',
            index: true,
            index_options: { type: 'int8_hnsw' },
          },
        },
      },
    });
    const [bulk] = sent('POST', '/_bulk');
    expect(bulk?.querystring).toEqual({ refresh: 'wait_for' });
    expect(bulk?.body).toEqual([
      { index: { _index: 'clearroom-chunks', _id: '42:3:10:30' } },
      {
        project_id: 7,
        document_id: 42,
        page_number: 3,
        start: 10,
        end: 30,
        text: 'Governed by Delaware',
        vector: [expect.closeTo(0.6, 5), expect.closeTo(0.8, 5)],
      },
    ]);
  });

  it('adds the vector field to an index created without vectors', async () => {
    answers.set('GET /clearroom-chunks/_mapping', () => ({
      'clearroom-chunks-v1': { mappings: { properties: { text: { type: 'text' } } } },
    }));
    await index.index([CHUNK]);
    expect(sent('PUT', '/clearroom-chunks')).toEqual([]);
    expect(sent('PUT', '/clearroom-chunks/_mapping')[0]?.body).toEqual({
      properties: {
        vector: expect.objectContaining({ type: 'dense_vector', dims: 2 }),
      },
    });
  });

  it('refuses vectors of another length than the index holds', async () => {
    answers.set('GET /clearroom-chunks/_mapping', () => ({
      'clearroom-chunks': {
        mappings: { properties: { vector: { type: 'dense_vector', dims: 768 } } },
      },
    }));
    await expect(index.index([CHUNK])).rejects.toThrow(
      'The Elasticsearch index "clearroom-chunks" holds vectors of 768 dimensions but the embedder makes 2',
    );
  });

  it('surfaces the errors of bulk items', async () => {
    answers.set('POST /_bulk', () => ({
      errors: true,
      items: [
        { index: { status: 201 } },
        {
          index: {
            status: 400,
            error: { type: 'document_parsing_exception', reason: 'failed to parse field [vector]' },
          },
        },
      ],
    }));
    await expect(index.index([CHUNK, { ...CHUNK, start: 40, end: 60 }])).rejects.toThrow(
      'Elasticsearch refused 1 of 2 chunks: document_parsing_exception: failed to parse field [vector]',
    );
  });

  it('searches with one match query and one knn query pre-filtered by project and documents', async () => {
    answers.set('GET /clearroom-chunks/_mapping', () => ({
      'clearroom-chunks': {
        mappings: { properties: { vector: { type: 'dense_vector', dims: 2 } } },
      },
    }));
    const hit = (id: string, text: string) => ({
      _id: id,
      _score: 1,
      _source: { document_id: 42, page_number: 1, start: 0, end: text.length, text },
    });
    answers.set('POST /clearroom-chunks/_search', (request) => ({
      hits: {
        hits: (request.body as Record<string, unknown>)['knn']
          ? [hit('b', 'by vector'), hit('a', 'by both')]
          : [hit('a', 'by both'), hit('c', 'by words')],
      },
    }));

    const hits = await index.search({
      projectId: 7,
      text: 'Which law governs? "NEAR(',
      vector: Float32Array.from([1, 0]),
      k: 3,
      documentIds: [42, 43],
    });

    const filter = [{ term: { project_id: 7 } }, { terms: { document_id: [42, 43] } }];
    const common = {
      size: 50,
      _source: ['document_id', 'page_number', 'start', 'end', 'text'],
    };
    const searches = sent('POST', '/clearroom-chunks/_search');
    expect(searches.map((request) => request.querystring)).toEqual([
      { ignore_unavailable: 'true' },
      { ignore_unavailable: 'true' },
    ]);
    expect(searches.map((request) => request.body)).toEqual(
      expect.arrayContaining([
        {
          ...common,
          query: { bool: { must: { match: { text: 'Which law governs? "NEAR(' } }, filter } },
        },
        {
          ...common,
          knn: { field: 'vector', query_vector: [1, 0], k: 50, num_candidates: 200, filter },
        },
      ]),
    );
    expect(hits.map((hit) => hit.text)).toEqual(['by both', 'by vector', 'by words']);
    expect(hits[0]!.score).toBeCloseTo(2 / 61);
  });

  it('searches by BM25 alone when there is no query vector or no index', async () => {
    answers.set('POST /clearroom-chunks/_search', () => ({ hits: { hits: [] } }));
    await index.search({ projectId: 7, text: 'law', vector: null, k: 5 });
    expect(sent('POST', '/clearroom-chunks/_search').map((r) => r.body)).toEqual([
      expect.objectContaining({ query: expect.any(Object) }),
    ]);
    requests.length = 0;
    await index.search({ projectId: 7, text: 'law', vector: Float32Array.from([1, 0]), k: 5 });
    expect(sent('POST', '/clearroom-chunks/_search')).toHaveLength(1);
  });

  it('deletes by query, for a document and for a project', async () => {
    await index.deleteDocument(42);
    await index.deleteProject(7);
    const deletes = sent('POST', '/clearroom-chunks/_delete_by_query');
    expect(deletes.map((request) => request.body)).toEqual([
      { query: { term: { document_id: 42 } } },
      { query: { term: { project_id: 7 } } },
    ]);
    for (const request of deletes) {
      expect(request.querystring).toEqual({
        refresh: 'true',
        conflicts: 'proceed',
        ignore_unavailable: 'true',
      });
    }
  });
});

describe('ElasticsearchSearchIndex connection', () => {
  /** An HTTP server answering like Elasticsearch with `status` and `body`, recording headers. */
  async function fakeServer(status: number, body = '') {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((request, response) => {
      seen.push(request.headers);
      response
        .writeHead(status, {
          'content-type': 'application/json',
          'x-elastic-product': 'Elasticsearch',
        })
        .end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, seen, stop: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('sends the API key when one is configured', async () => {
    const server = await fakeServer(200);
    const index = new ElasticsearchSearchIndex({
      url: server.url,
      index: 'chunks',
      apiKey: 'c2VjcmV0',
    });
    try {
      await index.ping();
      expect(server.seen[0]?.authorization).toBe('ApiKey c2VjcmV0');
    } finally {
      await index.close();
      await server.stop();
    }
  });

  it('reports a cluster answering with an error status as unavailable', async () => {
    const body = JSON.stringify({
      error: { type: 'cluster_block_exception', reason: 'index read-only' },
      status: 503,
    });
    const server = await fakeServer(503, body);
    const index = new ElasticsearchSearchIndex(
      { url: server.url, index: 'chunks', apiKey: null },
      { maxRetries: 0 },
    );
    try {
      const failure = index.deleteDocument(1);
      await expect(failure).rejects.toThrow(
        `Elasticsearch is unavailable at ${server.url}: HTTP 503 cluster_block_exception: index read-only`,
      );
      await expect(failure).rejects.toBeInstanceOf(AppError);
    } finally {
      await index.close();
      await server.stop();
    }
  });

  it('names Elasticsearch and its URL when it cannot be reached', async () => {
    const server = await fakeServer(200);
    await server.stop();
    const index = new ElasticsearchSearchIndex(
      { url: server.url, index: 'chunks', apiKey: null },
      { maxRetries: 0, requestTimeout: 2000 },
    );
    try {
      const failure = index.ping();
      await expect(failure).rejects.toThrow(`Elasticsearch is unavailable at ${server.url}: `);
      await expect(failure).rejects.toMatchObject({
        code: 'ELASTICSEARCH_UNAVAILABLE',
        status: 503,
      });
    } finally {
      await index.close();
    }
  });
});
