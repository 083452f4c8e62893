import path from 'node:path';
import type { AppConfig } from '../config/app-config.js';
import { EmbeddedExtractor } from '../infra/extractor/embedded/embedded.extractor.js';
import type { ExtractedPage } from '../infra/extractor/extractor.port.js';
import { localFileSource } from '../infra/file-store/local-file-source.js';

/**
 * The public entry of the API's code for the offline benchmarks of load-tests/ (bench:retrieval,
 * bench:sheet, bench:query) and the CUAD questions of eval:retrieval: they load it from the build (dist/apps/api/tools/bench-kit.js), never from these
 * sources, so the Nx boundary between the projects holds. Only what they measure is exported.
 */
export { chunkDocument, type DocumentChunk } from '../modules/ingestion/chunking/chunker.js';
export { SqliteSearchIndex } from '../infra/search-index/sqlite/sqlite.search-index.js';
export type { Embedder } from '../infra/embedder/embedder.port.js';
export type {
  IndexedChunk,
  SearchHit,
  SearchQuery,
} from '../infra/search-index/search-index.port.js';
export { type StoredEntry, writeZip } from '../infra/extractor/embedded/parsers/zip.js';
export { CUAD_CATEGORIES, type CuadContract, readCuadLabels } from '../cuad/labels.js';
export { cuadSplitOf } from '../cuad/split.js';
export { findPlaces, samePlace } from '../modules/answers/values/place.js';
export { type LocatedPassage, passageLocator } from '../modules/answers/tools/gold-passages.js';
export {
  companyOf,
  type QuestionTemplate,
  questionTemplates,
} from '../modules/answers/tools/eval-questions.js';

export type PageReader = {
  /** The pages of a file of this machine, as ingestion's embedded extractor reads them. */
  read(filePath: string, mimeType: string): Promise<ExtractedPage[]>;
  close(): Promise<void>;
};

/** The embedded extractor with ingestion's defaults (OCR off unless asked). */
export async function createPageReader(
  overrides: Partial<AppConfig['extractor']> = {},
): Promise<PageReader> {
  const extractor = await EmbeddedExtractor.create({
    driver: 'embedded',
    tikaUrl: null,
    ocr: 'off',
    ocrLanguage: 'eng',
    timeoutMs: 120_000,
    memoryMb: 1024,
    maxPages: 5000,
    workers: 2,
    ...overrides,
  });
  return {
    read: async (filePath, mimeType) =>
      (
        await extractor.extract({
          file: localFileSource(filePath),
          mimeType,
          originalName: path.basename(filePath),
        })
      ).pages,
    close: () => extractor.close(),
  };
}
