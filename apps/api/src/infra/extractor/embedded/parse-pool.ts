import { Logger } from '@nestjs/common';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ExtractionError } from '../extractor.port.js';
import type {
  FromParseProcess,
  ParseResult,
  ParseTask,
  ParsedDocument,
  ParsedPage,
  PdfProgress,
  ToParseProcess,
} from './parsers/protocol.js';

/**
 * The warm pool of parse processes, each with the memory cap as its V8 heap limit. Processes, not
 * threads: V8 may end the whole process when a heap cap is crossed (nodejs/node#47224), which
 * for a thread would take the API down with it; a parse process dies alone, its task fails, and
 * the pool starts another. A task aborted by its signal ends the process running it (a runaway
 * parser cannot be stopped any other way).
 *
 * How the process code is loaded: Node loads it, not jest or any bundler. Under jest the source
 * is TypeScript, and Node 24 runs `parsers/*.ts` by stripping their types (hence erasable syntax
 * only, and `.ts` in their relative imports); the build compiles them to `.js` with
 * `rewriteRelativeImportExtensions`, so the same imports then name the `.js` files. This module
 * picks the entry file with the extension of its own file.
 */
const processFile = fileURLToPath(
  new URL(
    import.meta.url.endsWith('.ts') ? './parsers/parse.process.ts' : './parsers/parse.process.js',
    import.meta.url,
  ),
);

type Request = {
  task: ParseTask;
  /** Pages received so far; the result comes after them. */
  pages: ParsedPage[];
  signal: AbortSignal;
  onProgress?: (message: PdfProgress) => void;
  resolve: (result: ParseResult) => void;
  reject: (error: unknown) => void;
};

/** `stopping`: killed for an aborted task; it may still report that task's end before it exits. */
type ParseProcess = { child: ChildProcess; request?: Request; stopping?: boolean };

export class ParsePool {
  private readonly memoryMb: number;
  private readonly processes = new Set<ParseProcess>();
  private readonly queue: Request[] = [];
  private readonly logger = new Logger(ParsePool.name);
  private closed = false;

  constructor(options: { processes: number; memoryMb: number }) {
    this.memoryMb = options.memoryMb;
    for (let i = 0; i < Math.max(1, options.processes); i++) this.start();
  }

  /**
   * Throws ExtractionError for a problem of the file, OutOfMemoryError past the memory cap (or
   * when the process reading the file dies of another fatal error), and the signal's reason when
   * aborted.
   */
  async read(
    task: ParseTask,
    signal: AbortSignal,
    onProgress?: (message: PdfProgress) => void,
  ): Promise<ParsedDocument> {
    signal.throwIfAborted();
    if (this.closed) throw new Error('the parse pool is closed');
    const result = await new Promise<ParseResult>((resolve, reject) => {
      const request: Request = { task, pages: [], signal, onProgress, resolve, reject };
      const abort = () => this.abort(request);
      signal.addEventListener('abort', abort, { once: true });
      const settle =
        <T>(settle: (value: T) => void) =>
        (value: T) => {
          signal.removeEventListener('abort', abort);
          settle(value);
        };
      request.resolve = settle(resolve);
      request.reject = settle(reject);
      this.queue.push(request);
      this.dispatch();
    });
    if (result.ok) return result;
    if (result.problem === 'file') throw new ExtractionError(result.reason);
    throw new OutOfMemoryError();
  }

  /** Processes that would start a task given now at once. */
  idleProcesses(): number {
    let idle = 0;
    for (const { request, stopping } of this.processes) if (!request && !stopping) idle++;
    return Math.max(0, idle - this.queue.length);
  }

  /** Ends every parse process; tasks still waiting or running are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const request of this.queue.splice(0)) {
      request.reject(new Error('the parse pool is closed'));
    }
    await Promise.all([...this.processes].map(({ child }) => stop(child)));
  }

  private start(): void {
    const child = fork(processFile, [], {
      execArgv: [`--max-old-space-size=${this.memoryMb}`, '--disable-warning=ExperimentalWarning'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const parseProcess: ParseProcess = { child };
    this.processes.add(parseProcess);
    child.on('message', (message: FromParseProcess) => this.onMessage(parseProcess, message));
    child.on('error', (error) => this.logger.warn(`Parse process: ${error.message}`));
    child.on('exit', (code, signal) => this.onExit(parseProcess, code, signal));
  }

  private dispatch(): void {
    for (const parseProcess of this.processes) {
      if (parseProcess.request || parseProcess.stopping || !parseProcess.child.connected) continue;
      const request = this.queue.shift();
      if (!request) return;
      parseProcess.request = request;
      const message: ToParseProcess = {
        task: request.task,
        reportsProgress: request.onProgress !== undefined,
      };
      parseProcess.child.send(message);
    }
  }

  private onMessage(parseProcess: ParseProcess, message: FromParseProcess): void {
    const request = parseProcess.request;
    if (!request) return;
    if (message.type === 'progress') {
      request.onProgress?.(message.progress);
      return;
    }
    if (message.type === 'pages') {
      for (const page of message.pages) request.pages.push(page);
      return;
    }
    parseProcess.request = undefined;
    if (message.type === 'result') {
      request.resolve(
        message.result.ok ? { ...message.result, pages: request.pages } : message.result,
      );
    } else {
      request.reject(new Error(message.error));
    }
    this.dispatch();
  }

  private onExit(parseProcess: ParseProcess, code: number | null, signal: string | null): void {
    this.processes.delete(parseProcess);
    const request = parseProcess.request;
    if (request) {
      if (request.signal.aborted) request.reject(request.signal.reason);
      else {
        this.logger.warn(
          `A parse process died reading a ${request.task.kind} file (${signal ?? `exit code ${code}`})`,
        );
        request.reject(new OutOfMemoryError());
      }
    }
    if (this.closed) return;
    this.start();
    this.dispatch();
  }

  private abort(request: Request): void {
    const waiting = this.queue.indexOf(request);
    if (waiting >= 0) {
      this.queue.splice(waiting, 1);
      request.reject(request.signal.reason);
      return;
    }
    // A killed process is never given another task: it could answer the aborted one after the
    // kill and look idle, and the next task sent to it would die with it.
    for (const parseProcess of this.processes) {
      if (parseProcess.request !== request) continue;
      parseProcess.stopping = true;
      parseProcess.child.kill('SIGKILL');
    }
  }
}

export class OutOfMemoryError extends Error {
  constructor() {
    super('a parse process ran out of memory');
  }
}

export function isOutOfMemory(error: unknown): boolean {
  return error instanceof OutOfMemoryError;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
