import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ElasticsearchSearchIndex } from './elasticsearch.search-index.js';
import type { IndexedChunk, SearchIndex } from './search-index.port.js';
import { SqliteSearchIndex } from './sqlite/sqlite.search-index.js';

type Subject = { index: SearchIndex; dispose(): Promise<void> };

const unit = (axis: number) => Float32Array.from([0, 1, 2, 3], (i) => (i === axis ? 1 : 0));
const ROYALTIES = 'The Licensee shall pay royalties to the Licensor every calendar quarter.';
const GOVERNING_LAW = 'This Agreement is governed by the laws of the State of Delaware.';
const ASSIGNMENT = 'Neither party may assign this Agreement without prior written consent.';
const CONFIDENTIALITY =
  'The recipient shall protect Confidential Information with reasonable care.';
const OTHER_PROJECT =
  'This Agreement is governed by the laws of Zanzibar, with royalties paid yearly.';

function chunk(
  projectId: number,
  documentId: number,
  pageNumber: number,
  text: string,
  vector: Float32Array | null,
  start = 0,
): IndexedChunk {
  return { projectId, documentId, pageNumber, start, end: start + text.length, text, vector };
}

const CHUNKS: IndexedChunk[] = [
  chunk(1, 10, 1, ROYALTIES, unit(0), 120),
  chunk(1, 10, 2, GOVERNING_LAW, unit(1)),
  chunk(1, 11, 1, ASSIGNMENT, unit(2)),
  chunk(1, 11, 3, CONFIDENTIALITY, unit(3)),
  chunk(2, 20, 1, OTHER_PROJECT, unit(1)),
];

/** The behaviour every SearchIndex adapter must have (ARCHITECTURE §3). */
function searchIndexContract(name: string, create: () => Promise<Subject>) {
  describe(`${name} (SearchIndex contract)`, () => {
    let subject: Subject;
    let index: SearchIndex;

    beforeEach(async () => {
      subject = await create();
      index = subject.index;
      await index.index(CHUNKS);
    });
    afterEach(() => subject.dispose());

    const search = (
      projectId: number,
      text: string,
      more: { vector?: Float32Array; documentIds?: number[]; k?: number } = {},
    ) =>
      index.search({
        projectId,
        text,
        vector: more.vector ?? null,
        k: more.k ?? 10,
        documentIds: more.documentIds,
      });

    it('ranks first the passage holding the rare words of the question, offsets intact', async () => {
      const [first] = await search(1, 'Which law governs this agreement? Delaware');
      expect(first).toEqual({
        documentId: 10,
        pageNumber: 2,
        start: 0,
        end: GOVERNING_LAW.length,
        text: GOVERNING_LAW,
        score: expect.any(Number),
      });
      const [royalties] = await search(1, 'royalties');
      expect(royalties).toMatchObject({ start: 120, end: 120 + ROYALTIES.length, text: ROYALTIES });
    });

    it('never returns another project’s passages, lexically or by vector', async () => {
      const lexical = await search(1, 'Zanzibar royalties yearly');
      expect(lexical.map((hit) => hit.documentId)).toEqual([10]);
      const byVector = await search(1, '', { vector: unit(1) });
      expect(byVector.map((hit) => hit.documentId)).not.toContain(20);
      expect((await search(2, 'Zanzibar')).map((hit) => hit.documentId)).toEqual([20]);
    });

    it('restricts the search to the documents given', async () => {
      const hits = await search(1, 'agreement party consent', {
        documentIds: [11],
        vector: unit(1),
      });
      expect(hits.length).toBeGreaterThan(0);
      expect(new Set(hits.map((hit) => hit.documentId))).toEqual(new Set([11]));
      expect(await search(1, 'agreement', { documentIds: [] })).toEqual([]);
    });

    it('ranks by vector alone when the text has no words, and fuses both rankings', async () => {
      const [nearest] = await search(1, '?!', { vector: unit(2) });
      expect(nearest).toMatchObject({ documentId: 11, pageNumber: 1, text: ASSIGNMENT });
      // Royalties: first by BM25 and among the vector ranking; confidentiality: first by vector only.
      const fused = await search(1, 'royalties', { vector: unit(3), k: 2 });
      expect(fused.map((hit) => hit.text)).toEqual([ROYALTIES, CONFIDENTIALITY]);
      expect(fused[0]!.score).toBeGreaterThan(1 / 61);
      expect(fused[1]!.score).toBeCloseTo(1 / 61, 6);
    });

    it('returns at most k hits, best first', async () => {
      const hits = await search(1, 'agreement party royalties information', {
        vector: unit(0),
        k: 2,
      });
      expect(hits).toHaveLength(2);
      expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
    });

    it('treats hostile query text as words, never as syntax', async () => {
      const hostile = [
        '"',
        '*',
        '-',
        'AND',
        'OR',
        'NOT',
        'NEAR(',
        '(((',
        '"unbalanced',
        'text: scope:',
        '{scope} : p1',
        '^royalties',
        "'; DROP TABLE chunks; --",
        '',
        '   ',
        'x'.repeat(5000),
      ];
      for (const text of hostile) await expect(search(1, text)).resolves.toBeInstanceOf(Array);
      const [hit] = await search(1, 'royalties" OR NEAR(* -scope: AND');
      expect(hit?.text).toBe(ROYALTIES);
    });

    it('deletes a document', async () => {
      await index.deleteDocument(10);
      expect(await search(1, 'royalties Delaware', { vector: unit(0) })).not.toContainEqual(
        expect.objectContaining({ documentId: 10 }),
      );
      expect((await search(1, 'assign')).map((hit) => hit.documentId)).toEqual([11]);
    });

    it('deletes a project and nothing else', async () => {
      await index.deleteProject(1);
      expect(await search(1, 'royalties agreement party information', { vector: unit(0) })).toEqual(
        [],
      );
      expect((await search(2, 'Zanzibar')).map((hit) => hit.documentId)).toEqual([20]);
    });

    it('leaves no duplicate when a passage is indexed again, or re-indexed after a delete', async () => {
      await index.index(CHUNKS);
      expect(await search(1, 'royalties')).toHaveLength(1);
      await index.deleteDocument(10);
      await index.index(CHUNKS.filter((c) => c.documentId === 10));
      const hits = await search(1, 'royalties Delaware', { vector: unit(0) });
      expect(hits.filter((hit) => hit.documentId === 10)).toHaveLength(2);
    });

    it('answers the readiness ping', async () => {
      await expect(index.ping()).resolves.toBeUndefined();
    });
  });
}

searchIndexContract('SqliteSearchIndex', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'clearroom-search-'));
  const index = new SqliteSearchIndex({ file: path.join(directory, 'search-index.sqlite') });
  return Promise.resolve({
    index,
    dispose: async () => {
      await index.close();
      rmSync(directory, { recursive: true, force: true });
    },
  });
});

searchIndexContract('ElasticsearchSearchIndex', async () => {
  const fake = await startFakeElasticsearch();
  const index = new ElasticsearchSearchIndex({ url: fake.url, index: 'chunks', apiKey: null });
  return {
    index,
    dispose: async () => {
      await index.close();
      await fake.stop();
    },
  };
});

// A fake Elasticsearch: enough of the REST API and of its query semantics for the contract.

type Doc = Record<string, unknown> & { text?: string; vector?: number[] };
type Filter = { term?: Record<string, unknown>; terms?: Record<string, unknown[]> };
type RequestBody = {
  mappings?: { properties: Record<string, unknown> };
  properties?: Record<string, unknown>;
  size?: number;
  _source?: string[];
  query?: Filter & { bool?: { must: { match: { text: string } }; filter: Filter[] } };
  knn?: { query_vector: number[]; filter: Filter[] };
};
type FakeIndex = { mappings: { properties: Record<string, unknown> }; docs: Map<string, Doc> };

async function startFakeElasticsearch(): Promise<{ url: string; stop(): Promise<void> }> {
  const indices = new Map<string, FakeIndex>();
  const server: Server = createServer((request, response) => {
    void readBody(request).then((raw) => {
      const url = new URL(request.url!, 'http://fake');
      const [name, action] = url.pathname.split('/').filter(Boolean);
      const answer = (status: number, body: unknown = {}) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'x-elastic-product': 'Elasticsearch',
        });
        response.end(request.method === 'HEAD' ? undefined : JSON.stringify(body));
      };
      if (!name) return answer(200, { version: { number: '9.1.0' } });
      if (name === '_bulk') return answer(200, bulk(indices, raw));
      const index = indices.get(name);
      const body = (raw ? JSON.parse(raw) : {}) as RequestBody;
      if (!action && request.method === 'PUT') {
        if (index) {
          return answer(400, {
            error: { type: 'resource_already_exists_exception', reason: name },
          });
        }
        indices.set(name, { mappings: body.mappings!, docs: new Map() });
        return answer(200, { acknowledged: true });
      }
      if (action === '_mapping' && request.method === 'PUT') {
        Object.assign(index!.mappings.properties, body.properties);
        return answer(200, { acknowledged: true });
      }
      if (action === '_mapping') {
        return answer(200, index ? { [name]: { mappings: index.mappings } } : {});
      }
      const docs = [...(index?.docs ?? [])];
      if (action === '_delete_by_query') {
        const doomed = docs.filter(([, doc]) => matchesFilter(doc, body.query!));
        for (const [id] of doomed) index?.docs.delete(id);
        return answer(200, { deleted: doomed.length });
      }
      if (action === '_search') return answer(200, search(docs, body));
      return answer(404, { error: { type: 'not_found', reason: url.pathname } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function bulk(indices: Map<string, FakeIndex>, ndjson: string) {
  const lines = ndjson
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as unknown);
  const items = [];
  for (let i = 0; i < lines.length; i += 2) {
    const { _index, _id } = (lines[i] as { index: { _index: string; _id: string } }).index;
    indices.get(_index)!.docs.set(_id, lines[i + 1] as Doc);
    items.push({ index: { _index, _id, status: 201, result: 'created' } });
  }
  return { errors: false, took: 1, items };
}

function search(docs: [string, Doc][], body: RequestBody) {
  const { knn } = body;
  const bool = body.query?.bool;
  const filters = knn?.filter ?? bool?.filter ?? [];
  const candidates = docs.filter(([, doc]) =>
    filters.every((filter) => matchesFilter(doc, filter)),
  );
  // kNN returns the nearest whatever their similarity; a match query only what matches.
  const scored = knn
    ? candidates
        .filter(([, doc]) => doc.vector)
        .map(([id, doc]) => ({ id, doc, score: cosine(knn.query_vector, doc.vector!) }))
    : scoreMatch(candidates, docs, bool!.must.match.text).filter((hit) => hit.score > 0);
  const hits = scored
    .sort((a, b) => b.score - a.score)
    .slice(0, body.size)
    .map(({ id, doc, score }) => ({ _id: id, _score: score, _source: pick(doc, body._source!) }));
  return {
    took: 1,
    timed_out: false,
    hits: { total: { value: hits.length, relation: 'eq' }, hits },
  };
}

function matchesFilter(doc: Doc, filter: Filter): boolean {
  if (filter.terms) {
    const [field, values] = Object.entries(filter.terms)[0]!;
    return values.map(String).includes(String(doc[field]));
  }
  const [field, value] = Object.entries(filter.term!)[0]!;
  return String(doc[field]) === String(value);
}

/** TF-IDF over crudely stemmed words: enough to rank the passage with the rare words first. */
function scoreMatch(candidates: [string, Doc][], all: [string, Doc][], text: string) {
  const terms = words(text);
  const idf = (term: string) =>
    Math.log(
      1 + all.length / (1 + all.filter(([, doc]) => words(doc.text!).includes(term)).length),
    );
  return candidates.map(([id, doc]) => {
    const docWords = words(doc.text!);
    const score = terms.reduce(
      (sum, term) => sum + docWords.filter((word) => word === term).length * idf(term),
      0,
    );
    return { id, doc, score };
  });
}

function words(text: string): string[] {
  const stop = new Set(['the', 'this', 'which', 'of', 'to', 'a', 'by', 'with', 'and', 'or', 'not']);
  return (text.toLowerCase().match(/\p{L}+/gu) ?? [])
    .filter((word) => !stop.has(word))
    .map((word) => word.replace(/s$/, ''));
}

function cosine(a: number[], b: number[]): number {
  const dot = a.reduce((sum, value, i) => sum + value * b[i]!, 0);
  return dot / (Math.hypot(...a) * Math.hypot(...b));
}

function pick(doc: Doc, fields: string[]): Doc {
  return Object.fromEntries(fields.map((field) => [field, doc[field]]));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (part: Buffer) => (body += part.toString()));
    request.on('end', () => resolve(body));
  });
}
