import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { IndexedChunk } from '../search-index.port.js';
import { SqliteSearchIndex } from './sqlite.search-index.js';

const chunk = (documentId: number, text: string, vector: number[] | null): IndexedChunk => ({
  projectId: 1,
  documentId,
  pageNumber: 1,
  start: 0,
  end: text.length,
  text,
  vector: vector && Float32Array.from(vector),
});

describe('SqliteSearchIndex', () => {
  let directory: string;
  let file: string;

  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'clearroom-search-'));
    file = path.join(directory, 'index', 'search-index.sqlite');
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('keeps chunks and vectors in its file, in WAL mode, across restarts', async () => {
    const first = new SqliteSearchIndex({ file });
    await first.index([chunk(1, 'Royalties are due quarterly.', [1, 0, 0])]);
    await first.close();

    const reopened = new SqliteSearchIndex({ file });
    const hits = await reopened.search({
      projectId: 1,
      text: '',
      vector: Float32Array.from([1, 0, 0]),
      k: 5,
    });
    expect(hits.map((hit) => hit.text)).toEqual(['Royalties are due quarterly.']);
    await reopened.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('drops vectors of another length (another model) and ignores query vectors it cannot compare', async () => {
    const index = new SqliteSearchIndex({ file });
    await index.index([chunk(1, 'Royalties are due quarterly.', [1, 0, 0])]);
    await index.index([chunk(2, 'Notices are written.', [0, 1])]);
    const search = (vector: number[]) =>
      index.search({ projectId: 1, text: '', vector: Float32Array.from(vector), k: 5 });
    expect((await search([0, 1])).map((hit) => hit.documentId)).toEqual([2]);
    expect(await search([1, 0, 0])).toEqual([]);
    expect(
      (await index.search({ projectId: 1, text: 'royalties', vector: null, k: 5 })).length,
    ).toBe(1);
    await index.close();
  });

  it('searches on threads exactly as on the event loop, seeing what is indexed after they started', async () => {
    const threaded = new SqliteSearchIndex({ file, searchThreads: 2 });
    const query = { projectId: 1, text: 'royalties quarterly', vector: null, k: 5 };
    await threaded.index([chunk(1, 'Royalties are due quarterly.', null)]);
    expect((await threaded.search(query)).map((hit) => hit.documentId)).toEqual([1]);

    // Indexed after the threads opened their connections, with the first vectors of the file.
    await threaded.index([
      chunk(2, 'Quarterly royalties are paid in arrears.', [1, 0]),
      chunk(3, 'Notices are written.', [0, 1]),
    ]);
    const onThreads = await threaded.search({ ...query, vector: Float32Array.from([0, 1]) });
    await threaded.close();

    const onLoop = new SqliteSearchIndex({ file });
    expect(onThreads).toEqual(await onLoop.search({ ...query, vector: Float32Array.from([0, 1]) }));
    expect(onThreads.map((hit) => hit.documentId).sort()).toEqual([1, 2, 3]);
    await onLoop.close();
  });

  it('lets words found in most chunks of a large project only score what rarer words find', async () => {
    const index = new SqliteSearchIndex({ file });
    const filler = Array.from({ length: 8_000 }, (_, i) =>
      chunk(100 + i, i % 2 === 0 ? `Standard notice clause ${i}.` : `Standard clause ${i}.`, null),
    );
    await index.index(filler);
    // Equal on the words searched ("inktomi", "fees"); only the left-out "notice" tells them apart.
    await index.index([chunk(2, 'Inktomi pays fees upon request.', null)]);
    await index.index([chunk(1, 'Inktomi pays fees upon notice.', null)]);
    const hits = await index.search({
      projectId: 1,
      text: 'Inktomi fees notice standard',
      vector: null,
      k: 3,
    });
    expect(hits.map((hit) => hit.documentId)).toEqual([1, 2]);
    await index.close();
  });

  it('refuses a file with another schema version', async () => {
    const index = new SqliteSearchIndex({ file });
    await index.close();
    const db = new Database(file);
    db.pragma('user_version = 99');
    db.close();
    expect(() => new SqliteSearchIndex({ file })).toThrow(
      'has schema version 99 but this Clearroom reads version 1: delete the file and re-index the documents',
    );
  });

  it('stops answering the readiness ping once closed', async () => {
    const index = new SqliteSearchIndex({ file });
    await index.close();
    await expect(index.ping()).rejects.toThrow();
  });
});
