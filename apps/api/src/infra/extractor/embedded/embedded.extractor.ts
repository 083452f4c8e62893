import type { AppConfig } from '../../../config/app-config.js';
import {
  ExtractionError,
  type Extraction,
  type ExtractionInput,
  type Extractor,
} from '../extractor.port.js';
import { fileKind } from '../file-kind.js';
import { Ocr, type OcrDetection } from './ocr.js';
import { ParsePool, isOutOfMemory } from './parse-pool.js';
import type { ParseKind } from './parsers/protocol.js';
import { readPdf } from './pdf-job.js';

/** What a deal lawyer reads when a scan cannot be read here; the fix is for an administrator. */
export const SCAN_WITHOUT_TEXT =
  'This file is a scan without a text layer, so its text could not be read. Ask your ' +
  'administrator to enable OCR (text recognition), then upload it again.';
export const IMAGE_WITHOUT_OCR =
  'This file is an image, so its text could not be read. Ask your administrator to enable OCR ' +
  '(text recognition), then upload it again.';

/**
 * Reads documents on this machine: every parser runs in a pool of parse processes with a memory
 * cap, so a hostile file fails alone and the API stays up; OCR runs as child processes.
 * Each document has a time budget (EXTRACT_TIMEOUT_SECONDS) covering all of its work.
 */
export class EmbeddedExtractor implements Extractor {
  readonly health = null;

  /** Nothing outside this process to wait for. */
  ping(): Promise<void> {
    return Promise.resolve();
  }

  private readonly config: AppConfig['extractor'];
  private readonly pool: ParsePool;
  private readonly ocr: Ocr | null;
  /** What to install for the scanned pages this machine cannot read. */
  private readonly ocrAdvice: string;

  private constructor(config: AppConfig['extractor'], { ocr, advice }: OcrDetection) {
    this.config = config;
    this.ocr = ocr;
    this.ocrAdvice = advice;
    this.pool = new ParsePool({ processes: config.workers, memoryMb: config.memoryMb });
  }

  /** Looks for tesseract once; with OCR=on its absence is a configuration error. */
  static async create(config: AppConfig['extractor']): Promise<EmbeddedExtractor> {
    return new EmbeddedExtractor(config, await Ocr.detect(config));
  }

  async extract(input: ExtractionInput): Promise<Extraction> {
    const kind = fileKind(input.mimeType, input.originalName);
    const deadline = AbortSignal.timeout(this.config.timeoutMs);
    const signal = input.signal ? AbortSignal.any([input.signal, deadline]) : deadline;
    try {
      // The parse processes and OCR read a path: a local one while the file is read.
      return await input.file.withLocalPath(async (path) => {
        if (kind === 'pdf') return await this.extractPdf(path, input, signal);
        if (kind === 'image') return await this.extractImage(path, input, signal);
        return await this.extractWhole(kind, path, input, signal);
      });
    } catch (error) {
      if (input.signal?.aborted) throw input.signal.reason;
      if (deadline.aborted) {
        throw new ExtractionError(
          `the file took longer than ${this.config.timeoutMs / 1000} s to read: split it into smaller files, or raise EXTRACT_TIMEOUT_SECONDS`,
        );
      }
      if (isOutOfMemory(error)) {
        throw new ExtractionError(
          `the file needs more than ${this.config.memoryMb} MB to read: split it into smaller files, or raise EXTRACT_MEMORY_MB`,
        );
      }
      throw error;
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async extractPdf(
    path: string,
    input: ExtractionInput,
    signal: AbortSignal,
  ): Promise<Extraction> {
    const { pages, title, unreadPages } = await readPdf({
      pool: this.pool,
      processes: this.config.workers,
      path,
      maxPages: this.config.maxPages,
      memoryMb: this.config.memoryMb,
      signal,
      ocr: this.ocr,
      onProgress: input.onProgress,
    });
    const ocrPages = pages.filter((page) => page.ocr).length;
    if (unreadPages.length > 0 && pages.every((page) => !page.text)) {
      throw new ExtractionError(SCAN_WITHOUT_TEXT, this.ocrAdvice);
    }
    return {
      pages,
      metadata: {
        engine: ocrPages ? 'pdf.js+tesseract' : 'pdf.js',
        ocrPages,
        unreadPages,
        ...(unreadPages.length > 0 && { unreadPagesAdvice: this.ocrAdvice }),
        title,
      },
    };
  }

  private async extractImage(
    path: string,
    input: ExtractionInput,
    signal: AbortSignal,
  ): Promise<Extraction> {
    if (!this.ocr) throw new ExtractionError(IMAGE_WITHOUT_OCR, this.ocrAdvice);
    const texts = await this.ocr.readImage(path, signal);
    const pages = texts.map((text, index) => ({ number: index + 1, text, ocr: true }));
    input.onProgress?.(pages.length, pages.length);
    return { pages, metadata: { engine: 'tesseract', ocrPages: pages.length } };
  }

  private async extractWhole(
    kind: ParseKind,
    path: string,
    input: ExtractionInput,
    signal: AbortSignal,
  ): Promise<Extraction> {
    const { maxPages, memoryMb } = this.config;
    const document = await this.pool.read({ kind, path, maxPages, memoryMb }, signal);
    input.onProgress?.(document.pageCount, document.pageCount);
    return {
      pages: document.pages.map((page) => ({ number: page.number, text: page.text })),
      metadata: {
        engine: document.engine,
        ocrPages: 0,
        title: document.title,
        ...(document.tabular && { tabular: true }),
      },
    };
  }
}
