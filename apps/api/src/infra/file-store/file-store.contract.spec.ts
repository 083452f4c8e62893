import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from '@jest/globals';
import { type FileStore, isStoredName } from './file-store.port.js';
import { LocalDirectoryFileStore } from './local-directory.file-store.js';

/** The FileStore contract, run against every adapter (the local directory). */
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const adapters: [string, () => FileStore][] = [
  [
    'local directory',
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'clearroom-files-'));
      dirs.push(dir);
      return new LocalDirectoryFileStore(dir);
    },
  ],
];

async function receive(store: FileStore, content: string): Promise<string> {
  const incoming = store.createIncoming();
  await pipeline(Readable.from([content]), incoming.stream);
  return incoming.id;
}

describe.each(adapters)('FileStore contract: %s', (_name, create) => {
  it('stores an accepted upload under a generated name and streams it back', async () => {
    const store = create();
    const storedName = await store.commit(await receive(store, 'the bytes'), 'pdf');
    expect(isStoredName(storedName)).toBe(true);
    expect(storedName).toMatch(/\.pdf$/);
    expect(await text(store.openRead(storedName))).toBe('the bytes');
    expect(await store.exists(storedName)).toBe(true);
  });

  it('forgets a discarded upload and a removed file', async () => {
    const store = create();
    const discarded = await receive(store, 'rejected');
    await store.discardIncoming(discarded);
    await expect(store.commit(discarded, 'pdf')).rejects.toThrow();
    const storedName = await store.commit(await receive(store, 'kept'), '');
    await store.remove(storedName);
    expect(await store.exists(storedName)).toBe(false);
    await expect(store.remove(storedName)).resolves.toBeUndefined();
  });

  it('refuses names it did not generate, so no request can name a path', async () => {
    const store = create();
    expect(() => store.openRead('../../etc/passwd')).toThrow(/Not a stored file name/);
    await expect(store.exists('../secret')).rejects.toThrow(/Not a stored file name/);
    expect(() => store.source('../secret')).toThrow(/Not a stored file name/);
    await expect(store.size('../secret')).rejects.toThrow(/Not a stored file name/);
    expect(() => store.openIncoming('../incoming')).toThrow(/Not an incoming file id/);
  });

  it('reads an upload before it is committed, whole or its first bytes', async () => {
    const store = create();
    const id = await receive(store, '%PDF-1.7 and the rest');
    expect(await text(store.openIncoming(id))).toBe('%PDF-1.7 and the rest');
    expect(await text(store.openIncoming(id, { start: 0, end: 4 }))).toBe('%PDF-');
  });

  it('hands out a stored file as a stream, in byte ranges, and with its size', async () => {
    const store = create();
    const storedName = await store.commit(await receive(store, '0123456789'), 'txt');
    expect(await store.size(storedName)).toBe(10);
    expect(await text(store.openRead(storedName, { start: 2, end: 5 }))).toBe('2345');
    expect(await text(store.openRead(storedName, { start: 7, end: 9 }))).toBe('789');
    await store.remove(storedName);
    await expect(store.size(storedName)).rejects.toThrow();
  });

  it('hands a stored file on as a source: stream, size, and a local path only while it is used', async () => {
    const store = create();
    const storedName = await store.commit(await receive(store, 'for the extractor'), 'pdf');
    const source = store.source(storedName);
    expect(source.name).toBe(storedName);
    expect(await source.size()).toBe(17);
    expect(await text(source.open())).toBe('for the extractor');
    const read = await source.withLocalPath((local) =>
      Promise.resolve(readFileSync(local, 'utf8')),
    );
    expect(read).toBe('for the extractor');
  });

  it('answers its health probe', async () => {
    await expect(create().ping(AbortSignal.timeout(2000))).resolves.toBeUndefined();
  });
});
