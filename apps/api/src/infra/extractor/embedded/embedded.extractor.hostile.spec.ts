import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX_LIB from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { EmbeddedExtractor, IMAGE_WITHOUT_OCR, SCAN_WITHOUT_TEXT } from './embedded.extractor.js';
import { ExtractionError, type ExtractionInput } from '../extractor.port.js';
import { extractorConfig } from '../fixtures/extractor-config.js';
import { localFileSource } from '../../file-store/local-file-source.js';
import { Ocr } from './ocr.js';
import { writeEmptyRowsXlsx, writeZipBombDocx } from '../fixtures/office-writer.js';
import { writePdf } from '../fixtures/pdf-writer.js';
import { libreOfficeDeck, writePowerPointStylePpt } from '../fixtures/ppt-writer.js';
import { writeXls } from '../fixtures/xls-writer.js';

/**
 * Files that must fail alone, each with a reason that says what is wrong, while the pool of
 * parse processes keeps working: after each case a valid file is read with the same extractor.
 */
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XLS = 'application/vnd.ms-excel';
const PPT = 'application/vnd.ms-powerpoint';

let dir: string;
let extractor: EmbeddedExtractor;

async function file(name: string, content: Buffer | string): Promise<string> {
  const target = path.join(dir, name);
  await writeFile(target, content);
  return target;
}

function input(target: string, mimeType = 'application/pdf'): ExtractionInput {
  return { file: localFileSource(target), mimeType, originalName: path.basename(target) };
}

async function failure(promise: Promise<unknown>): Promise<string> {
  return (await failureWithDetail(promise)).reason;
}

/** The reason shown to the user, and the detail logged for the administrator. */
async function failureWithDetail(
  promise: Promise<unknown>,
): Promise<{ reason: string; adminDetail: string | undefined }> {
  const error = await promise.then(
    () => new Error('extraction succeeded'),
    (caught: unknown) => caught,
  );
  if (!(error instanceof ExtractionError)) throw error;
  return { reason: error.reason, adminDetail: error.adminDetail };
}

/** The pool survived: a valid file still reads. */
async function expectPoolWorks(reader: EmbeddedExtractor = extractor): Promise<void> {
  const result = await reader.extract(
    input(await file('valid.pdf', writePdf(['Still standing', 'Page two']))),
  );
  expect(result.pages.map((page) => page.text)).toEqual(['Still standing', 'Page two']);
}

/** A header row and `count` rows of ten cells. */
const ledger = (count: number) => [
  ['Name', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'],
  ...Array.from({ length: count }, (_, i) => [
    `Company ${i + 1}`,
    ...Array.from({ length: 9 }, (_, j) => (i + 1) * (j + 1)),
  ]),
];

/**
 * An .xls encrypted the way Excel 97-2003 does it: a FILEPASS record in the workbook globals
 * (here it takes the place of the record after BOF, so every offset stays right).
 */
function encryptedXls(): Buffer {
  const container = XLSX_LIB.CFB.read(writeXls({ Secret: [['Price', 10]] }), { type: 'buffer' });
  const stream = XLSX_LIB.CFB.find(container, '/Workbook') as { content: Uint8Array };
  const content = Buffer.from(stream.content);
  const second = 4 + content.readUInt16LE(2);
  content.writeUInt16LE(0x002f, second);
  stream.content = content;
  return Buffer.from(XLSX_LIB.CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

/** A one-page PDF whose page is only an image (a 1x1 grey pixel stretched over it): a scan. */
function imageOnlyPdf(): Buffer {
  const content = 'q 612 0 0 792 0 0 cm /Im1 Do Q';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 1 >>\nstream\n\x80\nendstream',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
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

  it('a file over the time budget fails with it, and the process it ran in is replaced', async () => {
    // One process takes seconds over 4,000 pages; its replacement reads a small file in time.
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
      // Refused before reading: at once, this much would end the parse process.
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

  it('a legacy Excel file that is not one, or is cut short, is corrupt', async () => {
    const garbage = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(4096, 7),
    ]);
    expect(await failure(extractor.extract(input(await file('broken.xls', garbage), XLS)))).toMatch(
      /^file is corrupt: /,
    );
    const whole = writeXls({ Ledger: ledger(2000) });
    const cut = await file('cut.xls', whole.subarray(0, Math.floor(whole.length / 2)));
    expect(await failure(extractor.extract(input(cut, XLS)))).toMatch(/^file is corrupt: /);
    const word = await file('word.xls', Buffer.alloc(0));
    expect(await failure(extractor.extract(input(word, XLS)))).toMatch(/^file is corrupt: /);
    await expectPoolWorks();
  });

  it('a web page saved as .xls whose cells outgrow the memory cap fails with it, before reading', async () => {
    const frugal = await EmbeddedExtractor.create(
      extractorConfig({ ocr: 'off', memoryMb: 128, workers: 1 }),
    );
    try {
      // 100,000 cells in 1.4 MB of HTML: SheetJS would need about 100 MB for them.
      const cells = '<tr>' + '<td>1</td>'.repeat(10) + '</tr>';
      const page = `<html><body><table>${cells.repeat(10_000)}</table></body></html>`;
      expect(await failure(frugal.extract(input(await file('report.xls', page), XLS)))).toBe(
        'the file needs more than 128 MB to read: split it into smaller files, or raise EXTRACT_MEMORY_MB',
      );
      await expectPoolWorks(frugal);
    } finally {
      await frugal.close();
    }
  });

  it('an encrypted legacy Excel file asks for the password to go', async () => {
    expect(
      await failure(extractor.extract(input(await file('locked.xls', encryptedXls()), XLS))),
    ).toBe('password-protected file: remove the password and upload it again');
  });

  it('a legacy Excel file whose cells outgrow the memory cap fails with it, before reading', async () => {
    const frugal = await EmbeddedExtractor.create(
      extractorConfig({ ocr: 'off', memoryMb: 128, workers: 1 }),
    );
    try {
      // 100,000 cells in 2 MB of file would take about 100 MB of heap in SheetJS.
      const target = await file('many-cells.xls', writeXls({ Ledger: ledger(10_000) }));
      expect(await failure(frugal.extract(input(target, XLS)))).toBe(
        'the file needs more than 128 MB to read: split it into smaller files, or raise EXTRACT_MEMORY_MB',
      );
      await expectPoolWorks(frugal);
      // A smaller workbook reads with the same cap.
      const small = await file('some-cells.xls', writeXls({ Ledger: ledger(1000) }));
      const result = await frugal.extract(input(small, XLS));
      expect(result.pages.at(-1)!.text.split('\n').at(-1)).toBe(
        'Row 1001: Name: Company 1000 | A: 1000 | B: 2000 | C: 3000 | D: 4000 | E: 5000 | F: 6000 | G: 7000 | H: 8000 | I: 9000',
      );
    } finally {
      await frugal.close();
    }
  }, 60_000);

  it('legacy .ppt cut short, password-protected, without its stream or its container says so', async () => {
    const cut = await file('cut.ppt', libreOfficeDeck().subarray(0, 20_000));
    expect(await failure(extractor.extract(input(cut, PPT)))).toMatch(/^file is corrupt: /);
    const locked = writePowerPointStylePpt([{ listed: ['Secret terms'] }], { encrypted: true });
    expect(await failure(extractor.extract(input(await file('locked.ppt', locked), PPT)))).toBe(
      'password-protected file: remove the password and upload it again',
    );
    const workbook = await file('workbook.ppt', writeXls({ Sheet: [['a']] }));
    expect(await failure(extractor.extract(input(workbook, PPT)))).toBe(
      'file is corrupt: it has no PowerPoint document stream (is it another kind of Office file?)',
    );
    expect(await failure(extractor.extract(input(await file('text.ppt', 'x'), PPT)))).toBe(
      'file is corrupt: this is not a PowerPoint 97-2003 presentation (no OLE container)',
    );
    await expectPoolWorks();
  });

  it('an image without OCR fails saying to ask the administrator, who reads what to install', async () => {
    const pdf = await file('scan-source.pdf', writePdf(['Scanned words']));
    execFileSync('pdftoppm', ['-png', '-r', '50', '-singlefile', pdf, path.join(dir, 'scan')]);
    expect(
      await failureWithDetail(extractor.extract(input(path.join(dir, 'scan.png'), 'image/png'))),
    ).toEqual({
      reason: IMAGE_WITHOUT_OCR,
      adminDetail: 'install tesseract-ocr or use Tika',
    });
  });

  it('a scanned PDF with tesseract but without pdftoppm names the missing poppler-utils', async () => {
    const scan = await file('scan-only.pdf', imageOnlyPdf());
    expect(await failureWithDetail(extractor.extract(input(scan)))).toEqual({
      reason: SCAN_WITHOUT_TEXT,
      adminDetail: 'install tesseract-ocr or use Tika',
    });
    // What Ocr.detect finds when `tesseract --list-langs` works but `pdftoppm -v` does not.
    const imagesOnly = Object.assign(Object.create(Ocr.prototype) as Ocr, { readsPdf: false });
    const detect = jest.spyOn(Ocr, 'detect').mockResolvedValueOnce({
      ocr: imagesOnly,
      advice: 'tesseract is installed but pdftoppm is not; install poppler-utils or use Tika',
    });
    const reader = await EmbeddedExtractor.create(extractorConfig({ ocr: 'auto', workers: 1 }));
    try {
      expect(detect).toHaveBeenCalledTimes(1);
      expect(await failureWithDetail(reader.extract(input(scan)))).toEqual({
        reason: SCAN_WITHOUT_TEXT,
        adminDetail:
          'tesseract is installed but pdftoppm is not; install poppler-utils or use Tika',
      });
    } finally {
      detect.mockRestore();
      await reader.close();
    }
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

  it('with OCR=auto, a missing language is named in the reason for the scans it cannot read', async () => {
    const reader = await EmbeddedExtractor.create(
      extractorConfig({ ocr: 'auto', ocrLanguage: 'eng+xyz', workers: 1 }),
    );
    try {
      const scan = await file('scan-xyz.pdf', imageOnlyPdf());
      expect(await failureWithDetail(reader.extract(input(scan)))).toEqual({
        reason: SCAN_WITHOUT_TEXT,
        adminDetail: "install tesseract's xyz language data (tesseract-ocr-xyz) or use Tika",
      });
    } finally {
      await reader.close();
    }
  });
});
