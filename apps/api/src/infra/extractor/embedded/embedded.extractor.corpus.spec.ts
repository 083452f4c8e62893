import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EmbeddedExtractor, SCAN_WITHOUT_TEXT } from './embedded.extractor.js';
import { ExtractionError, type Extraction } from '../extractor.port.js';
import { extractorConfig } from '../fixtures/extractor-config.js';
import { localFileSource } from '../../file-store/local-file-source.js';
import { scanResolution } from './ocr.js';
import { CORPUS_DIR, describeWithCorpus } from '../../../../test/support/corpus.js';

const corpusFile = (...parts: string[]) => path.join(CORPUS_DIR, ...parts);

/** Physical page counts, from the corpus README. */
const PAGE_COUNTS: Record<string, number> = {
  'TICKETSCOMINC_06_22_1999-EX-10.22-SPONSORSHIP AGREEMENT.PDF': 2,
  'MphaseTechnologiesInc_20030911_10-K_EX-10.15_1560667_EX-10.15_Co-Branding Agreement.pdf': 3,
  'PRIMEENERGYRESOURCESCORP_04_02_2007-EX-10.28-COMPLETION AND LIQUIDITY MAINTENANCE AGREEMENT.PDF': 4,
  'WESTERN COPPER - NON-COMPETITION AGREEMENT.PDF': 8,
  'NETGEAR,INC_04_21_2003-EX-10.16-DISTRIBUTOR AGREEMENT.pdf': 8,
  'Principal Life Insurance Company - Broker Dealer Marketing and Servicing Agreement .PDF': 13,
  'INKTOMICORP_06_08_1998-EX-10.14-SOFTWARE HOSTING AGREEMENT.PDF': 17,
  'ENERGOUSCORP_03_16_2017-EX-10.24-STRATEGIC ALLIANCE AGREEMENT.PDF': 32,
  'CytodynInc_20200109_10-Q_EX-10.5_11941634_EX-10.5_License Agreement.pdf': 50,
  'JOINTCORP_09_19_2014-EX-10.15-FRANCHISE AGREEMENT.PDF': 64,
  'Array BioPharma Inc. - LICENSE, DEVELOPMENT AND COMMERCIALIZATION AGREEMENT.PDF': 107,
  'CERES,INC_01_25_2012-EX-10.20-Collaboration Agreement.PDF': 154,
};
const PRINCIPAL =
  'Principal Life Insurance Company - Broker Dealer Marketing and Servicing Agreement .PDF';
const ARRAY = 'Array BioPharma Inc. - LICENSE, DEVELOPMENT AND COMMERCIALIZATION AGREEMENT.PDF';
const IMAGE_ONLY = corpusFile(
  'derived',
  'PRIMEENERGYRESOURCESCORP_04_02_2007-EX-10.28-COMPLETION AND LIQUIDITY MAINTENANCE AGREEMENT__image-only.pdf',
);

type Clause = { text: string; pdf_pages: number[] | null };

/** Lower case, one space, plain quotes and hyphens: how the corpus annotations were matched. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’´`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

const words = (text: string) => new Set(normalise(text).match(/[a-z0-9]{4,}/g) ?? []);

function pdfInput(file: string) {
  return {
    file: localFileSource(file),
    mimeType: 'application/pdf',
    originalName: path.basename(file),
  };
}

describeWithCorpus('embedded extractor on the developer corpus', () => {
  let extractor: EmbeddedExtractor;
  let withoutOcr: EmbeddedExtractor;
  const results = new Map<string, Extraction>();

  beforeAll(async () => {
    extractor = await EmbeddedExtractor.create(extractorConfig());
    withoutOcr = await EmbeddedExtractor.create(extractorConfig({ ocr: 'off', workers: 1 }));
    for (const name of Object.keys(PAGE_COUNTS)) {
      results.set(name, await extractor.extract(pdfInput(corpusFile(name))));
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all([extractor?.close(), withoutOcr?.close()]);
  });

  it.each(Object.entries(PAGE_COUNTS))('%s has %i pages, numbered from 1', (name, count) => {
    const pages = results.get(name)!.pages;
    expect(pages).toHaveLength(count);
    expect(pages.map((page) => page.number)).toEqual(
      Array.from({ length: count }, (_, i) => i + 1),
    );
  });

  it.each(Object.keys(PAGE_COUNTS))(
    '%s has the words and sentences of CUAD’s text version',
    (name) => {
      const pages = results.get(name)!.pages.map((page) => normalise(page.text));
      const cuad = readFileSync(corpusFile('cuad_txt', name.replace(/ ?\.pdf$/i, '.txt')), 'utf8');
      const expected = [...words(cuad)];
      const found = words(pages.join(' '));
      expect(expected.filter((word) => found.has(word)).length / expected.length).toBeGreaterThan(
        0.99,
      );

      // Every 7th longer sentence must sit on one page (sentences crossing a page break may not).
      const sentences = normalise(cuad)
        .split(/(?<=[.;:])\s/)
        .filter((sentence) => sentence.length >= 60 && sentence.length <= 400)
        .filter((_, index) => index % 7 === 0);
      const missing = sentences.filter(
        (sentence) => !pages.some((page) => page.includes(sentence)),
      );
      expect(missing.length).toBeLessThanOrEqual(Math.max(1, sentences.length * 0.1));
    },
  );

  it('finds annotated clauses on the pages the annotations name', () => {
    const annotations = JSON.parse(
      readFileSync(corpusFile('annotations', 'cuad_clauses_dev12_with_pages.json'), 'utf8'),
    ) as {
      documents: { file: string; clauses: Clause[] }[];
    };
    let checked = 0;
    const misses: string[] = [];
    for (const document of annotations.documents) {
      const pages = results.get(document.file)!.pages.map((page) => normalise(page.text));
      // A clause may begin at the foot of the page before or end on the page after.
      const around = (n: number) => [
        pages[n - 1] ?? '',
        `${pages[n - 2] ?? ''} ${pages[n - 1] ?? ''}`,
        `${pages[n - 1] ?? ''} ${pages[n] ?? ''}`,
      ];
      for (const clause of document.clauses) {
        const parts = clause.text
          .split('<omitted>')
          .map(normalise)
          .filter((part) => part.length >= 30);
        if (!clause.pdf_pages || !parts.length) continue;
        checked++;
        const pageNumbers = clause.pdf_pages;
        if (
          !parts.every((part) =>
            pageNumbers.some((n) => around(n).some((text) => text.includes(part))),
          )
        ) {
          misses.push(`${document.file} p${pageNumbers.join(',')}: ${parts[0]!.slice(0, 60)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(misses.length).toBeLessThanOrEqual(checked * 0.02);
  });

  it('keeps blank pages as empty pages so that numbering never shifts (Array BioPharma)', () => {
    const pages = results.get(ARRAY)!.pages;
    expect(pages).toHaveLength(107);
    expect(pages[8]).toEqual({ number: 9, text: '' });
    expect(pages.filter((page) => page.text === '')).toHaveLength(16);
    expect(pages[9]!.number).toBe(10);
    expect(pages[9]!.text).toMatch(
      /^\[ \* \] = Certain confidential information contained in this document/,
    );
    expect(pages[9]!.text).toContain(
      '1.37 “Manufacture” means any activities related to the production',
    );
  });

  it('joins words and lines readably: one space between words, lines where the page breaks them', () => {
    const page = results.get(
      'CytodynInc_20200109_10-Q_EX-10.5_11941634_EX-10.5_License Agreement.pdf',
    )!.pages[4]!.text;
    expect(page).toContain(
      '1.41 “Disclosing Party” has the meaning set forth in Section 10.1.\n1.42 “Disposition Period”',
    );
    expect(page).not.toMatch(/ {2}/);
  });

  it('reads the scanned pages of the Principal Life agreement by OCR', () => {
    const result = results.get(PRINCIPAL)!;
    expect(result.pages.filter((page) => page.ocr).map((page) => page.number)).toEqual([
      10, 11, 12, 13,
    ]);
    expect(result.metadata.ocrPages).toBe(4);
    expect(result.pages[10]!.text.length).toBeGreaterThan(100);
  });

  it('reads an image-only PDF by OCR, page by page', async () => {
    const result = await extractor.extract(pdfInput(IMAGE_ONLY));
    expect(result.pages.map((page) => [page.number, page.ocr])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, true],
    ]);
    expect(result.metadata).toMatchObject({ ocrPages: 4, engine: 'pdf.js+tesseract' });
    expect(result.pages[0]!.text).toMatch(/COMPLETION AND LIQUIDITY MAINTENANCE AGREEMENT/);
    expect(result.pages[0]!.text).toMatch(/Guaranty/);
    expect(result.pages.map((page) => page.text).join('\n')).toMatch(/Credit Agreement/);

    // The scan is of a corpus PDF whose text layer, itself an old OCR with its own misreadings,
    // says what the pages hold. Read at 300 dpi, 78 % of its words are found; at 200, 80 %.
    const original = results.get(
      'PRIMEENERGYRESOURCESCORP_04_02_2007-EX-10.28-COMPLETION AND LIQUIDITY MAINTENANCE AGREEMENT.PDF',
    )!;
    const expected = [...words(original.pages.map((page) => page.text).join('\n'))];
    const read = words(result.pages.map((page) => page.text).join('\n'));
    expect(expected.filter((word) => read.has(word)).length / expected.length).toBeGreaterThan(
      0.75,
    );
  }, 60_000);

  it('rasterises a scanned page at about its scan resolution', async () => {
    const signal = new AbortController().signal;
    // Principal Life's scans are 127 to 134 ppi; the image-only PDF was scanned at 300 ppi.
    expect(await scanResolution(corpusFile(PRINCIPAL), 10, signal)).toBe(150);
    expect(await scanResolution(IMAGE_ONLY, 1, signal)).toBe(200);
  });

  it('without OCR, completes a mixed PDF with the text it has and counts the image-only pages', async () => {
    const result = await withoutOcr.extract(pdfInput(corpusFile(PRINCIPAL)));
    expect(result.pages).toHaveLength(13);
    expect(result.pages.slice(9).map((page) => page.text)).toEqual(['', '', '', '']);
    expect(result.pages[8]!.text).toContain('EXHIBIT A');
    expect(result.metadata).toMatchObject({ ocrPages: 0, unreadPages: [10, 11, 12, 13] });
  });

  it('without OCR, fails an image-only PDF with a reason that says what to do', async () => {
    const failure = await withoutOcr.extract(pdfInput(IMAGE_ONLY)).catch((error: unknown) => error);
    expect(failure).toEqual(new ExtractionError(SCAN_WITHOUT_TEXT));
    expect((failure as ExtractionError).adminDetail).toBe('install tesseract-ocr or use Tika');
  });

  it('fails a corpus PDF cut in half as corrupt, and reads the next file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'clearroom-extractor-'));
    try {
      const whole = readFileSync(
        corpusFile('CytodynInc_20200109_10-Q_EX-10.5_11941634_EX-10.5_License Agreement.pdf'),
      );
      const half = path.join(dir, 'half.pdf');
      await writeFile(half, whole.subarray(0, whole.length / 2));
      const error = await extractor.extract(pdfInput(half)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ExtractionError);
      expect((error as ExtractionError).reason).toMatch(/^file is corrupt: /);
      expect((await extractor.extract(pdfInput(corpusFile(ARRAY)))).pages).toHaveLength(107);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  describe('office files', () => {
    const office = (name: string) => {
      const mimeTypes: Record<string, string> = {
        '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      };
      return extractor.extract({
        file: localFileSource(corpusFile('office', name)),
        mimeType: mimeTypes[path.extname(name)]!,
        originalName: name,
      });
    };
    const allText = (result: Extraction) => result.pages.map((page) => page.text).join('\n');

    it('every file in office/ yields text', async () => {
      for (const name of readdirSync(corpusFile('office'))) {
        expect(allText(await office(name)).length).toBeGreaterThan(20);
      }
    });

    it('testWORD.docx: headings set apart, nested table, header and footer', async () => {
      const result = await office('testWORD.docx');
      const text = allText(result);
      expect(result.metadata).toMatchObject({ engine: 'docx', title: 'Sample Word Document' });
      expect(text).toContain(
        'Sample Word Document Title\n\nAnd now for a subtitle\n\nMain Heading\n\nHeading Level 1',
      );
      expect(text).toContain(
        'This is a table\nNested table; More of our nested table\nThe table has things in it',
      );
      expect(text).toContain('Header: This is the header for our document');
      expect(text).toContain('Footer: This is the footer for our document');
    });

    it('testWORD_various.docx: bullets, numbers, table rows, text box, footnote', async () => {
      const text = allText(await office('testWORD_various.docx'));
      expect(text).toContain('Here is a list:\n• Bullet 1\n• Bullet 2\n• Bullet 3');
      expect(text).toContain('1) Number bullet 1\n2) Number bullet 2');
      expect(text).toContain('Row 1 Col 1 | Row 1 Col 2 | Row 1 Col 3');
      expect(text).toContain('Here is a text box');
      expect(text).toContain('Footnote appears here[1]');
      expect(text).toContain('[1] This is a footnote.');
      expect(text).toContain('ゾルゲと尾崎、淡々と最期');
    });

    it('testWORD_numbered_list.docx: list numbers as Word shows them (Tika’s own expectations)', async () => {
      const text = allText(await office('testWORD_numbered_list.docx'));
      for (const line of [
        '1) This',
        'a) Is',
        'i) A multi',
        'ii) Level',
        '1. Within cell 1',
        'b. Cell b',
        'iii) List',
        '2) foo',
        'ii) baz',
        'ii) foo',
        'II. bar',
        '6. six',
        '7. seven',
        'a. seven a',
        'e. seven e',
        '2. A ii 2',
        '3. page break list 3',
        'Some-1-CrazyFormat Greek numbering with crazy format - alpha',
        '1.1.1. 1.1.1',
        '1.1. 1.2->1.1 //set the value',
      ]) {
        expect(text).toContain(line);
      }
      expect(text).toContain('add a list here');
    });

    it('testEXCEL.xlsx: one page per sheet in tab order, rows with header names, formula results', async () => {
      const result = await office('testEXCEL.xlsx');
      expect(result.pages.map((page) => page.text.split('\n')[0])).toEqual([
        'Sheet: Feuil1',
        'Sheet: Feuil2',
        'Sheet: Feuil3',
      ]);
      const sheet = result.pages[0]!.text;
      expect(sheet).toContain('Row 1: Sample Excel Worksheet - Numbers and their Squares');
      expect(sheet).toContain('Row 6: Number: 1 | Square: 1');
      expect(sheet).toContain('Row 20: Number: 15 | Square: 225');
      expect(sheet).not.toContain('B6');
    });

    it('testEXCEL_headers_footers.xlsx and testComment.xlsx: names, addresses, comments', async () => {
      expect(allText(await office('testEXCEL_headers_footers.xlsx'))).toContain(
        'Row 83: Name: John Smith82 | Address: 82 Corporate HQ',
      );
      const comment = allText(await office('testComment.xlsx'));
      expect(comment).toContain('Row 1: Here is some text');
      expect(comment).toContain('A1: Author: Here is a comment');
    });

    it('testPPT.pptx: one page per slide, title first', async () => {
      const result = await office('testPPT.pptx');
      expect(result.pages).toHaveLength(3);
      expect(result.pages[0]!.text).toBe('Attachment Test\nRajiv');
      expect(result.pages[2]!.text).toContain('Black Panther');
    });

    it('testPPT_various.pptx and testPPT_groups.pptx: tables, notes, groups, SmartArt', async () => {
      const various = allText(await office('testPPT_various.pptx'));
      expect(various).toContain('Row 1 Col 1 | Row 1 Col 2 | Row 1 Col 3');
      expect(various).toContain('• Bullet 1');
      expect(various).toMatch(/Notes: This is the footer text\.\nThis is the header text\.$/);
      const groups = await office('testPPT_groups.pptx');
      const slide = groups.pages[1]!.text;
      expect(slide.split('\n')[0]).toBe('MyTitle');
      for (const text of [
        'Text box1',
        'Text box2',
        'Text box3',
        'Text box4',
        'Text box5',
        'WordArt1',
        'smart1',
        'Smart5',
        'Ungrouped text box',
      ]) {
        expect(slide).toContain(text);
      }
    });
  });
});
