import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import type { AppConfig } from '../../../config/app-config.js';
import { ExtractionError } from '../extractor.port.js';
import { tidy } from './parsers/sections.js';

const run = promisify(execFile);
/**
 * Scanned pages are rasterised at their scan's own resolution, within these bounds. Rendering a
 * 130 ppi scan at 300 dpi only makes tesseract read invented pixels, for twice the time; reading a
 * 300 ppi scan at 200 dpi recognised as many words of the corpus's scans, in three quarters of it.
 */
const MIN_DPI = 150;
const MAX_DPI = 200;

const INSTALL_OCR = 'install tesseract-ocr or use Tika';
/** Tesseract reads images, but scanned PDF pages must first be rasterised by poppler's pdftoppm. */
const INSTALL_PDFTOPPM =
  'tesseract is installed but pdftoppm is not; install poppler-utils or use Tika';

export type OcrDetection = {
  ocr: Ocr | null;
  /** What to install for the scanned pages this machine cannot read. */
  advice: string;
};

/**
 * OCR with the tesseract command, on images and on PDF pages rasterised by poppler's pdftoppm.
 * Each page is a pair of child processes; at most `concurrency` pages are read at once, across
 * all documents. Tesseract runs single-threaded: several single-threaded processes read pages
 * much faster than one multi-threaded process per page (measured: 1.8 s against 7 s a page).
 */
export class Ocr {
  private readonly language: string;
  private readonly slots: Semaphore;
  /** False when pdftoppm is missing: images can be read, scanned PDF pages cannot. */
  readonly readsPdf: boolean;

  private constructor(language: string, concurrency: number, readsPdf: boolean) {
    this.language = language;
    this.slots = new Semaphore(concurrency);
    this.readsPdf = readsPdf;
  }

  /**
   * The OCR the configuration asks for and the machine has (or null), and what to tell a user
   * whose scanned pages it cannot read. With OCR=on, a missing command or language is a
   * configuration error, thrown here at start.
   */
  static async detect(config: AppConfig['extractor']): Promise<OcrDetection> {
    if (config.ocr === 'off') return { ocr: null, advice: INSTALL_OCR };
    const [languages, pdftoppm] = await Promise.all([
      installedLanguages(),
      commandWorks('pdftoppm', ['-v']),
    ]);
    const missing = languages ? missingLanguages(config.ocrLanguage, languages) : [];
    const tesseractProblem = !languages
      ? 'the tesseract command is not installed (Debian: apt-get install tesseract-ocr)'
      : missing.length
        ? `tesseract has no data for ${missing.join(', ')} (Debian: apt-get install ${languagePackages(missing)})`
        : null;
    const problem =
      tesseractProblem ??
      (pdftoppm
        ? null
        : 'the pdftoppm command is not installed (Debian: apt-get install poppler-utils)');
    if (problem && config.ocr === 'on') throw new Error(`OCR=on but ${problem}`);
    if (!languages) return { ocr: null, advice: INSTALL_OCR };
    if (missing.length) {
      return {
        ocr: null,
        advice: `install tesseract's ${missing.join(', ')} language data (${languagePackages(missing)}) or use Tika`,
      };
    }
    return {
      ocr: new Ocr(config.ocrLanguage, config.workers, pdftoppm),
      advice: pdftoppm ? INSTALL_OCR : INSTALL_PDFTOPPM,
    };
  }

  /** Text of one PDF page, rasterised in grey at about the resolution of its scan. */
  readPdfPage(file: string, page: number, signal: AbortSignal): Promise<string> {
    return this.slots.use(signal, async () => {
      const dpi = await scanResolution(file, page, signal);
      const raster = spawn(
        'pdftoppm',
        ['-r', String(dpi), '-f', String(page), '-l', String(page), '-gray', file],
        { signal, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const tesseract = this.tesseract('-', signal);
      raster.stdout.pipe(tesseract.stdin!);
      const [, text] = await Promise.all([finished(raster, false), finished(tesseract)]);
      return text;
    });
  }

  /** Text of an image file; a multi-page TIFF gives one text per page. */
  async readImage(file: string, signal: AbortSignal): Promise<string[]> {
    const text = await this.slots.use(signal, () => finished(this.tesseract(file, signal)));
    const pages = text.split('\f').map(tidy);
    return pages.length > 1 && !pages.at(-1) ? pages.slice(0, -1) : pages;
  }

  private tesseract(input: string, signal: AbortSignal): ChildProcess {
    return spawn('tesseract', [input, '-', '-l', this.language], {
      signal,
      stdio: [input === '-' ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
  }
}

/**
 * The dpi to rasterise a scanned page at: the resolution of its largest image (from poppler's
 * `pdfimages -list`), within MIN_DPI and MAX_DPI; MAX_DPI when the list cannot tell.
 */
export async function scanResolution(
  file: string,
  page: number,
  signal: AbortSignal,
): Promise<number> {
  try {
    const { stdout } = await run(
      'pdfimages',
      ['-list', '-f', String(page), '-l', String(page), file],
      { signal, timeout: 10_000 },
    );
    return dpiFromImageList(stdout);
  } catch {
    signal.throwIfAborted();
    return MAX_DPI;
  }
}

/** Reads `pdfimages -list` output: columns page num type width height … x-ppi y-ppi size ratio. */
export function dpiFromImageList(list: string): number {
  let largest = { pixels: 0, ppi: MAX_DPI };
  for (const line of list.split('\n').slice(2)) {
    const columns = line.trim().split(/\s+/);
    if (columns.length < 14) continue;
    const [width, height] = [Number(columns[3]), Number(columns[4])];
    const ppi = Math.max(Number(columns[12]), Number(columns[13]));
    if (width * height > largest.pixels && ppi > 0) largest = { pixels: width * height, ppi };
  }
  return Math.round(Math.min(MAX_DPI, Math.max(MIN_DPI, largest.ppi)));
}

/** Resolves with the process's standard output (unless piped elsewhere) once it exits successfully. */
function finished(child: ChildProcess, collect = true): Promise<string> {
  return new Promise((resolve, reject) => {
    const output: Buffer[] = [];
    let errors = '';
    if (collect) child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2000);
    });
    // A consumer that exits early (tesseract on a broken image) must not crash the pipe's writer.
    child.stdin?.on('error', () => undefined);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(output).toString('utf8'));
      else {
        const detail = errors.trim().split('\n').at(-1) ?? `exit code ${code}`;
        reject(new ExtractionError(`OCR could not read the file (${child.spawnfile}: ${detail})`));
      }
    });
  });
}

/** The languages of `wanted` (e.g. "eng+deu") tesseract has no data for. */
function missingLanguages(wanted: string, languages: string[]): string[] {
  return wanted.split('+').filter((language) => !languages.includes(language));
}

/** Debian's packages holding these languages' data. */
function languagePackages(languages: string[]): string {
  return languages.map((language) => `tesseract-ocr-${language.replace(/_/g, '-')}`).join(' ');
}

async function installedLanguages(): Promise<string[] | null> {
  try {
    const { stdout } = await run('tesseract', ['--list-langs'], { timeout: 10_000 });
    return stdout
      .split('\n')
      .slice(1)
      .map((line) => line.trim())
      .filter(Boolean);
  } catch {
    return null;
  }
}

async function commandWorks(command: string, args: string[]): Promise<boolean> {
  try {
    await run(command, args, { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/** Limits how many OCR pages run at once; a waiting page leaves the queue when aborted. */
class Semaphore {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = Math.max(1, size);
  }

  async use<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    await this.acquire(signal);
    try {
      signal.throwIfAborted();
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal.removeEventListener('abort', cancel);
        resolve();
      };
      const cancel = () => {
        this.waiting.splice(this.waiting.indexOf(grant), 1);
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      this.waiting.push(grant);
      signal.addEventListener('abort', cancel, { once: true });
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}
