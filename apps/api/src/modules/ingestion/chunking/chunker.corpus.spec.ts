import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { chunkDocument } from './chunker.js';
import { findRepeatedLines, type PageText } from './repeated-lines.js';

const CORPUS = path.resolve('../shared/corpus');
const CYTODYN = path.join(
  CORPUS,
  'CytodynInc_20200109_10-Q_EX-10.5_11941634_EX-10.5_License Agreement.pdf',
);

/** Page texts as pdf.js gives them: the text items joined, a line break where the baseline moves. */
async function readPages(file: string): Promise<PageText[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loading = pdfjs.getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0 });
  const pdf = await loading.promise;
  const pages: PageText[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    let text = '';
    let baseline: number | null = null;
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const y = item.transform[5] as number;
      if (
        item.str !== '' &&
        baseline !== null &&
        Math.abs(y - baseline) > 1 &&
        !text.endsWith('\n')
      ) {
        text += '\n';
      }
      if (item.str !== '') baseline = y;
      text += item.str + (item.hasEOL ? '\n' : '');
    }
    pages.push({ number, text });
  }
  await loading.destroy();
  return pages;
}

const corpusIt = existsSync(CYTODYN) ? it : it.skip;
if (!existsSync(CYTODYN)) console.warn(`Corpus tests skipped: ${CORPUS} is absent`);

describe('chunking the developer corpus', () => {
  corpusIt('finds the CytoDyn running footer and keeps it out of every chunk', async () => {
    const pages = await readPages(CYTODYN);
    expect([...findRepeatedLines(pages)]).toEqual(['source: cytodyn inc., #-q, #/#/#']);
    expect(pages.every((page) => page.text.includes('Source: CYTODYN INC., 10-Q, 1/9/2020'))).toBe(
      true,
    );

    const chunks = chunkDocument(pages);
    expect(chunks.length).toBeGreaterThan(100);
    expect(chunks.filter((chunk) => chunk.text.includes('Source: CYTODYN'))).toEqual([]);
    for (const chunk of chunks) {
      expect(pages[chunk.pageNumber - 1]!.text.slice(chunk.start, chunk.end)).toBe(chunk.text);
    }
    expect(new Set(chunks.map((chunk) => chunk.pageNumber)).size).toBe(pages.length);
  });
});
