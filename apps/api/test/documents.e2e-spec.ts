import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SqlEntityManager } from '@mikro-orm/sql';
import Database from 'better-sqlite3';
import { PAGE_TEXT_SHOWN, type ProjectFile, type UploadResponse } from '@clearroom/contracts';
import ExcelJS from 'exceljs';
import {
  writeEmptyRowsXlsx,
  writeZipBombDocx,
} from '../src/infra/extractor/fixtures/office-writer.js';
import { writePdf } from '../src/infra/extractor/fixtures/pdf-writer.js';
import { libreOfficeDeck } from '../src/infra/extractor/fixtures/ppt-writer.js';
import { product, writeXls } from '../src/infra/extractor/fixtures/xls-writer.js';
import { JOB_QUEUE, type JobQueue } from '../src/infra/job-queue/job-queue.port.js';
import { SEARCH_INDEX, type SearchIndex } from '../src/infra/search-index/search-index.port.js';
import { Session } from '../src/infra/session-store/session.entity.js';
import { DocumentPage } from '../src/modules/documents/document-page.entity.js';
import { SessionService } from '../src/modules/auth/session.service.js';
import { FileUrlSigner } from '../src/modules/documents/file-url-signer.js';
import { CORPUS, corpusFile, describeWithCorpus } from './support/corpus.js';
import { createProject, waitForAnalysis } from './support/documents.js';
import { sessionCookiePair, signUp, startTestApp, type TestApp } from './support/test-app.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = (text: string) => writePdf([text]);

describe('documents API', () => {
  let testApp: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let projectId: number;
  const filesDir = () => path.join(testApp.db.env['DATA_DIR']!, 'files');

  beforeAll(async () => {
    testApp = await startTestApp({ UPLOAD_MAX_FILE_SIZE_MB: '1', UPLOAD_MAX_FILES: '3' });
    owner = await signUp(testApp);
    projectId = await createProject(owner.agent);
  });
  afterAll(() => testApp.drop());

  const upload = (files: [Buffer, string][], agent = owner.agent, project = projectId) => {
    let request = agent.post(`/api/projects/${project}/files`).set('Accept', 'application/json');
    for (const [content, name] of files) request = request.attach('files', content, name);
    return request;
  };

  describe('upload', () => {
    it('stores a file, answers per file as spec’d, and analyses it to completed', async () => {
      const response = await upload([
        [pdf('The licensor may assign this agreement.'), 'license.pdf'],
      ]).expect(201);
      const body = response.body as UploadResponse;
      expect(body.message).toBe('1 file(s) uploaded successfully');
      expect(body.files).toEqual([
        expect.objectContaining({
          status: 'accepted',
          originalname: 'license.pdf',
          size: expect.any(Number),
        }),
      ]);
      const [accepted] = body.files;
      if (accepted?.status !== 'accepted') throw new Error('not accepted');
      expect(accepted.file).toMatchObject({
        originalname: 'license.pdf',
        mimetype: 'application/pdf',
        processing_status: 'awaiting_processing',
        processingStatus: 'awaiting_processing',
      });
      expect(accepted.file.filename).toMatch(/^[0-9a-f-]{36}\.pdf$/);

      const files = await waitForAnalysis(owner.agent, projectId);
      expect(files).toEqual([
        expect.objectContaining({
          originalname: 'license.pdf',
          processingStatus: 'completed',
          pageCount: 1,
          pagesProcessed: 1,
          failureReason: null,
        }),
      ]);
      const stats = await owner.agent.get('/api/dashboard/stats').expect(200);
      expect(stats.body.documentsAnalyzed).toBe(1);
    });

    it('reports the same content uploaded again as a duplicate instead of storing it twice', async () => {
      const response = await upload([
        [pdf('The licensor may assign this agreement.'), 'copy of license.pdf'],
      ]).expect(201);
      expect(response.body.files[0]).toMatchObject({
        status: 'duplicate',
        originalname: 'copy of license.pdf',
        file: { originalname: 'license.pdf' },
      });
      expect(response.body.message).toBe('1 already in this project: copy of license.pdf');
      const list = await owner.agent.get(`/api/projects/${projectId}/files`).expect(200);
      expect(list.body.files).toHaveLength(1);
    });

    it('refuses a 0-byte file with 400', async () => {
      const response = await upload([[Buffer.alloc(0), 'empty.pdf']]).expect(400);
      expect(response.body).toMatchObject({
        error: '"empty.pdf" is empty (0 bytes): there is nothing to analyse.',
        code: 'VALIDATION_FAILED',
        files: [{ status: 'rejected', originalname: 'empty.pdf', code: 'VALIDATION_FAILED' }],
      });
    });

    it('refuses a file over the size limit with 413 naming the file and the limit', async () => {
      const response = await upload([[Buffer.alloc(1024 * 1024 + 10, 'a'), 'huge.txt']]).expect(
        413,
      );
      expect(response.body).toMatchObject({
        error: '"huge.txt" is larger than the 1 MB limit per file.',
        code: 'PAYLOAD_TOO_LARGE',
      });
    });

    it('refuses content of an unsupported type with 415 naming the file', async () => {
      const zip = Buffer.from('504b0304140000000000', 'hex');
      const response = await upload([
        [Buffer.concat([zip, Buffer.alloc(100)]), 'archive.zip'],
      ]).expect(415);
      expect(response.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(response.body.error).toMatch(/^"archive\.zip" is not a supported file type/);
    });

    it('refuses a file whose name contradicts its content (PNG named .pdf)', async () => {
      const response = await upload([[PNG, 'contract.pdf']]).expect(415);
      expect(response.body.error).toBe(
        '"contract.pdf" is named .pdf but its content is an image (image/png): rename it or upload the intended file.',
      );
    });

    it('refuses files beyond the per-request count, keeping the others', async () => {
      const response = await upload([
        [pdf('one'), 'one.pdf'],
        [pdf('two'), 'two.pdf'],
        [pdf('three'), 'three.pdf'],
        [pdf('four'), 'four.pdf'],
      ]).expect(201);
      expect(response.body.files.map((f: { status: string }) => f.status)).toEqual([
        'accepted',
        'accepted',
        'accepted',
        'rejected',
      ]);
      expect(response.body.files[3].error).toBe(
        '"four.pdf" was not uploaded: at most 3 files can be uploaded at once.',
      );
      expect(response.body.message).toBe('3 file(s) uploaded successfully; 1 rejected: four.pdf');
    });

    it('one bad file does not sink the others in a batch', async () => {
      const response = await upload([
        [PNG, 'scan.docx'],
        [Buffer.from('Closing date: 1 March 2027.\n'), 'notes.txt'],
      ]).expect(201);
      expect(response.body.files).toEqual([
        expect.objectContaining({ status: 'rejected', code: 'UNSUPPORTED_MEDIA_TYPE' }),
        expect.objectContaining({
          status: 'accepted',
          file: expect.objectContaining({ mimetype: 'text/plain' }),
        }),
      ]);
    });

    it('keeps only the base of a hostile name; non-ASCII names survive intact', async () => {
      const response = await upload([[pdf('Résumé'), '../../etc/Ünïcødé résumé.pdf']]).expect(201);
      const outcome = response.body.files[0];
      expect(outcome.file.originalname).toBe('Ünïcødé résumé.pdf');
      expect(outcome.file.filename).not.toContain('..');
      const download = await owner.agent
        .get(`/api/files/${outcome.file.filename}?download=1`)
        .expect(200);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="?n?c?d? r?sum?.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B8d%C3%A9%20r%C3%A9sum%C3%A9.pdf`,
      );
    });

    it('answers 415 for a body that is not multipart', async () => {
      const response = await owner.agent
        .post(`/api/projects/${projectId}/files`)
        .send({ files: ['a.pdf'] })
        .expect(415);
      expect(response.body.error).toBe(
        'Upload files as multipart/form-data, each in a field named "files"',
      );
    });

    it('answers 400 "Please select files to upload" for a form without files', async () => {
      const response = await owner.agent
        .post(`/api/projects/${projectId}/files`)
        .field('note', 'x')
        .expect(400);
      expect(response.body.error).toBe('Please select files to upload');
    });

    it('a dropped connection stores nothing and leaves no partial file behind', async () => {
      const before = (await owner.agent.get(`/api/projects/${projectId}/files`)).body.files.length;
      const address = testApp.app.getHttpServer().address() ?? (await listen(testApp));
      const port = typeof address === 'string' ? 0 : address.port;
      await new Promise<void>((resolve) => {
        const boundary = 'x-boundary';
        const request = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/api/projects/${projectId}/files`,
          headers: {
            cookie: owner.cookie,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': 10_000_000,
          },
        });
        request.on('error', () => resolve());
        request.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="partial.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n${'x'.repeat(50_000)}`,
        );
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 200);
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = (await owner.agent.get(`/api/projects/${projectId}/files`)).body.files.length;
      expect(after).toBe(before);
      expect(readdirSync(path.join(filesDir(), 'incoming'))).toEqual([]);
    });
  });

  describe('viewing, tokens and ownership', () => {
    let file: ProjectFile;
    beforeAll(async () => {
      const response = await upload([[pdf('Viewer test page.'), 'viewer.pdf']]).expect(201);
      file = response.body.files[0].file;
    });

    it('serves the file inline with its detected type, and as an attachment on ?download=1', async () => {
      const inline = await owner.agent.get(`/api/files/${file.filename}`).expect(200);
      expect(inline.headers['content-type']).toBe('application/pdf');
      expect(inline.headers['content-disposition']).toBe('inline; filename=viewer.pdf');
      expect(inline.headers['x-content-type-options']).toBe('nosniff');
      // Sandboxed like every uploaded file: no script in it runs in the product's origin.
      expect(inline.headers['content-security-policy']).toBe('sandbox');
      expect(
        Buffer.from(inline.body as Buffer)
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      const attachment = await owner.agent
        .get(`/api/files/${file.filename}?download=1`)
        .expect(200);
      expect(attachment.headers['content-disposition']).toBe('attachment; filename=viewer.pdf');
    });

    it('streams a byte range (206), refuses one beyond the end (416), and revalidates (304)', async () => {
      const whole = await owner.agent.get(`/api/files/${file.filename}`).expect(200);
      const bytes = Buffer.from(whole.body as Buffer);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(Number(whole.headers['content-length'])).toBe(bytes.length);

      const part = await owner.agent
        .get(`/api/files/${file.filename}`)
        .set('Range', 'bytes=0-4')
        .expect(206);
      expect(part.headers['content-range']).toBe(`bytes 0-4/${bytes.length}`);
      expect(Buffer.from(part.body as Buffer).toString()).toBe('%PDF-');
      const tail = await owner.agent
        .get(`/api/files/${file.filename}`)
        .set('Range', 'bytes=-6')
        .expect(206);
      expect(Buffer.from(tail.body as Buffer)).toEqual(bytes.subarray(bytes.length - 6));

      const beyond = await owner.agent
        .get(`/api/files/${file.filename}`)
        .set('Range', `bytes=${bytes.length + 10}-`)
        .expect(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);

      await owner.agent
        .get(`/api/files/${file.filename}`)
        .set('If-None-Match', whole.headers['etag'] as string)
        .expect(304);
    });

    it('a signed URL loads the file without a cookie; tampered or expired ones get 403', async () => {
      const { body } = await owner.agent.get(`/api/files/${file.id}/token`).expect(200);
      expect(body.url).toMatch(new RegExp(`^/api/files/${file.filename}\\?token=`));
      const loaded = await testApp.http().get(body.url).expect(200);
      expect(loaded.headers['content-type']).toBe('application/pdf');

      const tampered = body.url.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
      const refused = await testApp.http().get(tampered).expect(403);
      expect(refused.body).toEqual({
        error: 'This link to the document is not valid: open it again from Clearroom.',
        code: 'FORBIDDEN',
      });

      const grant = new URL(body.url, 'http://x').searchParams.get('token')!.split('.')[2]!;
      const expired = await testApp.app
        .get(FileUrlSigner)
        .sign(file.id, { session: grant.slice(1) }, Date.now() - 3_600_000);
      const late = await testApp
        .http()
        .get(`/api/files/${file.filename}?token=${expired}`)
        .expect(403);
      expect(late.body.error).toBe(
        'This link to the document has expired: open it again from Clearroom.',
      );

      // A token for one document does not open another.
      const other = (await upload([[pdf('Another'), 'another.pdf']]).expect(201)).body.files[0]
        .file;
      const token = new URL(body.url, 'http://x').searchParams.get('token');
      await testApp.http().get(`/api/files/${other.filename}?token=${token}`).expect(403);
    });

    it('a signed URL lives no longer than its session: after logout or expiry it answers 403', async () => {
      const reader = testApp.http();
      const signedIn = await reader
        .post('/api/auth/login')
        .send({ username: owner.user.username, password: owner.password })
        .expect(200);
      expect(signedIn.body.user.id).toBe(owner.user.id);
      const url = (await reader.get(`/api/files/${file.id}/token`).expect(200)).body.url as string;
      const second = (await reader.get(`/api/files/${file.id}/token`).expect(200)).body
        .url as string;
      await testApp.http().get(url).expect(200);

      await reader.post('/api/auth/logout').expect(200);
      const ended = {
        error:
          'This link to the document is no longer valid (signed out, or access removed): ' +
          'open it again from Clearroom.',
        code: 'FORBIDDEN',
      };
      await testApp.http().get(url).expect(403, ended);
      await testApp.http().get(second).expect(403, ended);
      // The owner's other session, and the URLs it asks for, are untouched.
      const mine = (await owner.agent.get(`/api/files/${file.id}/token`).expect(200)).body.url;
      await testApp.http().get(mine).expect(200);

      const expiring = testApp.http();
      const again = await expiring
        .post('/api/auth/login')
        .send({ username: owner.user.username, password: owner.password })
        .expect(200);
      const late = (await expiring.get(`/api/files/${file.id}/token`).expect(200)).body.url;
      const em = testApp.app.get(SqlEntityManager).fork();
      const cookie = sessionCookiePair(again.headers['set-cookie']);
      const sessionId = testApp.app.get(SessionService).idOf(cookie.split('=')[1]!);
      await em.nativeUpdate(Session, { id: sessionId }, { expiresAt: new Date(Date.now() - 1000) });
      await testApp.http().get(late).expect(403, ended);
    });

    it("another user's files do not exist for them (404), and wrong ids get 400", async () => {
      const stranger = await signUp(testApp);
      await stranger.agent.get(`/api/projects/${projectId}/files`).expect(404);
      await upload([[pdf('x'), 'x.pdf']], stranger.agent).expect(404);
      await stranger.agent.get(`/api/files/${file.filename}`).expect(404);
      await stranger.agent.get(`/api/files/${file.id}/token`).expect(404);
      await stranger.agent.delete(`/api/files/${file.id}`).expect(404);
      await stranger.agent.get(`/api/projects/${projectId}/search?q=viewer`).expect(404);
      await owner.agent.delete('/api/files/abc').expect(400);
      await owner.agent.get('/api/files/..%2F..%2Fetc%2Fpasswd').expect(404);
      await owner.agent.get(`/api/files/${file.filename}`).expect(200);
    });

    it('deleting a file removes it, its pages and its index entries', async () => {
      const response = await upload([
        [pdf('Escrow of the source code with a neutral agent.'), 'escrow.pdf'],
      ]).expect(201);
      const escrow = response.body.files[0].file as ProjectFile;
      await waitForAnalysis(owner.agent, projectId);
      const found = await owner.agent
        .get(`/api/projects/${projectId}/search?q=escrow source code`)
        .expect(200);
      expect(found.body.passages[0]).toMatchObject({
        documentId: escrow.id,
        originalname: 'escrow.pdf',
        pageNumber: 1,
      });

      await owner.agent.delete(`/api/files/${escrow.id}`).expect(200, { success: true });
      await owner.agent.get(`/api/files/${escrow.filename}`).expect(404);
      const after = await owner.agent
        .get(`/api/projects/${projectId}/search?q=escrow source code`)
        .expect(200);
      expect(
        after.body.passages.filter((p: { documentId: number }) => p.documentId === escrow.id),
      ).toEqual([]);
      expect(readdirSync(filesDir())).not.toContain(escrow.filename);
    });

    it('search validates its query', async () => {
      const empty = await owner.agent.get(`/api/projects/${projectId}/search?q=%20`).expect(400);
      expect(empty.body.error).toBe('Enter something to search for (q)');
      await owner.agent.get(`/api/projects/${projectId}/search?q=x&limit=0`).expect(400);
      const hostile = await owner.agent
        .get(`/api/projects/${projectId}/search`)
        .query({ q: '"unbalanced * NEAR( AND -' })
        .expect(200);
      expect(Array.isArray(hostile.body.passages)).toBe(true);
    });
  });

  it("deleting a project removes its files, pages and index entries, and leaves another project's alone", async () => {
    const doomedProject = await createProject(owner.agent, 'Doomed');
    const keptProject = await createProject(owner.agent, 'Kept');
    const uploadTo = async (project: number, text: string, name: string) =>
      (await upload([[pdf(text), name]], owner.agent, project).expect(201)).body.files[0]
        .file as ProjectFile;
    const doomed = await uploadTo(
      doomedProject,
      'Indemnification survives termination.',
      'doomed.pdf',
    );
    const kept = await uploadTo(keptProject, 'Indemnification is capped at the price.', 'kept.pdf');
    await waitForAnalysis(owner.agent, doomedProject);
    await waitForAnalysis(owner.agent, keptProject);

    const em = testApp.app.get(SqlEntityManager);
    const pagesOf = async (documentId: number) => {
      const [row] = await em
        .fork()
        .getConnection()
        .execute<{ n: number | string }[]>(
          'select count(*) as n from document_pages where document_id = ?',
          [documentId],
        );
      return Number(row!.n);
    };
    const documentRows = async (documentId: number) => {
      const [row] = await em
        .fork()
        .getConnection()
        .execute<{ n: number | string }[]>('select count(*) as n from documents where id = ?', [
          documentId,
        ]);
      return Number(row!.n);
    };
    const index = new Database(path.join(testApp.db.env['DATA_DIR']!, 'search-index.sqlite'), {
      readonly: true,
    });
    const chunksOf = (projectId: number) =>
      (
        index.prepare('select count(*) as n from chunks where project_id = ?').get(projectId) as {
          n: number;
        }
      ).n;
    const searchIndex = testApp.app.get<SearchIndex>(SEARCH_INDEX);
    const hits = (projectId: number) =>
      searchIndex.search({ projectId, text: 'indemnification', vector: null, k: 10 });
    try {
      expect(await pagesOf(doomed.id)).toBe(1);
      expect(chunksOf(doomedProject)).toBeGreaterThan(0);
      expect((await hits(doomedProject)).map((hit) => hit.documentId)).toEqual([doomed.id]);
      const keptChunks = chunksOf(keptProject);
      expect(readdirSync(filesDir())).toContain(doomed.filename);

      await owner.agent.delete(`/api/projects/${doomedProject}`).expect(200);

      expect(readdirSync(filesDir())).not.toContain(doomed.filename);
      await owner.agent.get(`/api/files/${doomed.filename}`).expect(404);
      expect(await documentRows(doomed.id)).toBe(0);
      expect(await pagesOf(doomed.id)).toBe(0);
      expect(chunksOf(doomedProject)).toBe(0);
      expect(await hits(doomedProject)).toEqual([]);

      // The other project keeps its file, pages, index entries and search results.
      expect(readdirSync(filesDir())).toContain(kept.filename);
      expect(await pagesOf(kept.id)).toBe(1);
      expect(chunksOf(keptProject)).toBe(keptChunks);
      const list = await owner.agent.get(`/api/projects/${keptProject}/files`).expect(200);
      expect(list.body.files).toEqual([
        expect.objectContaining({ id: kept.id, processingStatus: 'completed' }),
      ]);
      const found = await owner.agent
        .get(`/api/projects/${keptProject}/search?q=indemnification`)
        .expect(200);
      expect(found.body.passages.map((p: { documentId: number }) => p.documentId)).toEqual([
        kept.id,
      ]);
    } finally {
      index.close();
    }
  });
});

describe('hostile files', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.drop());

  it('each fails alone with a precise reason; the valid file beside them completes', async () => {
    const { agent } = await signUp(testApp);
    const projectId = await createProject(agent);
    const valid = writePdf(['Termination for convenience on ninety days notice.']);
    const manyPages = writePdf(
      Array.from({ length: 3000 }, (_, i) => `Page ${i + 1} of the long file.`),
    );
    let request = agent.post(`/api/projects/${projectId}/files`);
    for (const [content, name] of [
      [valid.subarray(0, Math.floor(valid.length / 2)), 'truncated.pdf'],
      [writePdf(['Secret'], { userPassword: 'hunter2' }), 'encrypted.pdf'],
      [writeZipBombDocx(false), 'bomb.docx'],
      [writeEmptyRowsXlsx(1_000_000), 'million-rows.xlsx'],
      [manyPages, 'three-thousand-pages.pdf'],
      [valid, 'valid.pdf'],
    ] as const) {
      request = request.attach('files', content, name);
    }
    const response = await request.expect(201);
    expect(response.body.files.map((f: { status: string }) => f.status)).toEqual(
      Array(6).fill('accepted'),
    );
    const files = await waitForAnalysis(agent, projectId, 120_000);
    const byName = Object.fromEntries(files.map((f) => [f.originalname, f]));
    expect(byName['truncated.pdf']).toMatchObject({ processingStatus: 'failed' });
    expect(byName['truncated.pdf']!.failureReason).toMatch(/^file is corrupt: /);
    expect(byName['encrypted.pdf']!.failureReason).toMatch(/^password-protected PDF/);
    expect(byName['bomb.docx']!.failureReason).toMatch(/zip bomb/);
    expect(byName['million-rows.xlsx']).toMatchObject({
      processingStatus: 'completed',
      pageCount: 1,
    });
    expect(byName['three-thousand-pages.pdf']).toMatchObject({
      processingStatus: 'completed',
      pageCount: 3000,
      failureReason: null,
    });
    expect(byName['valid.pdf']).toMatchObject({ processingStatus: 'completed', pageCount: 1 });
    await testApp.http().get('/api/health/ready').expect(200);

    // Uploading a failed document again analyses it again (and fails again, the same way).
    const again = await agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', valid.subarray(0, Math.floor(valid.length / 2)), 'truncated again.pdf')
      .expect(201);
    expect(again.body.files[0]).toMatchObject({
      status: 'duplicate',
      file: { originalname: 'truncated.pdf', processingStatus: 'awaiting_processing' },
    });
    const retried = await waitForAnalysis(agent, projectId);
    expect(retried.find((f) => f.originalname === 'truncated.pdf')!.failureReason).toMatch(
      /^file is corrupt: /,
    );
  });
});

describe('accepted file types', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.drop());

  it('reads a legacy PowerPoint .ppt deck slide by slide and cites the slide', async () => {
    const { agent } = await signUp(testApp);
    const projectId = await createProject(agent);
    const response = await agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', libreOfficeDeck(), 'Falcon deck.ppt')
      .expect(201);
    expect(response.body.files[0]).toMatchObject({ status: 'accepted' });
    const [file] = await waitForAnalysis(agent, projectId);
    expect(file).toMatchObject({
      mimetype: 'application/vnd.ms-powerpoint',
      processingStatus: 'completed',
      pageCount: 3,
    });
    const { body } = await agent
      .get(`/api/projects/${projectId}/search`)
      .query({ q: 'consent Acme Shipping' })
      .expect(200);
    expect(body.passages[0]).toMatchObject({ originalname: 'Falcon deck.ppt', pageNumber: 2 });
    expect(body.passages[0].text).toContain(
      'Change of control: consent required from Acme Shipping',
    );
  });

  it("reads Excel's web page and XML Spreadsheet 2003 files saved as .xls", async () => {
    const { agent } = await signUp(testApp);
    const projectId = await createProject(agent);
    const rows = (company: string) => ({
      Ledger: [
        ['Company', 'Revenue'],
        [company, 1200],
      ],
    });
    const response = await agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', writeXls(rows('Borealis Freight'), { bookType: 'html' }), 'erp-export.xls')
      .attach('files', writeXls(rows('Cobalt Mining'), { bookType: 'xlml' }), 'ledger-2003.xls')
      .expect(201);
    expect(response.body.message).toBe('2 file(s) uploaded successfully');
    const files = await waitForAnalysis(agent, projectId);
    expect(files.map((file) => [file.mimetype, file.processingStatus])).toEqual([
      ['application/vnd.ms-excel', 'completed'],
      ['application/vnd.ms-excel', 'completed'],
    ]);
    for (const [company, name] of [
      ['Borealis Freight', 'erp-export.xls'],
      ['Cobalt Mining', 'ledger-2003.xls'],
    ]) {
      const { body } = await agent
        .get(`/api/projects/${projectId}/search`)
        .query({ q: company })
        .expect(200);
      expect(body.passages[0]).toMatchObject({ originalname: name, pageNumber: 1 });
      expect(body.passages[0].text).toContain(`Company: ${company} | Revenue: 1200`);
    }
  });

  it('refuses other text (HTML, JSON, a script, SVG, no extension) with 415; the listed formats beside it are stored and read', async () => {
    const { agent } = await signUp(testApp);
    const projectId = await createProject(agent);
    const refused: [string, string][] = [
      ['page.html', '<!DOCTYPE html><html><body><p>Closing on 1 March.</p></body></html>'],
      ['data.json', '{"closing": "2027-03-01"}'],
      ['run.sh', '#!/bin/sh\necho closing\n'],
      ['drawing.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="10"></svg>'],
      ['logo.svg', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'],
      ['NOTES', 'Closing on 1 March.\n'],
    ];
    const budget = writeXls({
      Budget: [
        ['Company', 'Revenue', 'Double'],
        ['Acme Holdings', 1200, product('B', 2, 2, 2400)],
      ],
      Notes: [['Reviewed by', 'Finance']],
    });
    let request = agent.post(`/api/projects/${projectId}/files`);
    for (const [name, content] of refused)
      request = request.attach('files', Buffer.from(content), name);
    request = request
      .attach('files', Buffer.from('Closing date: 1 March 2027.\n'), 'notes.txt')
      .attach('files', Buffer.from('# Escrow\nThe escrow agent holds the deposit.\n'), 'brief.md')
      .attach('files', Buffer.from('Party,Role\nAcme,Buyer\n'), 'parties.csv')
      .attach('files', budget, 'budget.xls');
    const response = await request.expect(201);
    const outcomes = response.body.files as UploadResponse['files'];
    expect(outcomes.map((outcome) => [outcome.originalname, outcome.status])).toEqual([
      ...refused.map(([name]) => [name, 'rejected']),
      ['notes.txt', 'accepted'],
      ['brief.md', 'accepted'],
      ['parties.csv', 'accepted'],
      ['budget.xls', 'accepted'],
    ]);
    for (const outcome of outcomes.slice(0, refused.length)) {
      expect(outcome).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      if (outcome.status !== 'rejected') throw new Error('not rejected');
      expect(outcome.error).toMatch(
        new RegExp(`^"${outcome.originalname}" is not a supported file type \\(its content is `),
      );
    }
    expect(response.body.message).toBe(
      `4 file(s) uploaded successfully; 6 rejected: ${refused.map(([name]) => name).join(', ')}`,
    );

    const files = await waitForAnalysis(agent, projectId);
    expect(files.map((file) => [file.originalname, file.mimetype, file.processingStatus])).toEqual(
      expect.arrayContaining([
        ['notes.txt', 'text/plain', 'completed'],
        ['brief.md', 'text/markdown', 'completed'],
        ['parties.csv', 'text/csv', 'completed'],
        ['budget.xls', 'application/vnd.ms-excel', 'completed'],
      ]),
    );
    expect(files).toHaveLength(4);
    expect(files.find((file) => file.originalname === 'budget.xls')!.pageCount).toBe(2);
    const { body } = await agent
      .get(`/api/projects/${projectId}/search`)
      .query({ q: 'Acme Holdings revenue' })
      .expect(200);
    expect(body.passages[0]).toMatchObject({ originalname: 'budget.xls', pageNumber: 1 });
    expect(body.passages[0].text).toContain(
      'Row 2: Company: Acme Holdings | Revenue: 1200 | Double: 2400',
    );

    // Alone, a refused file is a 415 naming it.
    const alone = await agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', Buffer.from(refused[0]![1]), 'page.html')
      .expect(415);
    expect(alone.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      error:
        '"page.html" is not a supported file type (its content is text, and .html is not a text format Clearroom reads (.txt, .md, .markdown, .csv, .tsv)). Upload PDF, Word, Excel, PowerPoint, text, Markdown, CSV, JPEG, PNG or TIFF files.',
    });
  });
});

describe('huge spreadsheets: bounded pages', () => {
  let testApp: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let projectId: number;
  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await signUp(testApp);
    projectId = await createProject(owner.agent);
  });
  afterAll(() => testApp.drop());

  const ledgerRows = (rows: number) =>
    Array.from({ length: rows }, (_, i) => [i + 1, `Counterparty ${i % 7}`, (i + 1) * 100]);

  it('cuts a workbook and a CSV into pages of 200 rows, each opening with the header', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Ledger').addRows([['ID', 'Name', 'Value'], ...ledgerRows(450)]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const csv = ['ID,Name,Value', ...ledgerRows(450).map((row) => row.join(','))].join('\n');
    await owner.agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', xlsx, 'ledger.xlsx')
      .attach('files', Buffer.from(csv), 'ledger.csv')
      .expect(201);
    const files = await waitForAnalysis(owner.agent, projectId);
    for (const [name, opening] of [
      ['ledger.xlsx', ['Sheet: Ledger', 'Row 1: ID | Name | Value']],
      ['ledger.csv', ['Row 1: ID | Name | Value']],
    ] as const) {
      const file = files.find((candidate) => candidate.originalname === name)!;
      expect({ name, status: file.processingStatus, pages: file.pageCount }).toEqual({
        name,
        status: 'completed',
        pages: 3,
      });
      const second = await owner.agent.get(`/api/files/${file.id}/pages/2`).expect(200);
      const lines = (second.body.text as string).split('\n');
      expect(lines.slice(0, opening.length)).toEqual(opening);
      expect(lines.slice(opening.length)).toHaveLength(200);
      expect(lines[opening.length]).toBe('Row 202: ID: 201 | Name: Counterparty 4 | Value: 20100');
      expect(second.body.truncated).toBe(false);
    }
    // Every row was indexed, however alike the rows are.
    const found = await owner.agent
      .get(`/api/projects/${projectId}/search`)
      .query({ q: 'Value 45000' })
      .expect(200);
    expect(found.body.passages[0].text).toContain('ID: 450 | Name: Counterparty 1 | Value: 45000');
  });

  it('sends at most 256 K characters of a page stored whole before pages were bounded', async () => {
    const response = await owner.agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', Buffer.from('A short note.\n'), 'note.txt')
      .expect(201);
    const file = response.body.files[0].file as ProjectFile;
    await waitForAnalysis(owner.agent, projectId);
    const huge = 'x'.repeat(PAGE_TEXT_SHOWN + 10_000);
    await testApp.app
      .get(SqlEntityManager)
      .fork()
      .nativeUpdate(DocumentPage, { document: file.id, number: 1 }, { text: huge });
    const page = await owner.agent.get(`/api/files/${file.id}/pages/1`).expect(200);
    expect(page.body).toMatchObject({ pageNumber: 1, pageCount: 1, truncated: true });
    expect(page.body.text).toBe(huge.slice(0, PAGE_TEXT_SHOWN));
    const stranger = await signUp(testApp);
    await stranger.agent.get(`/api/files/${file.id}/pages/1`).expect(404);
  });
});

describe('documentsAnalyzed on the dashboard', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.drop());

  it('counts completed documents only: not a failed one, nor one awaiting analysis', async () => {
    const { agent } = await signUp(testApp);
    const projectId = await createProject(agent);
    const valid = writePdf(['Termination on ninety days notice.']);
    await agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', valid, 'valid.pdf')
      .attach('files', valid.subarray(0, Math.floor(valid.length / 2)), 'corrupt.pdf')
      .expect(201);
    await waitForAnalysis(agent, projectId);
    // The worker stops taking jobs (as during a shutdown): the next upload waits.
    await testApp.app.get<JobQueue>(JOB_QUEUE).stop(0);
    await agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', pdf('Escrow of the source code.'), 'waiting.pdf')
      .expect(201);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const list = await agent.get(`/api/projects/${projectId}/files`).expect(200);
    expect(
      Object.fromEntries(
        (list.body.files as ProjectFile[]).map((file) => [
          file.originalname,
          file.processingStatus,
        ]),
      ),
    ).toEqual({
      'valid.pdf': 'completed',
      'corrupt.pdf': 'failed',
      'waiting.pdf': 'awaiting_processing',
    });
    const stats = await agent.get('/api/dashboard/stats').expect(200);
    expect(stats.body.documentsAnalyzed).toBe(1);
  });
});

describeWithCorpus('hostile uploads beside corpus files, in one request', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.drop());

  it('each bad file gets its own precise error; the valid ones complete', async () => {
    const { agent } = await signUp(testApp);
    const projectId = await createProject(agent);
    const response = await agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', corpusFile(CORPUS.tickets), CORPUS.tickets)
      .attach('files', PNG, 'contract.pdf')
      .attach('files', Buffer.alloc(0), 'empty.pdf')
      .attach('files', corpusFile(CORPUS.mphase), '../../../etc/Ünïcødé résumé.pdf')
      .attach('files', corpusFile(CORPUS.word), 'testWORD.docx')
      .expect(201);
    expect(response.body.files).toEqual([
      expect.objectContaining({ status: 'accepted', originalname: CORPUS.tickets }),
      {
        status: 'rejected',
        originalname: 'contract.pdf',
        size: PNG.length,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        error:
          '"contract.pdf" is named .pdf but its content is an image (image/png): rename it or upload the intended file.',
      },
      {
        status: 'rejected',
        originalname: 'empty.pdf',
        size: 0,
        code: 'VALIDATION_FAILED',
        error: '"empty.pdf" is empty (0 bytes): there is nothing to analyse.',
      },
      expect.objectContaining({ status: 'accepted', originalname: 'Ünïcødé résumé.pdf' }),
      expect.objectContaining({ status: 'accepted', originalname: 'testWORD.docx' }),
    ]);
    expect(response.body.message).toBe(
      '3 file(s) uploaded successfully; 2 rejected: contract.pdf, empty.pdf',
    );
    const hostile = response.body.files[3].file as ProjectFile;
    expect(hostile.filename).toMatch(/^[0-9a-f-]{36}\.pdf$/);

    const files = await waitForAnalysis(agent, projectId, 120_000);
    expect(
      files.map((file) => [file.originalname, file.processingStatus, file.pageCount]).sort(),
    ).toEqual(
      [
        ['Ünïcødé résumé.pdf', 'completed', 3],
        [CORPUS.tickets, 'completed', 2],
        ['testWORD.docx', 'completed', expect.any(Number)],
      ].sort(),
    );
    // Only the three stored files, under generated names, in the file store.
    const stored = readdirSync(path.join(testApp.db.env['DATA_DIR']!, 'files')).filter(
      (name) => name !== 'incoming',
    );
    expect(stored.sort()).toEqual(files.map((file) => file.filename).sort());
    const { body } = await agent
      .get(`/api/projects/${projectId}/search`)
      .query({ q: 'co-branding agreement' })
      .expect(200);
    expect(body.passages[0]).toMatchObject({ originalname: 'Ünïcødé résumé.pdf' });
    await testApp.http().get('/api/health/ready').expect(200);
  });
});

describeWithCorpus('documents API with real files', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.drop());

  it('analyses a corpus PDF and a Word file, and finds passages with page and offsets', async () => {
    const { agent } = await signUp(testApp);
    const projectId = await createProject(agent);
    await agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', corpusFile(CORPUS.cytodyn), CORPUS.cytodyn)
      .attach('files', corpusFile(CORPUS.word), 'testWORD.docx')
      .expect(201);
    const files = await waitForAnalysis(agent, projectId);
    expect(files.map((f) => [f.originalname, f.processingStatus, f.pageCount])).toEqual([
      ['testWORD.docx', 'completed', expect.any(Number)],
      [CORPUS.cytodyn, 'completed', 50],
    ]);
    const { body } = await agent
      .get(`/api/projects/${projectId}/search`)
      .query({ q: 'Which law governs this agreement?' })
      .expect(200);
    const top = body.passages[0];
    expect(top.originalname).toBe(CORPUS.cytodyn);
    expect(top.text.toLowerCase()).toContain('governed by');
    expect(top.end - top.start).toBe(top.text.length);
    // The running footer of every page never reaches a passage.
    for (const passage of body.passages) expect(passage.text).not.toMatch(/Source: CYTODYN INC/);
  });
});

describeWithCorpus('deleting a document while it is being analysed', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.drop());

  it('stops its analysis and leaves nothing of it in the index', async () => {
    const { agent } = await signUp(testApp);
    const projectId = await createProject(agent);
    const ceres = 'CERES,INC_01_25_2012-EX-10.20-Collaboration Agreement.PDF';
    const upload = await agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', corpusFile(ceres), ceres)
      .expect(201);
    const file = upload.body.files[0].file as ProjectFile;
    const deadline = Date.now() + 10_000;
    let status = file.processingStatus as string;
    while (status !== 'processing' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await agent.get(`/api/projects/${projectId}/files`)).body.files[0].processingStatus;
    }
    expect(status).toBe('processing');
    await agent.delete(`/api/files/${file.id}`).expect(200);
    // Give the analysis, if it had started, time to reach its end.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect((await agent.get(`/api/projects/${projectId}/files`).expect(200)).body.files).toEqual(
      [],
    );
    const search = await agent
      .get(`/api/projects/${projectId}/search`)
      .query({ q: 'Ceres collaboration agreement' })
      .expect(200);
    expect(search.body.passages).toEqual([]);
    await testApp.http().get('/api/health/ready').expect(200);
  });
});

async function listen(testApp: TestApp) {
  await new Promise<void>((resolve) => testApp.app.getHttpServer().listen(0, '127.0.0.1', resolve));
  return testApp.app.getHttpServer().address() as { port: number };
}
