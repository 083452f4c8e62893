import { getHeapStatistics } from 'node:v8';

/** A failure that belongs to the file; `reason` is shown to the user and says what to do. */
export class FileProblem extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super(reason);
    this.name = 'FileProblem';
    this.reason = reason;
  }
}

const MB = 1024 * 1024;

/**
 * Memory guards. A parse process that outgrows its heap cap dies (V8 aborts it), alone; the pool
 * then fails its file. Dying takes a new process's start-up, and the death's cause is lost, so
 * parsers keep well under the cap: they refuse inputs that would take most of it at once, and
 * check the heap as they go.
 */

/** The file needs more memory than the parse process may use. */
export class MemoryProblem extends Error {
  constructor() {
    super('the file needs more memory than the parse process has');
    this.name = 'MemoryProblem';
  }
}

/** Refuses `bytes` of input that a parser turns into about `expansion` times as many in the heap. */
export function checkSize(bytes: number, expansion: number, memoryMb: number): void {
  if (bytes * expansion > memoryMb * MB * 0.5) throw new MemoryProblem();
}

/** Stops a parser once the heap holds 80% of the cap, before V8 reaches it. */
export function checkHeap(memoryMb: number): void {
  if (getHeapStatistics().used_heap_size > memoryMb * MB * 0.8) throw new MemoryProblem();
}

export function passwordProtected(): FileProblem {
  return new FileProblem('password-protected file: remove the password and upload it again');
}

export function corruptFile(detail: string): FileProblem {
  return new FileProblem(`file is corrupt: ${detail}`);
}

/** The first line of an error message, short enough to show beside a file name. */
export function shortDetail(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n', 1)[0]!.trim() || 'unreadable content';
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

/** Allocation failures V8 reports as errors rather than by ending the process. */
export function isAllocationFailure(error: unknown): boolean {
  return (
    error instanceof RangeError &&
    /allocation failed|Invalid (typed )?array length|Invalid string length/i.test(error.message)
  );
}
