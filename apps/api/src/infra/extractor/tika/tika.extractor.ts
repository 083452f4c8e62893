import { Readable } from 'node:stream';
import type { AppConfig } from '../../../config/app-config.js';
import {
  ExtractionError,
  type Extraction,
  type ExtractionInput,
  type Extractor,
} from '../extractor.port.js';
import { readTikaXhtml } from './tika-xhtml.js';

/** Time Tika gets beyond its own per-request timeout to answer that it timed out. */
const MAX_ANSWER_GRACE_MS = 10_000;

/**
 * Apache Tika server 3.x over REST: the file is streamed to `PUT /tika` and the XHTML answer is
 * split into pages. Tika's 422 and 415 answers are problems of the file; a refused connection,
 * a 5xx answer or no answer in time are failures of the service, to be retried later.
 */
export class TikaExtractor implements Extractor {
  readonly health = { name: 'tika', dependency: 'Apache Tika (TIKA_URL)' };
  private readonly config: AppConfig['extractor'];
  private readonly endpoint: string;

  constructor(config: AppConfig['extractor']) {
    if (!config.tikaUrl) throw new Error('TIKA_URL is required when EXTRACTOR_DRIVER=tika');
    this.config = config;
    this.endpoint = `${config.tikaUrl.replace(/\/+$/, '')}/tika`;
  }

  async ping(signal: AbortSignal): Promise<void> {
    const versionUrl = `${this.config.tikaUrl!.replace(/\/+$/, '')}/version`;
    const response = await fetch(versionUrl, { signal, headers: { accept: '*/*' } });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`GET ${versionUrl} answered ${response.status}`);
  }

  async extract(input: ExtractionInput): Promise<Extraction> {
    const { pages, title } = readTikaXhtml(await this.send(input));
    input.onProgress?.(pages.length, pages.length);
    return {
      pages: pages.map((text, index) => ({ number: index + 1, text })),
      metadata: { engine: 'tika', ocrPages: 0, title },
    };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  /** The XHTML Tika answers with. */
  private async send(input: ExtractionInput): Promise<string> {
    const waitMs =
      this.config.timeoutMs + Math.min(MAX_ANSWER_GRACE_MS, this.config.timeoutMs / 10);
    const deadline = AbortSignal.timeout(waitMs);
    const signal = input.signal ? AbortSignal.any([input.signal, deadline]) : deadline;
    const size = await input.file.size();
    let response: Response;
    let body: string;
    try {
      response = await fetch(this.endpoint, {
        method: 'PUT',
        headers: this.headers(input, size),
        body: Readable.toWeb(input.file.open()) as ReadableStream<Uint8Array>,
        duplex: 'half',
        signal,
      });
      body = await response.text();
    } catch (error) {
      if (input.signal?.aborted) throw input.signal.reason;
      throw this.serviceError(
        deadline.aborted
          ? `gave no answer within ${waitMs / 1000} s`
          : `is unreachable (${causeOf(error)})`,
      );
    }
    if (response.ok) return body;
    if (response.status === 422) throw new ExtractionError(unprocessableReason(body));
    if (response.status === 415) {
      throw new ExtractionError('unsupported file type: Apache Tika cannot read this format');
    }
    throw this.serviceError(
      `answered ${response.status} ${response.statusText}${body ? `: ${firstLine(body)}` : ''}`,
    );
  }

  private headers(input: ExtractionInput, size: number): Record<string, string> {
    const ocr = this.config.ocr !== 'off';
    return {
      Accept: 'text/html',
      'Content-Type': input.mimeType,
      'Content-Length': String(size),
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(input.originalName)}`,
      'X-Tika-PDFOcrStrategy': ocr ? 'auto' : 'no_ocr',
      'X-Tika-OCRLanguage': this.config.ocrLanguage,
      ...(ocr ? {} : { 'X-Tika-OCRskipOcr': 'true' }),
      'X-Tika-Timeout-Millis': String(this.config.timeoutMs),
    };
  }

  private serviceError(problem: string): Error {
    return new Error(`Apache Tika at ${this.config.tikaUrl} (TIKA_URL) ${problem}`);
  }
}

/** Tika answers 422 with the parser's exception in the body. */
function unprocessableReason(body: string): string {
  if (/EncryptedDocumentException|password/i.test(body)) {
    return 'password-protected file: remove the password and upload it again';
  }
  const detail = firstLine(body);
  return `file is corrupt or unreadable${detail ? ` (Apache Tika: ${detail})` : ''}`;
}

function firstLine(text: string): string {
  const line = text.trim().split('\n', 1)[0]!.trim();
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
