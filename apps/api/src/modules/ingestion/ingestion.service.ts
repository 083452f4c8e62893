import { Inject, Injectable, Logger } from '@nestjs/common';
import { EMBEDDER, type Embedder } from '../../infra/embedder/embedder.port.js';
import {
  ExtractionError,
  EXTRACTOR,
  type ExtractedPage,
  type Extractor,
} from '../../infra/extractor/extractor.port.js';
import { FILE_STORE, type FileStore } from '../../infra/file-store/file-store.port.js';
import { Metrics } from '../../infra/metrics/metrics.port.js';
import type { JobContext } from '../../infra/job-queue/job-queue.port.js';
import {
  type IndexedChunk,
  SEARCH_INDEX,
  type SearchIndex,
} from '../../infra/search-index/search-index.port.js';
import { ClauseClassificationService } from '../clauses/clause-classification.service.js';
import {
  type DocumentChanges,
  DocumentGone,
  type DocumentToIngest,
  IngestionRepository,
} from './ingestion.repository.js';
import { unreadPagesNote } from './analysis-note.js';
import { chunkDocument, type DocumentChunk } from './chunking/chunker.js';

/** Writes of "pages done so far" are spaced out: progress is for people, not for the database. */
const PROGRESS_INTERVAL_MS = 500;
const PAGE_INSERT_BATCH = 200;
const PAGE_INSERT_CHARACTERS = 1024 * 1024;
/** Chunks indexed in one transaction (a few milliseconds of the event loop each). */
const INDEX_BATCH = 200;

export type StageTimings = {
  extract: number;
  store: number;
  chunk: number;
  embed: number;
  index: number;
  classify: number;
};

/**
 * Turns an uploaded document into searchable pages: extract → store pages → chunk → embed →
 * index → classify its clauses, moving its status from awaiting_processing through processing to
 * completed or failed.
 * Safe to run again on the same document (after a crash): every step replaces what it wrote.
 */
@Injectable()
export class IngestionService {
  private readonly logger = new Logger(IngestionService.name);

  constructor(
    private readonly repository: IngestionRepository,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(EXTRACTOR) private readonly extractor: Extractor,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    private readonly metrics: Metrics,
    private readonly clauses: ClauseClassificationService,
  ) {}

  async ingest(documentId: number, context: JobContext): Promise<void> {
    const document = await this.repository.findDocument(documentId);
    if (!document || document.status === 'completed' || document.status === 'failed') return;
    const { projectId } = document;
    if (context.attemptsExhausted) {
      await this.fail(
        document,
        'reading this file stopped the analysis worker repeatedly: the file may be damaged or too large to read; try a smaller or re-saved copy, or Apache Tika',
      );
      return;
    }
    await this.update(documentId, {
      status: 'processing',
      pagesProcessed: 0,
      failureReason: null,
      analysisNote: null,
    });
    const started = performance.now();
    try {
      const { timings, clauses, analysisNote } = await this.run(
        document,
        projectId,
        context.signal,
      );
      const pageCount = await this.repository.countPages(documentId);
      await this.update(documentId, {
        status: 'completed',
        pageCount,
        pagesProcessed: pageCount,
        completedAt: new Date(),
        analysisNote,
      });
      await this.repository.bumpMembers(projectId);
      this.metrics.ingestedDocuments.inc({ outcome: 'completed' });
      this.logger.log({
        msg: 'document ingested',
        documentId,
        pages: pageCount,
        clauses,
        ...(analysisNote && { note: analysisNote }),
        totalMs: Math.round(performance.now() - started),
        timings,
      });
    } catch (error) {
      if (error instanceof DocumentGone) {
        await this.index.deleteDocument(documentId);
        return;
      }
      if (context.signal.aborted) {
        await this.update(documentId, { status: 'awaiting_processing' }).catch(() => undefined);
        throw error;
      }
      if (error instanceof ExtractionError) {
        await this.fail(document, error.reason, error.adminDetail);
        return;
      }
      if (context.isLastAttempt) {
        await this.fail(
          document,
          `analysis failed after ${context.attempt} attempts: ${error instanceof Error ? error.message : String(error)}`,
        );
        return;
      }
      throw error;
    }
  }

  /** Returns where the time went, and the note for the completed document (null: nothing to say). */
  private async run(
    document: DocumentToIngest,
    projectId: number,
    signal: AbortSignal,
  ): Promise<{ timings: StageTimings; clauses: number; analysisNote: string | null }> {
    const documentId = document.id;
    const timings: StageTimings = {
      extract: 0,
      store: 0,
      chunk: 0,
      embed: 0,
      index: 0,
      classify: 0,
    };
    const time = async <T>(stage: keyof StageTimings, work: () => Promise<T> | T): Promise<T> => {
      const start = performance.now();
      try {
        const result = await work();
        this.metrics.ingestionStageDuration.observe({ stage }, (performance.now() - start) / 1000);
        return result;
      } finally {
        timings[stage] += Math.round(performance.now() - start);
      }
    };

    let lastProgress = 0;
    const extraction = await time('extract', () =>
      this.extractor.extract({
        file: this.files.source(document.storedName),
        mimeType: document.mimeType,
        originalName: document.originalName,
        signal,
        onProgress: (pagesDone, pageCount) => {
          const now = Date.now();
          if (now - lastProgress < PROGRESS_INTERVAL_MS) return;
          lastProgress = now;
          void this.update(documentId, { pagesProcessed: pagesDone, pageCount }).catch(
            () => undefined,
          );
        },
      }),
    );
    signal.throwIfAborted();
    await time('store', () => this.storePages(documentId, extraction.pages));
    const chunks = await time('chunk', () =>
      chunkDocument(extraction.pages, { tabular: extraction.metadata.tabular }),
    );
    if (chunks.length === 0) {
      throw new ExtractionError(
        'no readable text found: the pages are blank, or scanned without a text layer and OCR could not read them',
      );
    }
    const vectors = await time('embed', () => this.embed(chunks, signal));
    signal.throwIfAborted();
    await time('index', async () => {
      await this.index.deleteDocument(documentId);
      // In batches, with the event loop free between them: one transaction of a huge document's
      // chunks would hold it for seconds. Until `completed`, no answer cites the document.
      for (let first = 0; first < chunks.length; first += INDEX_BATCH) {
        signal.throwIfAborted();
        await this.index.index(
          chunks.slice(first, first + INDEX_BATCH).map((chunk, i): IndexedChunk => ({
            projectId,
            documentId,
            pageNumber: chunk.pageNumber,
            start: chunk.start,
            end: chunk.end,
            text: chunk.text,
            vector: vectors?.[first + i] ?? null,
          })),
        );
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    signal.throwIfAborted();
    const clauses = await time('classify', () =>
      this.clauses.classifyPages(
        document,
        extraction.pages.map((page) => ({ pageNumber: page.number, text: page.text })),
      ),
    );
    const { unreadPages, unreadPagesAdvice } = extraction.metadata;
    if (unreadPagesAdvice) {
      this.logger.warn({
        msg: 'scanned pages not read',
        documentId,
        pages: unreadPages,
        advice: unreadPagesAdvice,
      });
    }
    return { timings, clauses, analysisNote: unreadPagesNote(unreadPages) };
  }

  /**
   * Replaces the document's pages: the old ones go first (a re-run after a crash must not leave
   * two copies), then the new ones in batches of at most 200 pages or 1 MB of text, each its own
   * short transaction with the event loop free between them, so that storing a huge document
   * never holds the server. Until the document is `completed`, nothing reads its pages but the
   * viewer of its owner.
   */
  private async storePages(documentId: number, pages: ExtractedPage[]): Promise<void> {
    await this.repository.deletePages(documentId);
    for (const batch of pageBatches(pages)) {
      await this.repository.insertPages(documentId, batch);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async embed(
    chunks: DocumentChunk[],
    signal: AbortSignal,
  ): Promise<Float32Array[] | null> {
    if (this.embedder.dimensions === null) return null;
    return this.embedder.embed(
      chunks.map((chunk) => chunk.text),
      signal,
    );
  }

  private async fail(
    document: DocumentToIngest,
    reason: string,
    adminDetail?: string,
  ): Promise<void> {
    const documentId = document.id;
    await this.index.deleteDocument(documentId);
    await this.update(documentId, {
      status: 'failed',
      failureReason: reason.slice(0, 2000),
      analysisNote: null,
    });
    await this.repository.recordFailure(document, reason);
    await this.repository.bumpMembers(document.projectId);
    this.metrics.ingestedDocuments.inc({ outcome: 'failed' });
    this.logger.warn({
      msg: 'document failed',
      documentId,
      reason,
      ...(adminDetail && { advice: adminDetail }),
    });
  }

  /** Updates the row; if it is gone, the document was deleted meanwhile (DocumentGone). */
  private async update(documentId: number, changes: DocumentChanges): Promise<void> {
    await this.repository.update(documentId, changes);
  }
}

/** Consecutive pages, at most PAGE_INSERT_BATCH of them or PAGE_INSERT_CHARACTERS of text. */
function* pageBatches(pages: ExtractedPage[]): Generator<ExtractedPage[]> {
  let batch: ExtractedPage[] = [];
  let characters = 0;
  for (const page of pages) {
    if (
      batch.length > 0 &&
      (batch.length === PAGE_INSERT_BATCH || characters + page.text.length > PAGE_INSERT_CHARACTERS)
    ) {
      yield batch;
      batch = [];
      characters = 0;
    }
    batch.push(page);
    characters += page.text.length;
  }
  if (batch.length > 0) yield batch;
}
