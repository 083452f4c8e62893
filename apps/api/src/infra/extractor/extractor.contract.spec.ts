import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FakeTika } from '../../../test/support/fake-tika.js';
import { EmbeddedExtractor } from './embedded/embedded.extractor.js';
import type { Extractor } from './extractor.port.js';
import { extractorConfig } from './fixtures/extractor-config.js';
import { localFileSource } from '../file-store/local-file-source.js';
import { TikaExtractor } from './tika/tika.extractor.js';

/** The Extractor contract, run against the embedded extractor and Tika (protocol fake). */
const TEXT = 'The licensor may assign this agreement to an affiliate.';
const tika = new FakeTika();
const dir = mkdtempSync(path.join(tmpdir(), 'clearroom-extract-'));
const file = path.join(dir, 'clause.txt');

beforeAll(async () => {
  writeFileSync(file, `${TEXT}\n`);
  tika.pages = [TEXT];
  await tika.start();
});
afterAll(async () => {
  await tika.stop();
  rmSync(dir, { recursive: true, force: true });
});

const adapters: [string, () => Promise<Extractor>][] = [
  ['embedded', () => EmbeddedExtractor.create(extractorConfig({ workers: 1 }))],
  [
    'tika',
    () =>
      Promise.resolve(new TikaExtractor(extractorConfig({ driver: 'tika', tikaUrl: tika.url }))),
  ],
];

describe.each(adapters)('Extractor contract: %s', (_name, create) => {
  let extractor: Extractor;
  beforeAll(async () => {
    extractor = await create();
  });
  afterAll(() => extractor.close());

  it('reads a file into pages numbered from 1, with their text and the engine that read them', async () => {
    const extraction = await extractor.extract({
      file: localFileSource(file),
      mimeType: 'text/plain',
      originalName: 'clause.txt',
    });
    expect(extraction.pages[0]).toMatchObject({ number: 1 });
    expect(extraction.pages.map((page) => page.text).join('\n')).toContain(TEXT);
    expect(extraction.metadata.engine).toEqual(expect.any(String));
  });

  it('answers its health probe while its dependency is up', async () => {
    await expect(extractor.ping(AbortSignal.timeout(2000))).resolves.toBeUndefined();
  });
});
