import type { MessagePort } from 'node:worker_threads';

/**
 * Messages between the embedded extractor and its parse threads. Everything under `parsers/`
 * runs inside those threads, loaded by Node itself: imports between these files name `.ts`
 * files (rewritten to `.js` when compiled) and use erasable TypeScript only.
 */
export type ParseKind = 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'csv' | 'tsv' | 'text' | 'doc';

export type ParseTask = {
  kind: ParseKind;
  path: string;
  maxPages: number;
  /** The threads' heap cap (EXTRACT_MEMORY_MB), to refuse single allocations that would break it. */
  memoryMb: number;
  /** PDF only: the 1-based, inclusive range of pages this task reads. */
  pages?: { first: number; last: number };
  /** PDF only: receives a PdfProgress message when the file is open and after each page. */
  progress?: MessagePort;
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
};

export type ParseResult =
  | ({ ok: true } & ParsedDocument)
  /** `reason` says what is wrong with the file and what to do. */
  | { ok: false; problem: 'file'; reason: string }
  | { ok: false; problem: 'memory' };

export type PdfProgress =
  { type: 'opened'; pageCount: number } | { type: 'page'; number: number; imageOnly: boolean };
