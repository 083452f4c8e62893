import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EmbeddedExtractor } from './embedded.extractor.js';
import { ExtractionError, type ExtractionInput } from './extractor.port.js';
import { extractorConfig } from './fixtures/extractor-config.js';
import { writeEmptyRowsXlsx, writeZipBombDocx } from './fixtures/office-writer.js';
import { writePdf } from './fixtures/pdf-writer.js';

/**
 * Files that must fail alone, each with a reason that says what is wrong, while the pool of
 * parse threads keeps working: after each case a valid file is read with the same extractor.
 */
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let dir: string;
let extractor: EmbeddedExtractor;

async function file(name: string, content: Buffer | string): Promise<string> {
  const target = path.join(dir, name);
  await writeFile(target, content);
  return target;
}

function input(target: string, mimeType = 'application/pdf'): ExtractionInput {
  return { path: target, mimeType, originalName: path.basename(target) };
}

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error('extraction succeeded'),
    (caught: unknown) => caught,
  );
  if (!(error instanceof ExtractionError)) throw error;
  return error.reason;
}

/** The pool survived: a valid file still reads. */
async function expectPoolWorks(reader: EmbeddedExtractor = extractor): Promise<void> {
  const result = await reader.extract(
    input(await file('valid.pdf', writePdf(['Still standing', 'Page two']))),
  );
  expect(result.pages.map((page) => page.text)).toEqual(['Still standing', 'Page two']);
}

const pages = (count: number) =>
  Array.from(
    { length: count },
    (_, i) => `Page ${i + 1} of the long document\nSecond line of page ${i + 1}`,
  );

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'clearroom-hostile-'));
  extractor = await EmbeddedExtractor.create(extractorConfig({ ocr: 'off' }));
});

afterAll(async () => {
  await extractor?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('hostile and broken files', () => {
  it('a truncated PDF is corrupt', async () => {
    const whole = writePdf(pages(40));
    const reason = await failure(
      extractor.extract(input(await file('truncated.pdf', whole.subarray(0, whole.length / 2)))),
    );
    expect(reason).toMatch(/^file is corrupt: /);
    await expectPoolWorks();
  });

  it('an encrypted PDF asks for its password to be removed', async () => {
    const target = await file(
      'encrypted.pdf',
      writePdf(['Confidential'], { userPassword: 'hunter2' }),
    );
    expect(await failure(extractor.extract(input(target)))).toBe(
      'password-protected PDF: remove the password and upload it again',
    );
    await expectPoolWorks();
  });

  it('a zip bomb disguised as .docx is refused before it is inflated', async () => {
    const target = await file('bomb.docx', writeZipBombDocx(false));
    expect(await failure(extractor.extract(input(target, DOCX)))).toBe(
      'file is corrupt or a zip bomb: it would expand to more than 512 MB',
    );
    await expectPoolWorks();
  });

  it('a zip bomb that lies about its size is stopped at the size it declares', async () => {
    const target = await file('lying.docx', writeZipBombDocx(true));
    expect(await failure(extractor.extract(input(target, DOCX)))).toBe(
      'file is corrupt or a zip bomb: word/document.xml expands beyond the size the archive declares',
    );
    await expectPoolWorks();
  });

  it('a password-protected Office file (an encrypted OLE container) asks for the password to go', async () => {
    const cfb = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(1024),
      Buffer.from('EncryptionInfo', 'utf16le'),
    ]);
    expect(await failure(extractor.extract(input(await file('locked.docx', cfb), DOCX)))).toBe(
      'password-protected file: remove the password and upload it again',
    );
  });

  it('a legacy Word file that is not one is corrupt', async () => {
    const target = await file('broken.doc', Buffer.alloc(4096, 7));
    expect(await failure(extractor.extract(input(target, 'application/msword')))).toMatch(
      /^file is corrupt: /,
    );
    await expectPoolWorks();
  });

  it('a sheet of a million empty rows is read without hanging', async () => {
    const target = await file('empty-rows.xlsx', writeEmptyRowsXlsx(1_000_000));
    const started = Date.now();
    const result = await extractor.extract(input(target, XLSX));
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(result.pages).toEqual([
      {
        number: 1,
        text: 'Sheet: Ledger\nRow 1: Name | Amount\nRow 1000000: Name: last | Amount: 42',
      },
    ]);
  }, 30_000);

  it('a PDF of 3,000 pages is read within the budget, every page in its place', async () => {
    const target = await file('long.pdf', writePdf(pages(3000)));
    const progress: number[] = [];
    const result = await extractor.extract({
      ...input(target),
      onProgress: (done) => progress.push(done),
    });
    expect(result.pages).toHaveLength(3000);
    expect(result.pages[2998]).toEqual({
      number: 2999,
      text: 'Page 2999 of the long document\nSecond line of page 2999',
    });
    expect(progress.length).toBeGreaterThan(100);
    expect(progress.at(-1)).toBe(3000);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  }, 60_000);

  it('a PDF with more pages than EXTRACT_MAX_PAGES fails naming the limit', async () => {
    const limited = await EmbeddedExtractor.create(
      extractorConfig({ ocr: 'off', maxPages: 1000, workers: 1 }),
    );
    try {
      const target = await file('too-long.pdf', writePdf(pages(1001)));
      expect(await failure(limited.extract(input(target)))).toBe(
        'the PDF has 1001 pages, more than the limit of 1000 (EXTRACT_MAX_PAGES): split it into smaller files',
      );
      await expectPoolWorks(limited);
    } finally {
      await limited.close();
    }
  });

  it('a file over the time budget fails with it, and the thread it ran on is replaced', async () => {
    // One thread takes seconds over 4,000 pages; the replacement thread reads a small file in time.
    const hurried = await EmbeddedExtractor.create(
      extractorConfig({ ocr: 'off', timeoutMs: 2000, workers: 1 }),
    );
    try {
      const target = await file('slow.pdf', writePdf(pages(4000)));
      expect(await failure(hurried.extract(input(target)))).toBe(
        'the file took longer than 2 s to read: split it into smaller files, or raise EXTRACT_TIMEOUT_SECONDS',
      );
      await expectPoolWorks(hurried);
    } finally {
      await hurried.close();
    }
  }, 30_000);

  it('a file over the memory cap fails with it, and the pool goes on', async () => {
    const frugal = await EmbeddedExtractor.create(
      extractorConfig({ ocr: 'off', memoryMb: 64, workers: 1 }),
    );
    const overMemory =
      'the file needs more than 64 MB to read: split it into smaller files, or raise EXTRACT_MEMORY_MB';
    try {
      // The rows of a 7 MB table outgrow the cap as they are read (checked as they go).
      const rows = Array.from({ length: 280_000 }, (_, i) => `${i},Company ${i},${i * 7}`);
      const table = await file('many-rows.csv', ['id,name,amount', ...rows].join('\n'));
      expect(await failure(frugal.extract(input(table, 'text/csv')))).toBe(overMemory);
      await expectPoolWorks(frugal);
      // Refused before reading: at once, this much could take the process down with the thread.
      const big = await file('big.txt', Buffer.alloc(20 * 1024 * 1024, 'lorem ipsum '));
      expect(await failure(frugal.extract(input(big, 'text/plain')))).toBe(overMemory);
      await expectPoolWorks(frugal);
    } finally {
      await frugal.close();
    }
  }, 60_000);

  it('an aborted extraction stops with the abort reason, not as a problem of the file', async () => {
    const controller = new AbortController();
    const target = await file('aborted.pdf', writePdf(pages(3000)));
    const extraction = extractor.extract({ ...input(target), signal: controller.signal });
    setTimeout(() => controller.abort(new Error('document deleted')), 50);
    await expect(extraction).rejects.toThrow('document deleted');
    await expectPoolWorks();
  });

  it('legacy .xls and .ppt point to the supported formats and to Tika', async () => {
    expect(
      await failure(
        extractor.extract(input(await file('old.xls', 'x'), 'application/vnd.ms-excel')),
      ),
    ).toBe(
      'legacy .xls files are not supported by the built-in reader: save as .xlsx or configure Apache Tika (EXTRACTOR_DRIVER=tika)',
    );
    expect(
      await failure(extractor.extract(input(await file('old.ppt', 'x'), 'application/x-cfb'))),
    ).toBe(
      'legacy .ppt files are not supported by the built-in reader: save as .pptx or configure Apache Tika (EXTRACTOR_DRIVER=tika)',
    );
  });

  it('an image without OCR fails saying OCR is needed', async () => {
    const pdf = await file('scan-source.pdf', writePdf(['Scanned words']));
    execFileSync('pdftoppm', ['-png', '-r', '50', '-singlefile', pdf, path.join(dir, 'scan')]);
    expect(await failure(extractor.extract(input(path.join(dir, 'scan.png'), 'image/png')))).toBe(
      'scanned pages need OCR: install tesseract-ocr or use Tika',
    );
  });
});

describe('OCR of images', () => {
  it('reads a PNG as one page', async () => {
    const reader = await EmbeddedExtractor.create(extractorConfig({ ocr: 'on', workers: 1 }));
    try {
      const pdf = await file(
        'letter.pdf',
        writePdf(['NOTICE OF TERMINATION\nThe Licensee shall return all Materials.']),
      );
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '200',
        '-gray',
        '-singlefile',
        pdf,
        path.join(dir, 'letter'),
      ]);
      const result = await reader.extract(input(path.join(dir, 'letter.png'), 'image/png'));
      expect(result.pages).toHaveLength(1);
      expect(result.pages[0]).toMatchObject({ number: 1, ocr: true });
      expect(result.pages[0]!.text).toContain('NOTICE OF TERMINATION');
      expect(result.pages[0]!.text).toContain('Licensee shall return all Materials');
      expect(result.metadata).toEqual({ engine: 'tesseract', ocrPages: 1 });
    } finally {
      await reader.close();
    }
  }, 30_000);

  it('with OCR=on, a missing language is a configuration error at start', async () => {
    await expect(
      EmbeddedExtractor.create(extractorConfig({ ocr: 'on', ocrLanguage: 'xyz' })),
    ).rejects.toThrow('OCR=on but tesseract has no data for xyz');
  });
});
