import { Logger } from '@nestjs/common';
import { Piscina } from 'piscina';
import type { SearchHit } from '../search-index.port.js';
import type { ReaderQuery } from './sqlite-search-reader.js';
import type { SearchTask } from './search.worker.js';

/** Loaded by Node itself, as the parse threads are (see extractor/parse-pool.ts). */
const workerFile = new URL(
  import.meta.url.endsWith('.ts') ? './search.worker.ts' : './search.worker.js',
  import.meta.url,
);

/**
 * Threads that run searches of the embedded index off the event loop: a search costs a few
 * milliseconds of CPU in SQLite, which would otherwise hold up every other request, and with
 * several cores several searches run at once. Started on the first search.
 */
export class SearchThreads {
  private pool: Piscina<SearchTask, SearchHit[]> | null = null;
  private readonly logger = new Logger(SearchThreads.name);
  private readonly file: string;
  private readonly threads: number;

  constructor(file: string, threads: number) {
    this.file = file;
    this.threads = threads;
  }

  search(query: ReaderQuery): Promise<SearchHit[]> {
    this.pool ??= this.startPool();
    return this.pool.run({ file: this.file, query });
  }

  private startPool(): Piscina<SearchTask, SearchHit[]> {
    const pool = new Piscina<SearchTask, SearchHit[]>({
      filename: workerFile.href,
      minThreads: this.threads,
      maxThreads: this.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      // Idle threads wait on their message port, not in an Atomics.wait loop (as measured in the
      // README's bench:query figures).
      atomics: 'disabled',
    });
    // A thread that dies outside a task is replaced; its error must not bring the process down.
    pool.on('error', (error: unknown) => {
      this.logger.warn(`Search thread: ${error instanceof Error ? error.message : String(error)}`);
    });
    return pool;
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }
}
