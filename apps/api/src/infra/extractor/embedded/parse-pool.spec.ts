import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writePdf } from '../fixtures/pdf-writer.js';
import { OutOfMemoryError, ParsePool } from './parse-pool.js';

/** The parse processes this (jest) process started. */
function parseProcesses(): number[] {
  const output = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], {
    encoding: 'utf8',
  });
  return output
    .split('\n')
    .filter((line) => line.includes('parse.process'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

describe('ParsePool', () => {
  let dir: string;
  let longPdf: string;
  let shortPdf: string;
  const task = (file: string) => ({
    kind: 'pdf' as const,
    path: file,
    maxPages: 5000,
    memoryMb: 256,
  });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'clearroom-parse-pool-'));
    longPdf = path.join(dir, 'long.pdf');
    shortPdf = path.join(dir, 'short.pdf');
    const page = Array.from({ length: 40 }, (_, line) => `Clause ${line}: the parties agree.`);
    await writeFile(longPdf, writePdf(Array.from({ length: 1500 }, () => page.join('\n'))));
    await writeFile(shortPdf, writePdf(['Escrow release on the closing date']));
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('a parse process that dies fails its task alone, and the pool starts another', async () => {
    const pool = new ParsePool({ processes: 1, memoryMb: 256 });
    try {
      let opened!: () => void;
      const isOpen = new Promise<void>((resolve) => (opened = resolve));
      const reading = pool.read(task(longPdf), new AbortController().signal, (message) => {
        if (message.type === 'opened') opened();
      });
      await isOpen;
      const [reader] = parseProcesses();
      // How V8 ends a process whose heap crossed its cap.
      process.kill(reader!, 'SIGABRT');
      await expect(reading).rejects.toBeInstanceOf(OutOfMemoryError);

      const next = await pool.read(task(shortPdf), new AbortController().signal);
      expect(next.pages[0]!.text).toBe('Escrow release on the closing date');
      expect(parseProcesses()).not.toContain(reader);
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('an aborted task ends with its signal’s reason, and the pool goes on', async () => {
    const pool = new ParsePool({ processes: 1, memoryMb: 256 });
    try {
      const controller = new AbortController();
      const reading = pool.read(task(longPdf), controller.signal, (message) => {
        if (message.type === 'opened') controller.abort(new Error('document deleted'));
      });
      await expect(reading).rejects.toThrow('document deleted');
      const next = await pool.read(task(shortPdf), new AbortController().signal);
      expect(next.pageCount).toBe(1);
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('counts the processes that would start a task at once', async () => {
    const pool = new ParsePool({ processes: 2, memoryMb: 256 });
    try {
      expect(pool.idleProcesses()).toBe(2);
      const signal = new AbortController().signal;
      const readings = [pool.read(task(longPdf), signal), pool.read(task(longPdf), signal)];
      expect(pool.idleProcesses()).toBe(0);
      const third = pool.read(task(shortPdf), signal);
      expect(pool.idleProcesses()).toBe(0);
      await Promise.all([...readings, third]);
      expect(pool.idleProcesses()).toBe(2);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('ends its processes when closed', async () => {
    const pool = new ParsePool({ processes: 2, memoryMb: 256 });
    await pool.read(task(shortPdf), new AbortController().signal);
    expect(parseProcesses().length).toBeGreaterThan(0);
    await pool.close();
    expect(parseProcesses()).toEqual([]);
  }, 30_000);
});
