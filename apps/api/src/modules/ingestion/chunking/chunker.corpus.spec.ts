import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { EmbeddedExtractor } from '../../../infra/extractor/embedded/embedded.extractor.js';
import { extractorConfig } from '../../../infra/extractor/fixtures/extractor-config.js';
import { localFileSource } from '../../../infra/file-store/local-file-source.js';
import { chunkDocument } from './chunker.js';
import { findRepeatedLines, type PageText } from './repeated-lines.js';

const CORPUS = path.resolve('../shared/corpus');
const CYTODYN = path.join(
  CORPUS,
  'CytodynInc_20200109_10-Q_EX-10.5_11941634_EX-10.5_License Agreement.pdf',
);

/** The page texts the product indexes: read by the embedded extractor, as in ingestion. */
async function readPages(file: string): Promise<PageText[]> {
  const extractor = await EmbeddedExtractor.create(extractorConfig({ ocr: 'off' }));
  try {
    const extraction = await extractor.extract({
      file: localFileSource(file),
      mimeType: 'application/pdf',
      originalName: path.basename(file),
    });
    return extraction.pages;
  } finally {
    await extractor.close();
  }
}

const corpusIt = existsSync(CYTODYN) ? it : it.skip;
if (!existsSync(CYTODYN)) {
  // In CI nothing is skipped silently: a missing corpus fails the run, like a missing Redis.
  if (process.env['CI'])
    throw new Error(`The document corpus is not at ${CORPUS} (CI runs every suite)`);
  console.warn(`Corpus tests skipped: ${CORPUS} is absent`);
}

describe('chunking the developer corpus', () => {
  corpusIt('finds the CytoDyn running footer and keeps it out of every chunk', async () => {
    const pages = await readPages(CYTODYN);
    expect([...(await findRepeatedLines(pages))]).toEqual(['source: cytodyn inc., #-q, #/#/#']);
    expect(pages.every((page) => page.text.includes('Source: CYTODYN INC., 10-Q, 1/9/2020'))).toBe(
      true,
    );

    const chunks = await chunkDocument(pages);
    expect(chunks.length).toBeGreaterThan(100);
    expect(chunks.filter((chunk) => chunk.text.includes('Source: CYTODYN'))).toEqual([]);
    for (const chunk of chunks) {
      expect(pages[chunk.pageNumber - 1]!.text.slice(chunk.start, chunk.end)).toBe(chunk.text);
    }
    expect(new Set(chunks.map((chunk) => chunk.pageNumber)).size).toBe(pages.length);
  });
});
