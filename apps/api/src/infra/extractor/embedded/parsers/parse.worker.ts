import { readFile } from 'node:fs/promises';
import { parseCsv } from './csv.ts';
import { parseDocx } from './docx.ts';
import { parseDoc } from './legacy-office.ts';
import { parsePdf } from './pdf.ts';
import { parsePpt } from './ppt.ts';
import { parsePptx } from './pptx.ts';
import {
  FileProblem,
  MemoryProblem,
  checkSize,
  corruptFile,
  isAllocationFailure,
  shortDetail,
} from './problems.ts';
import type { ParseResult, ParseTask, ParsedDocument, PdfProgress } from './protocol.ts';
import { parseXlsx } from './spreadsheet.ts';
import { parseText } from './text.ts';
import { parseXls } from './xls.ts';

/**
 * Reads one task inside a parse process (parse.process.ts). Failures that belong to the file come
 * back as results; a missing or unreadable stored file is thrown, as a failure of the service.
 */
export default async function parse(
  task: ParseTask,
  report?: (message: PdfProgress) => void,
): Promise<ParseResult> {
  const data = await readFile(task.path);
  try {
    const document = await parseKind(task, data, report);
    // A sheet's pages are slices of 200 rows (rows.ts): memory and time bound a spreadsheet.
    if (!document.tabular && document.pageCount > task.maxPages) {
      throw new FileProblem(
        `the file has ${document.pageCount} pages, more than the limit of ${task.maxPages} (EXTRACT_MAX_PAGES): split it into smaller files`,
      );
    }
    return { ok: true, ...document };
  } catch (error) {
    if (error instanceof FileProblem) return { ok: false, problem: 'file', reason: error.reason };
    if (error instanceof MemoryProblem || isAllocationFailure(error)) {
      return { ok: false, problem: 'memory' };
    }
    return { ok: false, problem: 'file', reason: corruptFile(shortDetail(error)).reason };
  }
}

function parseKind(
  task: ParseTask,
  data: Buffer,
  report: (message: PdfProgress) => void = () => undefined,
): Promise<ParsedDocument> | ParsedDocument {
  switch (task.kind) {
    case 'pdf':
      return parsePdf(
        new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
        task.pages ?? { first: 1, last: Infinity },
        task,
        report,
      );
    case 'docx':
      return parseDocx(data, task.memoryMb);
    case 'pptx':
      return parsePptx(data, task.memoryMb);
    case 'ppt':
      checkSize(data.length, 8, task.memoryMb);
      return parsePpt(data, task.memoryMb);
    case 'xlsx':
      return parseXlsx(data, task.memoryMb);
    case 'xls':
      return parseXls(data, task.memoryMb);
    case 'csv':
    case 'tsv':
      checkSize(data.length, 4, task.memoryMb);
      return parseCsv(data, task.kind === 'tsv', task.memoryMb);
    case 'text':
      checkSize(data.length, 4, task.memoryMb);
      return parseText(data);
    case 'doc':
      checkSize(data.length, 8, task.memoryMb);
      return parseDoc(data);
  }
}
