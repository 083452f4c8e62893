import type { ExtractedPage } from '../extractor.port.js';
import type { Ocr } from './ocr.js';
import type { ParsePool } from './parse-pool.js';
import type { ParsedDocument, ParsedPage, PdfProgress } from './parsers/protocol.js';
import { tidy } from './parsers/sections.js';

/**
 * Reads one PDF with the whole pool. The first task reads the first pages and reports the page
 * count as soon as the file is open; the remaining pages are then queued in ranges that idle
 * parse processes take in turn, so one long document uses every core. Each range opens the file
 * and loads its fonts again (10 to 30 % more CPU on the corpus's long files), so ranges are not
 * too small. With processes idle, there are a few ranges per process, so that a process that
 * finishes early takes another (tuned on the corpus: 16 to 48 pages); when every process is
 * already busy with other documents, ranges are as long as they may be. Scanned pages go to OCR
 * as soon as they are found, while text extraction goes on.
 */
const FIRST_RANGE = 16;
const MIN_RANGE = 16;
const MAX_RANGE = 48;
const RANGES_PER_PROCESS = 3;

export type PdfJobOptions = {
  pool: ParsePool;
  processes: number;
  path: string;
  maxPages: number;
  memoryMb: number;
  signal: AbortSignal;
  ocr: Ocr | null;
  onProgress?: (pagesDone: number, pageCount: number) => void;
};

export type PdfJobResult = {
  pages: ExtractedPage[];
  title?: string;
  /** Image-only pages that got no text (no OCR for PDFs here), ascending. */
  unreadPages: number[];
};

export function readPdf(options: PdfJobOptions): Promise<PdfJobResult> {
  return new PdfJob(options).run();
}

class PdfJob {
  private readonly options: PdfJobOptions;
  private readonly stop = new AbortController();
  private readonly signal: AbortSignal;
  private readonly pages = new Map<number, ParsedPage>();
  private readonly ocrText = new Map<number, Promise<string>>();
  private readonly done = new Set<number>();
  private readonly ranges: Promise<ParsedDocument>[] = [];
  private pageCount: number | undefined;
  private title: string | undefined;

  constructor(options: PdfJobOptions) {
    this.options = options;
    this.signal = AbortSignal.any([options.signal, this.stop.signal]);
  }

  async run(): Promise<PdfJobResult> {
    try {
      this.ranges.push(this.readRange(1, FIRST_RANGE));
      // The first range decides the page count, so every other range is queued once it is known.
      await this.ranges[0];
      await Promise.all(this.ranges);
      const ocrPages = await this.readScans();
      const pages = this.merge(ocrPages);
      this.options.onProgress?.(pages.length, pages.length);
      return {
        pages,
        title: this.title,
        unreadPages: pages
          .filter((page) => this.pages.get(page.number)?.imageOnly && !page.ocr)
          .map((page) => page.number),
      };
    } catch (error) {
      this.stop.abort();
      throw error;
    }
  }

  private async readRange(first: number, last: number): Promise<ParsedDocument> {
    try {
      const result = await this.options.pool.read(
        {
          kind: 'pdf',
          path: this.options.path,
          maxPages: this.options.maxPages,
          memoryMb: this.options.memoryMb,
          pages: { first, last },
        },
        this.signal,
        (message) => this.onProgress(message),
      );
      this.queueRest(result.pageCount);
      this.title ??= result.title;
      for (const page of result.pages) {
        this.pages.set(page.number, page);
        this.onPage(page.number, page.imageOnly === true);
      }
      return result;
    } catch (error) {
      this.stop.abort();
      throw error;
    }
  }

  private onProgress(message: PdfProgress): void {
    if (message.type === 'opened') this.queueRest(message.pageCount);
    else this.onPage(message.number, message.imageOnly);
  }

  private queueRest(pageCount: number): void {
    if (this.pageCount !== undefined) return;
    this.pageCount = pageCount;
    if (pageCount > this.options.maxPages) return; // the first range reports the limit
    const rest = pageCount - FIRST_RANGE;
    if (rest <= 0) return;
    const wanted = Math.max(
      this.options.pool.idleProcesses() > 0 ? this.options.processes * RANGES_PER_PROCESS : 1,
      Math.ceil(rest / MAX_RANGE),
    );
    const size = Math.ceil(rest / Math.min(wanted, Math.ceil(rest / MIN_RANGE)));
    for (let first = FIRST_RANGE + 1; first <= pageCount; first += size) {
      const range = this.readRange(first, Math.min(pageCount, first + size - 1));
      range.catch(() => undefined); // awaited with the others; a failure stops the job there
      this.ranges.push(range);
    }
  }

  private onPage(number: number, imageOnly: boolean): void {
    if (this.done.has(number) || this.ocrText.has(number)) return;
    const ocr = this.options.ocr;
    if (imageOnly && ocr?.readsPdf) {
      const text = ocr.readPdfPage(this.options.path, number, this.signal);
      text.then(
        () => this.markDone(number),
        () => undefined,
      );
      this.ocrText.set(number, text);
    } else {
      this.markDone(number);
    }
  }

  private markDone(number: number): void {
    this.done.add(number);
    if (this.pageCount !== undefined) this.options.onProgress?.(this.done.size, this.pageCount);
  }

  private async readScans(): Promise<Map<number, string>> {
    const entries = await Promise.all(
      [...this.ocrText].map(async ([number, text]) => [number, await text] as const),
    );
    return new Map(entries);
  }

  private merge(ocrPages: Map<number, string>): ExtractedPage[] {
    return [...this.pages.values()]
      .sort((a, b) => a.number - b.number)
      .map((page) => {
        const ocrText = ocrPages.get(page.number);
        return ocrText === undefined
          ? { number: page.number, text: page.text }
          : { number: page.number, text: tidy(ocrText), ocr: true };
      });
  }
}
