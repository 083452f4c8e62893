import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ProjectFile } from '@clearroom/contracts';
import { corpusAvailable, corpusFile, CORPUS_DIR } from './support/corpus.js';
import { createProject, waitForAnalysis } from './support/documents.js';
import { inCi, missingOcrCommands } from './support/environment.js';
import { signUp, startTestApp, type TestApp } from './support/test-app.js';

/**
 * A scanned PDF, end to end: uploaded, read by OCR (tesseract, with pdftoppm rasterising its
 * pages), and found by search. Without the corpus, or without the OCR commands outside CI, the
 * suite is skipped with a notice; in CI (CI=true) missing OCR commands fail it.
 */
const IMAGE_ONLY =
  'PRIMEENERGYRESOURCESCORP_04_02_2007-EX-10.28-COMPLETION AND LIQUIDITY MAINTENANCE AGREEMENT__image-only.pdf';
const missingText = missingOcrCommands.join(', ');

function describeWithOcr(name: string, body: () => void): void {
  if (!corpusAvailable && inCi) {
    throw new Error(`${name}: the document corpus is not at ${CORPUS_DIR} (CI runs every suite)`);
  } else if (!corpusAvailable) {
    console.warn(`*** ${name}: SKIPPED, the document corpus is not at ${CORPUS_DIR}`);
    describe.skip(name, body);
  } else if (missingOcrCommands.length && !inCi) {
    console.warn(`*** ${name}: SKIPPED, OCR commands missing: ${missingText}`);
    describe.skip(name, body);
  } else {
    describe(name, body);
  }
}

describeWithOcr('an image-only PDF, end to end', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    if (missingOcrCommands.length) {
      throw new Error(`CI must run the OCR test, but these commands are missing: ${missingText}`);
    }
    testApp = await startTestApp({ OCR: 'on' });
  });
  afterAll(() => testApp?.drop());

  it('is read by OCR page by page, and its text is found by search', async () => {
    const { agent } = await signUp(testApp);
    const projectId = await createProject(agent);
    const upload = await agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', corpusFile(`derived/${IMAGE_ONLY}`), IMAGE_ONLY)
      .expect(201);
    const document = upload.body.files[0].file as ProjectFile;

    const [file] = await waitForAnalysis(agent, projectId, 120_000);
    expect(file).toMatchObject({
      id: document.id,
      processingStatus: 'completed',
      pageCount: 4,
      failureReason: null,
    });

    const { body } = await agent
      .get(`/api/projects/${projectId}/search`)
      .query({ q: 'Credit Agreement' })
      .expect(200);
    expect(body.passages.length).toBeGreaterThan(0);
    expect(body.passages[0]).toMatchObject({ documentId: document.id, originalname: IMAGE_ONLY });
    expect(body.passages[0].text).toMatch(/Credit Agreement/i);

    // The viewer's page text is the OCR'd text, on the page where the scan has it.
    const page = await agent
      .get(`/api/files/${document.id}/pages/${body.passages[0].pageNumber}`)
      .expect(200);
    expect(page.body.text.slice(body.passages[0].start, body.passages[0].end)).toBe(
      body.passages[0].text,
    );
  }, 150_000);
});
