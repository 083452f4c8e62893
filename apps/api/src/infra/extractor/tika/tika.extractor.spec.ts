import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import {
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
  createServer,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ExtractionError } from '../extractor.port.js';
import { extractorConfig } from '../fixtures/extractor-config.js';
import { localFileSource } from '../../file-store/local-file-source.js';
import { TikaExtractor } from './tika.extractor.js';

/** The Tika adapter against a fake Tika server that answers with XHTML recorded from Tika 3.x. */
const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '..', 'fixtures', name), 'utf8');

type Received = { method?: string; url?: string; headers: IncomingHttpHeaders; body: Buffer };

let server: Server;
let tikaUrl: string;
let received: Received[];
let answer: (response: ServerResponse) => void;
let dir: string;
let pdf: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'clearroom-tika-'));
  pdf = path.join(dir, 'agreement.pdf');
  await writeFile(pdf, Buffer.from('%PDF-1.4 pretend content'));
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tikaUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  received = [];
  answer = (response) =>
    response.writeHead(200, { 'Content-Type': 'text/html' }).end(fixture('tika-pdf.xml'));
});

const tika = (overrides: Parameters<typeof extractorConfig>[0] = {}) =>
  new TikaExtractor(extractorConfig({ driver: 'tika', tikaUrl, ...overrides }));

const extractPdf = (extractor = tika(), signal?: AbortSignal) =>
  extractor.extract({
    file: localFileSource(pdf),
    mimeType: 'application/pdf',
    originalName: 'Agreement “final”.pdf',
    signal,
  });

describe('Tika extractor', () => {
  it('streams the file to PUT /tika with the OCR, language and timeout headers', async () => {
    await extractPdf(tika({ timeoutMs: 120_000, ocrLanguage: 'eng+deu' }));
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({ method: 'PUT', url: '/tika' });
    expect(request!.headers).toMatchObject({
      accept: 'text/html',
      'content-type': 'application/pdf',
      'content-length': String(Buffer.byteLength('%PDF-1.4 pretend content')),
      'x-tika-pdfocrstrategy': 'auto',
      'x-tika-ocrlanguage': 'eng+deu',
      'x-tika-timeout-millis': '120000',
    });
    expect(request!.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''Agreement%20%E2%80%9Cfinal%E2%80%9D.pdf`,
    );
    expect(request!.body.toString()).toBe('%PDF-1.4 pretend content');
  });

  it('asks for no OCR when OCR is off', async () => {
    await extractPdf(tika({ ocr: 'off' }));
    expect(received[0]!.headers).toMatchObject({
      'x-tika-pdfocrstrategy': 'no_ocr',
      'x-tika-ocrskipocr': 'true',
    });
  });

  it('makes one page of each div.page, blank pages included, in order', async () => {
    const progress: number[][] = [];
    const result = await tika().extract({
      file: localFileSource(pdf),
      mimeType: 'application/pdf',
      originalName: 'a.pdf',
      onProgress: (...args) => progress.push(args),
    });
    expect(result).toEqual({
      pages: [
        {
          number: 1,
          text: 'SPONSORSHIP AGREEMENT\nThis Sponsorship Agreement (the “Agreement”) is entered into by Tickets.com, Inc.\nand MP3.com, Inc. & their affiliates.',
        },
        { number: 2, text: '' },
        {
          number: 3,
          text: '3. Term. The term of this Agreement shall be two (2) years.\nFee | $100,000\nTerm | 2 years\nhttp://www.mp3.com',
        },
      ],
      metadata: { engine: 'tika', ocrPages: 0, title: 'Sponsorship Agreement' },
    });
    expect(progress).toEqual([[3, 3]]);
  });

  it('makes one page of each slide, with its notes', async () => {
    answer = (response) => response.writeHead(200).end(fixture('tika-pptx.xml'));
    const result = await extractPdf();
    expect(result.pages).toEqual([
      { number: 1, text: 'Deal summary\nPrice: 10m\nNotes: Mention the escrow.' },
      {
        number: 2,
        text: 'Risks\nRisk | Owner\nChange of control | Legal\nAda (AL) - Check the owner',
      },
    ]);
  });

  it('splits documents without pages into sections of about 3,000 characters', async () => {
    const long = (word: string) => `${word} `.repeat(400).trim();
    answer = (response) =>
      response
        .writeHead(200)
        .end(
          fixture('tika-docx.xml')
            .replace('PARAGRAPH_ONE', long('alpha'))
            .replace('PARAGRAPH_TWO', long('beta')),
        );
    const result = await extractPdf();
    expect(result.pages.map((page) => page.text.slice(0, 40))).toEqual([
      'Share Purchase Agreement\n1. Definitions\n',
      'beta beta beta beta beta beta beta beta ',
    ]);
    expect(result.metadata.title).toBe('Share Purchase Agreement');
  });

  it('maps an encrypted document (422) to a password reason', async () => {
    answer = (response) =>
      response
        .writeHead(422)
        .end(
          'org.apache.tika.exception.EncryptedDocumentException: Unable to process: document is encrypted\n\tat org.apache.tika...',
        );
    await expect(extractPdf()).rejects.toEqual(
      new ExtractionError('password-protected file: remove the password and upload it again'),
    );
  });

  it('maps other 422 answers to a corrupt file, naming Tika’s reason', async () => {
    answer = (response) =>
      response
        .writeHead(422)
        .end(
          'org.apache.tika.exception.TikaException: Unexpected RuntimeException from org.apache.tika.parser.pdf.PDFParser\n\tat ...',
        );
    await expect(extractPdf()).rejects.toEqual(
      new ExtractionError(
        'file is corrupt or unreadable (Apache Tika: org.apache.tika.exception.TikaException: Unexpected RuntimeException from org.apache.tika.parser.pdf.PDFParser)',
      ),
    );
  });

  it('maps 415 to an unsupported type', async () => {
    answer = (response) => response.writeHead(415).end();
    await expect(extractPdf()).rejects.toEqual(
      new ExtractionError('unsupported file type: Apache Tika cannot read this format'),
    );
  });

  it('treats a 5xx answer as a failure of the service, to be retried', async () => {
    answer = (response) => response.writeHead(503, 'Service Unavailable').end('busy');
    const error = await extractPdf().catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ExtractionError);
    expect((error as Error).message).toBe(
      `Apache Tika at ${tikaUrl} (TIKA_URL) answered 503 Service Unavailable: busy`,
    );
  });

  it('treats no answer in time as a failure of the service', async () => {
    answer = () => undefined;
    const error = await extractPdf(tika({ timeoutMs: 200 })).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ExtractionError);
    expect((error as Error).message).toBe(
      `Apache Tika at ${tikaUrl} (TIKA_URL) gave no answer within 0.22 s`,
    );
  });

  it('treats a refused connection as a failure of the service', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const error = await extractPdf(
      new TikaExtractor(extractorConfig({ driver: 'tika', tikaUrl: url })),
    ).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ExtractionError);
    expect((error as Error).message).toBe(
      `Apache Tika at ${url} (TIKA_URL) is unreachable (ECONNREFUSED)`,
    );
  });

  it('stops when the caller aborts', async () => {
    answer = () => undefined;
    const controller = new AbortController();
    const extraction = extractPdf(tika(), controller.signal);
    setTimeout(() => controller.abort(new Error('cancelled')), 50);
    await expect(extraction).rejects.toThrow('cancelled');
  });
});
