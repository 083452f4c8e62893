import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { OPS, getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { FileProblem, checkHeap, corruptFile, shortDetail } from './problems.ts';
import { registerPdfjsPatch } from './pdfjs-patch.ts';
import type { ParsedDocument, ParsedPage, PdfProgress } from './protocol.ts';
import { tidy } from './sections.ts';

/**
 * PDF text with pdf.js, for one range of pages: the main process splits long documents into
 * ranges read by several parse processes at once. Page numbers are the PDF's own (1-based) indexes.
 */
type TextItem = {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
};

/** Fewer non-blank characters than this, plus an image, makes a page a scan for OCR. */
const MIN_TEXT_CHARS = 40;
/** Bounds the decoding of images when checking for scans (the memory cap is the real guard). */
const MAX_IMAGE_PIXELS = 100_000_000;

const IMAGE_OPS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObjectRepeat,
  OPS.paintImageMaskXObjectGroup,
  OPS.paintInlineImageXObjectGroup,
]);

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const assetDir = (name: string) => `${join(pdfjsRoot, name)}/`;

// pdf.js runs its "worker" code in this process when it finds it on globalThis. Loading it here,
// once per process, keeps that import off the first document's clock, after the hook that fixes
// its slow line. (The specifier is a variable because the worker build has no type declarations.)
const pdfjsWorkerModule = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
registerPdfjsPatch();
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(pdfjsWorkerModule);

export async function parsePdf(
  data: Uint8Array,
  range: { first: number; last: number },
  limits: { maxPages: number; memoryMb: number },
  report: (message: PdfProgress) => void,
): Promise<ParsedDocument> {
  const { maxPages, memoryMb } = limits;
  const document = await openPdf(data);
  try {
    const pageCount = document.numPages;
    if (pageCount > maxPages) {
      throw new FileProblem(
        `the PDF has ${pageCount} pages, more than the limit of ${maxPages} (EXTRACT_MAX_PAGES): split it into smaller files`,
      );
    }
    report({ type: 'opened', pageCount });
    const pages: ParsedPage[] = [];
    for (let number = range.first; number <= Math.min(range.last, pageCount); number++) {
      const page = await readPage(document, number);
      checkHeap(memoryMb);
      pages.push(page);
      report({ type: 'page', number, imageOnly: page.imageOnly === true });
    }
    const title = range.first === 1 ? await readTitle(document) : undefined;
    return { engine: 'pdf.js', pageCount, pages, title };
  } finally {
    await document.loadingTask.destroy();
  }
}

async function openPdf(data: Uint8Array): Promise<PDFDocumentProxy> {
  const task = getDocument({
    data,
    cMapUrl: assetDir('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: assetDir('standard_fonts'),
    wasmUrl: assetDir('wasm'),
    iccUrl: assetDir('iccs'),
    useSystemFonts: false,
    disableFontFace: true,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    enableXfa: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy();
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') {
      throw new FileProblem('password-protected PDF: remove the password and upload it again');
    }
    throw corruptFile(
      name === 'InvalidPDFException'
        ? `not a readable PDF (${shortDetail(error)})`
        : shortDetail(error),
    );
  }
}

async function readPage(document: PDFDocumentProxy, number: number): Promise<ParsedPage> {
  try {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const text = layoutText(content.items.flatMap((item) => ('str' in item ? [item] : [])));
    const imageOnly =
      text.replace(/\s/g, '').length < MIN_TEXT_CHARS &&
      hasImage((await page.getOperatorList()).fnArray);
    page.cleanup();
    return imageOnly ? { number, text, imageOnly } : { number, text };
  } catch (error) {
    throw corruptFile(`page ${number} cannot be read (${shortDetail(error)})`);
  }
}

function hasImage(operators: number[]): boolean {
  return operators.some((operator) => IMAGE_OPS.has(operator));
}

/**
 * Joins text items into lines. pdf.js marks most line ends (hasEOL) and inserts most spaces;
 * item positions catch the rest: a jump in height starts a line, a horizontal gap is a space.
 */
function layoutText(items: TextItem[]): string {
  let text = '';
  let previous: { x: number; y: number; end: number; size: number } | undefined;
  for (const item of items) {
    const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform;
    const size = item.height || Math.hypot(c, d) || Math.hypot(a, b);
    const horizontal = b === 0 && c === 0;
    if (previous && item.str && !text.endsWith('\n')) {
      if (Math.abs(y - previous.y) > Math.max(size, previous.size) / 2) text += '\n';
      else if (
        horizontal &&
        x - previous.end > size * 0.15 &&
        !/\s$/.test(text) &&
        !/^\s/.test(item.str)
      )
        text += ' ';
    }
    text += item.str;
    if (item.hasEOL) text += '\n';
    if (item.str) previous = { x, y, end: x + item.width, size };
  }
  return tidy(text);
}

async function readTitle(document: PDFDocumentProxy): Promise<string | undefined> {
  try {
    const { info } = await document.getMetadata();
    const title = (info as { Title?: unknown }).Title;
    return typeof title === 'string' && title.trim() ? title.trim() : undefined;
  } catch {
    return undefined;
  }
}
