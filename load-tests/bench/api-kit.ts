/**
 * The API's code that the offline benchmarks measure, through its public entry for them
 * (apps/api/src/tools/bench-kit.ts), loaded from the build: run `nx run api:build` first (the
 * npm scripts do). The benchmarks never import the API's sources, so the Nx boundary between the
 * projects holds; the shapes below are what they rely on of that entry.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type Page = { number: number; text: string };
export type Chunk = { pageNumber: number; start: number; end: number; text: string };
export type IndexedChunk = Chunk & {
  projectId: number;
  documentId: number;
  vector: Float32Array | null;
};
export type SearchHit = Omit<IndexedChunk, 'vector' | 'projectId'> & { score: number };
export type SearchQuery = {
  projectId: number;
  text: string;
  vector: Float32Array | null;
  k: number;
  documentIds?: number[];
};
export interface Embedder {
  readonly model: string;
  readonly dimensions: number | null;
  readonly health: null;
  ping(): Promise<void>;
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}
export type StoredEntry = {
  name: string;
  method: number;
  crc: number;
  stored: Buffer;
  size: number;
};

/** A CUAD contract of labels.csv: the annotators' passages and answers per category. */
export type CuadContract = {
  pdfFile: string;
  txtFile: string;
  passages: Readonly<Record<string, string[]>>;
  answers: Readonly<Record<string, string>>;
};

export type BenchKit = {
  chunkDocument: (pages: Page[], options?: { tabular?: boolean }) => Promise<Chunk[]>;
  SqliteSearchIndex: new (options: { file: string }) => {
    index(chunks: IndexedChunk[]): Promise<void>;
    search(query: SearchQuery): Promise<SearchHit[]>;
    close(): Promise<void>;
  };
  createPageReader: (overrides?: { ocr?: 'off' | 'auto' | 'on' }) => Promise<{
    read(filePath: string, mimeType: string): Promise<Page[]>;
    close(): Promise<void>;
  }>;
  writeZip: (entries: StoredEntry[]) => Buffer;
  /** CUAD's 41 clause categories, with the dataset's names. */
  CUAD_CATEGORIES: readonly string[];
  /** The answer evaluation's question templates of the categories; `{doc}` names the contract. */
  questionTemplates: (categories: readonly string[]) => {
    category: string;
    template: string;
    kind: 'yes_no' | 'value' | 'clause';
  }[];
  /** The company a CUAD contract's file name names. */
  companyOf: (pdfFile: string) => string;
  /** The contracts of CUAD's labels.csv in the CUAD folder given. */
  readCuadLabels: (cuadDir: string) => CuadContract[];
  /** The side of CUAD's fixed split a contract is on. */
  cuadSplitOf: (pdfFile: string) => 'train' | 'test';
  /** Whether two place names (states, countries) name the same place. */
  samePlace: (a: string, b: string) => boolean;
  /** The place names (states, countries) a text mentions. */
  findPlaces: (text: string) => string[];
  /** Locates passages in page texts: the page and offsets of each, or null when not found. */
  passageLocator: (
    pages: readonly string[],
  ) => (passage: string) => { pageNumber: number; start: number; end: number } | null;
};

const KIT = path.resolve('dist/apps/api/tools/bench-kit.js');

export async function loadBenchKit(): Promise<BenchKit> {
  if (!existsSync(KIT)) {
    throw new Error(`${KIT} is missing: build the API first (npx nx run api:build).`);
  }
  return (await import(pathToFileURL(KIT).href)) as BenchKit;
}
