/**
 * Messages between the embedded extractor and its parse processes. Everything under `parsers/`
 * runs inside those processes, loaded by Node itself: imports between these files name `.ts`
 * files (rewritten to `.js` when compiled) and use erasable TypeScript only.
 */
export type ParseKind =
  'pdf' | 'docx' | 'xlsx' | 'xls' | 'pptx' | 'ppt' | 'csv' | 'tsv' | 'text' | 'doc';

export type ParseTask = {
  kind: ParseKind;
  path: string;
  maxPages: number;
  /** The parse processes' heap cap (EXTRACT_MEMORY_MB), to refuse single allocations that would break it. */
  memoryMb: number;
  /** PDF only: the 1-based, inclusive range of pages this task reads. */
  pages?: { first: number; last: number };
};

export type ParsedPage = {
  number: number;
  text: string;
  /** PDF page with (almost) no text layer but with images: a scan that OCR can read. */
  imageOnly?: boolean;
};

export type ParsedDocument = {
  engine: string;
  pageCount: number;
  pages: ParsedPage[];
  title?: string;
  /** Pages of at most 200 rows of a sheet (rows.ts), not pages of a document. */
  tabular?: true;
};

export type ParseResult =
  | ({ ok: true } & ParsedDocument)
  /** `reason` says what is wrong with the file and what to do. */
  | { ok: false; problem: 'file'; reason: string }
  | { ok: false; problem: 'memory' };

export type PdfProgress =
  { type: 'opened'; pageCount: number } | { type: 'page'; number: number; imageOnly: boolean };

/** A task from the pool (parse-pool.ts) to a parse process (parse.process.ts); one at a time. */
export type ToParseProcess = { task: ParseTask; reportsProgress: boolean };

/**
 * PDF progress while reading, then the pages read (in messages of about a megabyte, so that no
 * one message holds the API's event loop while it is decoded), then the result (its `pages`
 * empty: they came before), or the error of a failure of the service.
 */
export type FromParseProcess =
  | { type: 'progress'; progress: PdfProgress }
  | { type: 'pages'; pages: ParsedPage[] }
  | { type: 'result'; result: ParseResult }
  | { type: 'error'; error: string };

/** About this many characters of page text go in one `pages` message. */
export const PAGES_MESSAGE_CHARACTERS = 1024 * 1024;
