import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config/app-config.js';
import { EmbeddedExtractor } from '../infra/extractor/embedded/embedded.extractor.js';
import { localFileSource } from '../infra/file-store/local-file-source.js';

/** The embedded extractor as ingestion runs it, without OCR (CUAD's scans carry a text layer). */
const EXTRACTOR_CONFIG: AppConfig['extractor'] = {
  driver: 'embedded',
  tikaUrl: null,
  ocr: 'off',
  ocrLanguage: 'eng',
  timeoutMs: 120_000,
  memoryMb: 1024,
  maxPages: 5000,
  workers: 2,
};

/**
 * The text of CUAD's PDFs page by page, as the product's own extractor reads them (page numbers
 * are PDF indexes, as the viewer opens them). Extraction takes minutes for the whole corpus, so
 * pages are cached as JSON in `CUAD_PAGES_CACHE` (default `data/cuad-pages`, not committed).
 */
export type CuadPages = { pdfFile: string; pages: string[] };

export function cuadPagesCacheDir(): string {
  return path.resolve(process.env['CUAD_PAGES_CACHE'] ?? 'data/cuad-pages');
}

export async function readCuadPages(
  cuadDir: string,
  pdfFiles: string[],
  onProgress?: (done: number, total: number) => void,
): Promise<CuadPages[]> {
  const cacheDir = cuadPagesCacheDir();
  mkdirSync(cacheDir, { recursive: true });
  const result: CuadPages[] = [];
  let extractor: EmbeddedExtractor | undefined;
  try {
    for (const [index, pdfFile] of pdfFiles.entries()) {
      const cached = path.join(cacheDir, `${pdfFile}.json`);
      if (existsSync(cached)) {
        result.push(JSON.parse(readFileSync(cached, 'utf8')) as CuadPages);
      } else {
        extractor ??= await EmbeddedExtractor.create(EXTRACTOR_CONFIG);
        const extraction = await extractor.extract({
          file: localFileSource(path.join(cuadDir, 'pdf', pdfFile)),
          mimeType: 'application/pdf',
          originalName: pdfFile,
        });
        const pages: string[] = [];
        for (const page of extraction.pages) pages[page.number - 1] = page.text;
        const entry: CuadPages = { pdfFile, pages: Array.from(pages, (text) => text ?? '') };
        writeFileSync(`${cached}.tmp`, JSON.stringify(entry));
        renameSync(`${cached}.tmp`, cached);
        result.push(entry);
      }
      onProgress?.(index + 1, pdfFiles.length);
    }
  } finally {
    await extractor?.close();
  }
  return result;
}
