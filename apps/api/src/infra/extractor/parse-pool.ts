import { Logger } from '@nestjs/common';
import { Piscina } from 'piscina';
import { ExtractionError } from './extractor.port.js';
import type { ParseResult, ParseTask, ParsedDocument } from './parsers/protocol.js';

/**
 * The warm pool of parse threads. Each thread has the memory cap; a task aborted by its signal
 * ends the thread running it (a runaway parser cannot be stopped any other way), and piscina
 * starts a new one, as it does when a thread dies of running out of memory.
 *
 * How the thread code is loaded: Node loads it, not jest or any bundler. Under jest the source
 * is TypeScript, and Node 24 runs `parsers/*.ts` by stripping their types (hence erasable syntax
 * only, and `.ts` in their relative imports); the build compiles them to `.js` with
 * `rewriteRelativeImportExtensions`, so the same imports then name the `.js` files. This module
 * picks the entry file with the extension of its own file.
 */
const workerFile = new URL(
  import.meta.url.endsWith('.ts') ? './parsers/parse.worker.ts' : './parsers/parse.worker.js',
  import.meta.url,
);

export class ParsePool {
  private readonly pool: Piscina<ParseTask, ParseResult>;
  private readonly logger = new Logger(ParsePool.name);

  constructor(options: { threads: number; memoryMb: number }) {
    this.pool = new Piscina({
      filename: workerFile.href,
      minThreads: options.threads,
      maxThreads: options.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
    });
    // A thread may answer a task that was aborted meanwhile (e.g. its document was deleted);
    // piscina reports that as a pool error, which must not bring the process down.
    this.pool.on('error', (error: unknown) => {
      this.logger.warn(`Parse thread: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  /** Throws ExtractionError for a problem of the file, OutOfMemoryError past the memory cap. */
  async read(task: ParseTask, signal: AbortSignal): Promise<ParsedDocument> {
    const transferList = task.progress ? [task.progress] : undefined;
    const result = await this.pool.run(task, { signal, transferList });
    if (result.ok) return result;
    if (result.problem === 'file') throw new ExtractionError(result.reason);
    throw new OutOfMemoryError();
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}

export class OutOfMemoryError extends Error {
  constructor() {
    super('a parse thread ran out of memory');
  }
}

/** A thread that reached its memory cap dies, and piscina rejects its task with this code. */
export function isOutOfMemory(error: unknown): boolean {
  return (
    error instanceof OutOfMemoryError ||
    (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY'
  );
}
