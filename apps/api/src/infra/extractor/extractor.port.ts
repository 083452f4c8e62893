import type { HealthProbe } from '../../common/health-probe.js';
import type { FileSource } from '../file-store/file-store.port.js';
/** One page of extracted text: a PDF page (1-based, the PDF's own index), a sheet, a slide or a section. */
export type ExtractedPage = {
  number: number;
  text: string;
  /** True when the text came from OCR rather than from a text layer. */
  ocr?: boolean;
};

export type Extraction = {
  pages: ExtractedPage[];
  metadata: {
    /** Which engine produced the text, e.g. "pdf.js", "mammoth", "exceljs", "tika". */
    engine: string;
    ocrPages: number;
    /**
     * Pages that are only images and got no text because OCR is off or not installed (1-based,
     * ascending); absent where nothing reports them (Tika).
     */
    unreadPages?: number[];
    /**
     * For the administrator's log: what would read the unread pages, e.g. "install
     * tesseract-ocr or use Tika"; set whenever `unreadPages` is non-empty.
     */
    unreadPagesAdvice?: string;
    /**
     * The pages are slices of a sheet's rows (spreadsheets): lines repeat from page to page by
     * nature, so none of them is a running header or footer.
     */
    tabular?: boolean;
    title?: string;
  };
};

export type ExtractionInput = {
  /** The stored file (FileStore.source; localFileSource for a file of this machine). */
  file: FileSource;
  /** Detected from the content (see the upload's magic-byte check). */
  mimeType: string;
  originalName: string;
  signal?: AbortSignal;
  /** Called as pages are extracted, so the UI can show "12 of 50 pages". */
  onProgress?: (pagesDone: number, pageCount: number) => void;
};

export interface Extractor extends HealthProbe {
  extract(input: ExtractionInput): Promise<Extraction>;
  close(): Promise<void>;
}

/**
 * Extraction failed for a reason that belongs to the file (corrupt, encrypted, unreadable
 * format, over a budget). `reason` is shown to the user as the document's failure reason and
 * must say what to do, e.g. "password-protected PDF: remove the password and upload it again".
 * `adminDetail`, when there is one, is what an administrator must change (install a package,
 * a setting): it goes to the log, not to the user.
 * Any other error thrown by an extractor means the service itself failed (retry later).
 */
export class ExtractionError extends Error {
  readonly reason: string;
  readonly adminDetail: string | undefined;

  constructor(reason: string, adminDetail?: string) {
    super(reason);
    this.name = 'ExtractionError';
    this.reason = reason;
    this.adminDetail = adminDetail;
  }
}

export const EXTRACTOR = Symbol('EXTRACTOR');
