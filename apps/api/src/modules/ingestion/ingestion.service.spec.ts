/* eslint-disable @typescript-eslint/require-await -- in-memory fakes implement async ports without awaiting anything */
import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { Embedder } from '../../infra/embedder/embedder.port.js';
import {
  type Extraction,
  ExtractionError,
  type ExtractionInput,
  type Extractor,
} from '../../infra/extractor/extractor.port.js';
import type { FileStore } from '../../infra/file-store/file-store.port.js';
import type { JobContext } from '../../infra/job-queue/job-queue.port.js';
import type { Metrics } from '../../infra/metrics/metrics.port.js';
import type { IndexedChunk, SearchIndex } from '../../infra/search-index/search-index.port.js';
import type { ClauseClassificationService } from '../clauses/clause-classification.service.js';
import {
  type DocumentChanges,
  DocumentGone,
  type DocumentToIngest,
  type IngestionRepository,
  type PageToStore,
} from './ingestion.repository.js';
import { IngestionService } from './ingestion.service.js';

/** Documents and their pages in memory, with every status written, in order. */
class InMemoryDocuments implements Pick<
  IngestionRepository,
  | 'findDocument'
  | 'update'
  | 'deletePages'
  | 'insertPages'
  | 'countPages'
  | 'bumpMembers'
  | 'recordFailure'
> {
  documents = new Map<number, DocumentToIngest & DocumentChanges>();
  pages = new Map<number, PageToStore[]>();
  statuses: string[] = [];
  pageInserts: number[] = [];
  bumped: number[] = [];
  /** Failures recorded in the activity log: document id and reason. */
  failures: [number, string][] = [];
  /** Deletes the document when this many page batches have been inserted. */
  deleteAfterBatches = Infinity;

  async findDocument(documentId: number): Promise<DocumentToIngest | null> {
    return this.documents.get(documentId) ?? null;
  }

  async update(documentId: number, changes: DocumentChanges): Promise<void> {
    const document = this.documents.get(documentId);
    if (!document) throw new DocumentGone();
    Object.assign(document, changes);
    if (changes.status) this.statuses.push(changes.status);
  }

  async deletePages(documentId: number): Promise<void> {
    if (!this.documents.has(documentId)) throw new DocumentGone();
    this.pages.set(documentId, []);
  }

  async insertPages(documentId: number, pages: readonly PageToStore[]): Promise<void> {
    if (this.pageInserts.length >= this.deleteAfterBatches) this.documents.delete(documentId);
    if (!this.documents.has(documentId)) throw new DocumentGone();
    this.pageInserts.push(pages.length);
    this.pages.get(documentId)!.push(...pages);
  }

  async countPages(documentId: number): Promise<number> {
    return this.pages.get(documentId)?.length ?? 0;
  }

  async bumpMembers(projectId: number): Promise<void> {
    this.bumped.push(projectId);
  }

  async recordFailure(document: DocumentToIngest, reason: string): Promise<void> {
    this.failures.push([document.id, reason]);
  }
}

class InMemoryIndex implements Pick<SearchIndex, 'index' | 'deleteDocument'> {
  chunks: IndexedChunk[] = [];
  deletions: number[] = [];
  async index(chunks: IndexedChunk[]): Promise<void> {
    this.chunks.push(...chunks);
  }
  async deleteDocument(documentId: number): Promise<void> {
    this.deletions.push(documentId);
    this.chunks = this.chunks.filter((chunk) => chunk.documentId !== documentId);
  }
}

const sentence = (n: number) =>
  `Clause ${n}. The Supplier shall deliver the goods within thirty days of each purchase order, ` +
  'and the Customer shall pay every invoice within sixty days of its receipt. ';

const extraction = (pageTexts: string[], metadata: Partial<Extraction['metadata']> = {}) =>
  ({
    pages: pageTexts.map((text, i) => ({ number: i + 1, text })),
    metadata: { engine: 'fake', ocrPages: 0, ...metadata },
  }) satisfies Extraction;

const context = (overrides: Partial<JobContext> = {}): JobContext => ({
  jobId: 'ingest:1',
  attempt: 1,
  isLastAttempt: false,
  signal: new AbortController().signal,
  attemptsExhausted: false,
  ...overrides,
});

describe('IngestionService (repository, extractor, embedder and index in memory)', () => {
  beforeAll(() => Logger.overrideLogger(false));
  let repository: InMemoryDocuments;
  let index: InMemoryIndex;
  let extract: (input: ExtractionInput) => Promise<Extraction>;
  let embedded: string[][];
  let outcomes: string[];
  let classified: { id: number; pages: number }[];
  let service: IngestionService;

  beforeEach(() => {
    repository = new InMemoryDocuments();
    repository.documents.set(1, {
      id: 1,
      projectId: 10,
      storedName: '00000000-0000-4000-8000-000000000001.pdf',
      mimeType: 'application/pdf',
      originalName: 'Supply Agreement.pdf',
      status: 'awaiting_processing',
    });
    index = new InMemoryIndex();
    extract = async () => extraction([sentence(1).repeat(3), sentence(2).repeat(3)]);
    embedded = [];
    outcomes = [];
    classified = [];
    const embedder: Embedder = {
      model: 'fake',
      dimensions: 2,
      health: null,
      ping: async () => undefined,
      embed: async (texts: string[]) => {
        embedded.push(texts);
        return texts.map((_text, i) => new Float32Array([i, 1]));
      },
    };
    const extractor = {
      extract: (input: ExtractionInput) => extract(input),
    } as unknown as Extractor;
    const files = {
      source: (name: string) => ({ name }),
    } as unknown as FileStore;
    const metrics = {
      ingestionStageDuration: { observe: () => undefined },
      ingestedDocuments: { inc: ({ outcome }: { outcome: string }) => void outcomes.push(outcome) },
    } as unknown as Metrics;
    const clauses = {
      classifyPages: async (document: { id: number }, pages: unknown[]) => {
        classified.push({ id: document.id, pages: pages.length });
        return 3;
      },
    } as unknown as ClauseClassificationService;
    service = new IngestionService(
      repository as unknown as IngestionRepository,
      files,
      extractor,
      embedder,
      index as unknown as SearchIndex,
      metrics,
      clauses,
    );
  });

  it('extracts, stores the pages, indexes embedded chunks, classifies and completes', async () => {
    await service.ingest(1, context());

    const document = repository.documents.get(1)!;
    expect(repository.statuses).toEqual(['processing', 'completed']);
    expect(document).toMatchObject({
      status: 'completed',
      pageCount: 2,
      pagesProcessed: 2,
      analysisNote: null,
    });
    expect(document.completedAt).toBeInstanceOf(Date);
    expect(repository.pages.get(1)!.map((page) => page.number)).toEqual([1, 2]);
    expect(index.chunks.length).toBeGreaterThan(0);
    expect(index.chunks.every((chunk) => chunk.projectId === 10 && chunk.documentId === 1)).toBe(
      true,
    );
    expect(index.chunks.every((chunk) => chunk.vector instanceof Float32Array)).toBe(true);
    expect(embedded.flat()).toEqual(index.chunks.map((chunk) => chunk.text));
    // Every chunk's text is its page's text at its offsets.
    for (const chunk of index.chunks) {
      const page = repository.pages.get(1)!.find((each) => each.number === chunk.pageNumber)!;
      expect(page.text.slice(chunk.start, chunk.end)).toBe(chunk.text);
    }
    expect(classified).toEqual([{ id: 1, pages: 2 }]);
    expect(repository.bumped).toEqual([10]);
    expect(outcomes).toEqual(['completed']);
  });

  it('passes the stored file and what the upload detected to the extractor', async () => {
    const inputs: ExtractionInput[] = [];
    extract = async (input) => {
      inputs.push(input);
      return extraction([sentence(1)]);
    };
    await service.ingest(1, context());
    expect(inputs[0]).toMatchObject({
      file: { name: '00000000-0000-4000-8000-000000000001.pdf' },
      mimeType: 'application/pdf',
      originalName: 'Supply Agreement.pdf',
    });
  });

  it('notes the scanned pages it could not read on the completed document', async () => {
    extract = async () =>
      extraction([sentence(1), '', sentence(3)], {
        unreadPages: [2],
        unreadPagesAdvice: 'install tesseract-ocr',
      });
    await service.ingest(1, context());
    expect(repository.documents.get(1)).toMatchObject({
      status: 'completed',
      analysisNote: expect.stringMatching(/scanned page.*\b2\b.*not read/),
    });
  });

  it('stores a long document’s pages in batches of at most 200', async () => {
    extract = async () => extraction(Array.from({ length: 450 }, (_, i) => sentence(i)));
    await service.ingest(1, context());
    expect(repository.pageInserts).toEqual([200, 200, 50]);
    expect(repository.documents.get(1)!.pageCount).toBe(450);
  });

  it('fails the document with the extractor’s reason, and leaves nothing in the index', async () => {
    extract = async () => {
      throw new ExtractionError('password-protected PDF: remove the password and upload it again');
    };
    await service.ingest(1, context());
    expect(repository.documents.get(1)).toMatchObject({
      status: 'failed',
      failureReason: 'password-protected PDF: remove the password and upload it again',
    });
    expect(index.deletions).toEqual([1]);
    expect(repository.bumped).toEqual([10]);
    // Once in the project's activity log (issue 17).
    expect(repository.failures).toEqual([
      [1, 'password-protected PDF: remove the password and upload it again'],
    ]);
    expect(outcomes).toEqual(['failed']);
  });

  it('fails a document without readable text', async () => {
    extract = async () => extraction(['   ', '\n']);
    await service.ingest(1, context());
    expect(repository.documents.get(1)).toMatchObject({
      status: 'failed',
      failureReason: expect.stringContaining('no readable text found'),
    });
    expect(index.chunks).toEqual([]);
  });

  it('stops quietly when the document is deleted while its pages are stored', async () => {
    extract = async () => extraction(Array.from({ length: 450 }, (_, i) => sentence(i)));
    repository.deleteAfterBatches = 1;
    await expect(service.ingest(1, context())).resolves.toBeUndefined();
    expect(index.deletions).toEqual([1]);
    expect(outcomes).toEqual([]);
    expect(classified).toEqual([]);
  });

  it('retries a failure that is not the file’s, and records it on the last attempt', async () => {
    extract = async () => {
      throw new Error('Tika did not answer');
    };
    await expect(service.ingest(1, context({ attempt: 1 }))).rejects.toThrow('Tika did not answer');
    expect(repository.documents.get(1)!.status).toBe('processing');

    await service.ingest(1, context({ attempt: 3, isLastAttempt: true }));
    expect(repository.documents.get(1)).toMatchObject({
      status: 'failed',
      failureReason: 'analysis failed after 3 attempts: Tika did not answer',
    });
  });

  it('records a file that kept killing the worker without reading it again', async () => {
    let extracted = false;
    extract = async () => {
      extracted = true;
      return extraction([sentence(1)]);
    };
    await service.ingest(1, context({ attemptsExhausted: true }));
    expect(extracted).toBe(false);
    expect(repository.documents.get(1)).toMatchObject({
      status: 'failed',
      failureReason: expect.stringContaining('stopped the analysis worker repeatedly'),
    });
  });

  it('puts an interrupted document back in the queue’s hands on shutdown', async () => {
    const controller = new AbortController();
    extract = async () => {
      controller.abort();
      return extraction([sentence(1)]);
    };
    await expect(service.ingest(1, context({ signal: controller.signal }))).rejects.toThrow();
    expect(repository.documents.get(1)!.status).toBe('awaiting_processing');
    expect(outcomes).toEqual([]);
  });

  it('leaves a completed or failed document, and a deleted one, alone', async () => {
    let calls = 0;
    extract = async () => {
      calls++;
      return extraction([sentence(1)]);
    };
    repository.documents.get(1)!.status = 'completed';
    await service.ingest(1, context());
    await service.ingest(2, context());
    expect(calls).toBe(0);
    expect(repository.statuses).toEqual([]);
  });
});
