import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ProjectFile, UploadResponse } from '@clearroom/contracts';
import {
  writeEmptyRowsXlsx,
  writeZipBombDocx,
} from '../src/infra/extractor/fixtures/office-writer.js';
import { writePdf } from '../src/infra/extractor/fixtures/pdf-writer.js';
import { FileUrlSigner } from '../src/modules/documents/file-url-signer.js';
import { CORPUS, corpusFile, describeWithCorpus } from './support/corpus.js';
import { createProject, waitForAnalysis } from './support/documents.js';
import { signUp, startTestApp, type TestApp } from './support/test-app.js';

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

      const expired = await testApp.app.get(FileUrlSigner).sign(file.id, Date.now() - 3_600_000);
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

  it('deleting a project removes its files from disk and from the index', async () => {
    const project = await createProject(owner.agent, 'Doomed');
    const response = await upload(
      [[pdf('Indemnification survives termination.'), 'doomed.pdf']],
      owner.agent,
      project,
    ).expect(201);
    const doomed = response.body.files[0].file as ProjectFile;
    await waitForAnalysis(owner.agent, project);
    expect(readdirSync(filesDir())).toContain(doomed.filename);
    await owner.agent.delete(`/api/projects/${project}`).expect(200);
    expect(readdirSync(filesDir())).not.toContain(doomed.filename);
    await owner.agent.get(`/api/files/${doomed.filename}`).expect(404);
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
