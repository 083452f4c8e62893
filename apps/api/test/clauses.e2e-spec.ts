import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SqlEntityManager } from '@mikro-orm/sql';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import type { Response as SuperagentResponse } from 'superagent';
import {
  CLAUSE_REVIEW_CATEGORIES,
  type ClauseMatrixResponse,
  type ClausesResponse,
  firstWords,
  type ProjectFile,
  type UploadResponse,
} from '@clearroom/contracts';
import { CORPUS, corpusFile, describeWithCorpus } from './support/corpus.js';
import { createProject, waitForAnalysis } from './support/documents.js';
import { signUp, startTestApp, type TestAgent, type TestApp } from './support/test-app.js';

/** supertest's parser for a binary body. */
const binary = (
  response: SuperagentResponse,
  callback: (error: Error | null, body: unknown) => void,
) => {
  const stream = response as unknown as NodeJS.ReadableStream;
  const parts: Buffer[] = [];
  stream.on('data', (part: Buffer) => parts.push(part));
  stream.on('end', () => callback(null, Buffer.concat(parts)));
};

describeWithCorpus('clauses: what the clause model found, per project and per document', () => {
  let testApp: TestApp;
  let account: { username: string; password: string };
  let agent: TestAgent;
  let stranger: TestAgent;
  let projectId: number;
  let files: ProjectFile[];
  const named = (name: string) => files.find((file) => file.originalname === name)!;

  beforeAll(async () => {
    testApp = await startTestApp({ OCR: 'off' });
    const owner = await signUp(testApp);
    account = { username: owner.user.username, password: owner.password };
    agent = owner.agent;
    stranger = (await signUp(testApp)).agent;
    projectId = await createProject(agent, 'Clause Project');
    const upload = await agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', corpusFile(CORPUS.cytodyn), 'CytoDyn licence.pdf')
      .attach('files', corpusFile(CORPUS.tickets), 'Tickets sponsorship.pdf')
      .attach('files', Buffer.from('Region,Revenue\nNorth,100\nSouth,200\n'), 'revenue.csv')
      .expect(201);
    expect((upload.body as UploadResponse).files.map((file) => file.status)).toEqual([
      'accepted',
      'accepted',
      'accepted',
    ]);
    files = await waitForAnalysis(agent, projectId, 120_000);
  }, 180_000);
  afterAll(() => testApp?.drop());

  const projectClauses = async (query = '') =>
    (await agent.get(`/api/projects/${projectId}/clauses${query}`).expect(200))
      .body as ClausesResponse;

  it('lists every document with the clauses the model reports, each quote exact', async () => {
    const body = await projectClauses();
    expect(body.modelVersion).toMatch(/^cuad-[0-9a-f]{8}/);
    expect(body.categories).toHaveLength(41);
    expect(body.categories).toContain('Change Of Control');
    expect(body.reclassifying).toBeNull();
    expect(body.documents.map((document) => document.originalname).sort()).toEqual([
      'CytoDyn licence.pdf',
      'Tickets sponsorship.pdf',
      'revenue.csv',
    ]);
    const cytodyn = body.documents.find((d) => d.originalname === 'CytoDyn licence.pdf')!;
    expect(cytodyn.note).toBeNull();
    const categories = new Set(cytodyn.clauses.map((clause) => clause.category));
    expect(categories).toContain('Change Of Control');
    expect(categories).toContain('Governing Law');
    const changeOfControl = cytodyn.clauses.find((c) => c.category === 'Change Of Control')!;
    expect(changeOfControl.quote).toMatch(/control|merger|acqui|substantially all/i);
    for (const clause of cytodyn.clauses) {
      expect(clause.found).toBe(true);
      expect(clause.score).toBeGreaterThan(0);
      expect(clause.score).toBeLessThanOrEqual(1);
    }
    // Every quote is exactly the stored page text between its offsets.
    const pages = new Map<number, string>();
    for (const clause of cytodyn.clauses) {
      if (!pages.has(clause.pageNumber)) {
        const page = await agent
          .get(`/api/files/${cytodyn.documentId}/pages/${clause.pageNumber}`)
          .expect(200);
        pages.set(clause.pageNumber, page.body.text as string);
      }
      expect(pages.get(clause.pageNumber)!.slice(clause.start, clause.end)).toBe(clause.quote);
    }
    // A spreadsheet is a table, not a contract: an empty row, not noise.
    const sheet = body.documents.find((d) => d.originalname === 'revenue.csv')!;
    expect(sheet).toMatchObject({ note: null, clauses: [] });
  });

  it('returns every candidate down to minScore, at most 10 per category per document', async () => {
    const byDefault = await projectClauses();
    const all = await projectClauses('?minScore=0');
    for (const document of all.documents) {
      // The pieces of a clause across a page break share its group: it counts once.
      const perCategory = new Map<string, Set<number>>();
      for (const clause of document.clauses) {
        perCategory.set(
          clause.category,
          (perCategory.get(clause.category) ?? new Set()).add(clause.group),
        );
      }
      expect(
        Math.max(0, ...[...perCategory.values()].map((groups) => groups.size)),
      ).toBeLessThanOrEqual(10);
      const defaults = byDefault.documents.find((d) => d.documentId === document.documentId)!;
      expect(document.clauses.length).toBeGreaterThanOrEqual(defaults.clauses.length);
    }
    expect(all.documents.flatMap((d) => d.clauses).some((clause) => !clause.found)).toBe(true);
    const cytodyn = named('CytoDyn licence.pdf');
    const one = await agent.get(`/api/files/${cytodyn.id}/clauses`).expect(200);
    const fromProject = byDefault.documents.find((d) => d.documentId === cytodyn.id)!;
    expect((one.body as ClausesResponse).documents).toEqual([fromProject]);
  });

  it("gives the matrix each category's best clause per document, its first words and no text", async () => {
    for (const query of ['?minScore=0', '?minScore=0.2', '']) {
      const clauses = await projectClauses(query);
      const matrix = (
        await agent.get(`/api/projects/${projectId}/clauses/matrix${query}`).expect(200)
      ).body as ClauseMatrixResponse;
      const { documents: _clauses, ...model } = clauses;
      const { documents, ...matrixModel } = matrix;
      expect(matrixModel).toEqual(model);
      expect(documents.map((d) => d.documentId)).toEqual(
        clauses.documents.map((d) => d.documentId),
      );
      for (const [index, document] of documents.entries()) {
        const { clauses: spans, ...fields } = clauses.documents[index]!;
        const { cells, ...matrixFields } = document;
        expect(matrixFields).toEqual(fields);
        // The clause the model reports, else the best candidate: one cell per category.
        const expected = [...new Set(spans.map((span) => span.category))].sort().map((category) => {
          const ofCategory = spans.filter((span) => span.category === category);
          const found = ofCategory.filter((span) => span.found);
          const { quote, ...best } = (found.length > 0 ? found : ofCategory).sort(
            (a, b) => b.score - a.score,
          )[0]!;
          return { ...best, firstWords: firstWords(quote) };
        });
        expect([...cells].sort((a, b) => a.category.localeCompare(b.category))).toEqual(expected);
        for (const cell of cells) expect(cell).not.toHaveProperty('quote');
      }
    }
    const matrixOf = async (query: string) =>
      (await agent.get(`/api/projects/${projectId}/clauses/matrix${query}`).expect(200))
        .body as ClauseMatrixResponse;
    const cytodyn = (await matrixOf('')).documents.find(
      (d) => d.originalname === 'CytoDyn licence.pdf',
    )!;
    expect(cytodyn.cells.find((cell) => cell.category === 'Change Of Control')).toMatchObject({
      found: true,
    });
    expect(cytodyn.cells.every((cell) => cell.found)).toBe(true);
    // Down to a floor, the categories the model does not report show their best candidate.
    const candidates = (await matrixOf('?minScore=0')).documents.flatMap((d) => d.cells);
    expect(candidates.some((cell) => !cell.found)).toBe(true);
  });

  it("keeps only the review's grouped categories with ?columns=review", async () => {
    for (const query of ['?minScore=0', '']) {
      const url = `/api/projects/${projectId}/clauses/matrix${query}`;
      const whole = (await agent.get(url).expect(200)).body as ClauseMatrixResponse;
      const review = (await agent.get(`${url}${query ? '&' : '?'}columns=review`).expect(200))
        .body as ClauseMatrixResponse;
      const reviewed = new Set(CLAUSE_REVIEW_CATEGORIES);
      expect(review).toEqual({
        ...whole,
        documents: whole.documents.map((document) => ({
          ...document,
          cells: document.cells.filter((cell) => reviewed.has(cell.category)),
        })),
      });
      // The other categories had cells, which are left out.
      expect(review.documents.flatMap((d) => d.cells).length).toBeLessThan(
        whole.documents.flatMap((d) => d.cells).length,
      );
      expect(review.documents.some((d) => d.cells.length > 0)).toBe(true);
    }
    const refused = await agent
      .get(`/api/projects/${projectId}/clauses/matrix?columns=all`)
      .expect(400);
    expect(refused.body.error).toBe('columns must be review');
  });

  it('answers 400 for a bad minScore or an unknown parameter', async () => {
    for (const query of ['?minScore=2', '?minScore=abc', '?minScore=-0.1', '?min=0.2']) {
      const response = await agent.get(`/api/projects/${projectId}/clauses${query}`).expect(400);
      expect(response.body.error).toMatch(/minScore|min/);
      const matrix = await agent
        .get(`/api/projects/${projectId}/clauses/matrix${query}`)
        .expect(400);
      expect(matrix.body.error).toBe(response.body.error);
    }
    const response = await agent
      .get(`/api/projects/${projectId}/clauses/export?format=pdf`)
      .expect(400);
    expect(response.body.error).toBe('format must be xlsx or csv');
  });

  it("answers 404 for another user's project or document, and 401 without a session", async () => {
    const cytodyn = named('CytoDyn licence.pdf');
    await stranger.get(`/api/projects/${projectId}/clauses`).expect(404);
    await stranger.get(`/api/projects/${projectId}/clauses/matrix`).expect(404);
    await testApp.http().get(`/api/projects/${projectId}/clauses/matrix`).expect(401);
    await agent.get('/api/projects/999999/clauses/matrix').expect(404);
    await stranger.get(`/api/files/${cytodyn.id}/clauses`).expect(404);
    await stranger.get(`/api/projects/${projectId}/clauses/export?format=csv`).expect(404);
    await testApp.http().get(`/api/projects/${projectId}/clauses`).expect(401);
    await agent.get('/api/projects/999999/clauses').expect(404);
    await agent.get('/api/files/999999/clauses').expect(404);
  });

  it('exports the matrix to Excel and CSV with each category’s clause and page', async () => {
    const body = await projectClauses();
    const cytodyn = body.documents.find((d) => d.originalname === 'CytoDyn licence.pdf')!;
    const changeOfControl = cytodyn.clauses
      .filter((clause) => clause.category === 'Change Of Control')
      .sort((a, b) => b.score - a.score)[0]!;

    const xlsx = await agent
      .get(`/api/projects/${projectId}/clauses/export?format=xlsx`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.headers['content-disposition']).toMatch(/Clause Project - Clause Review\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as ArrayBuffer);
    const sheet = workbook.getWorksheet('Clause Review')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual([
      'Document',
      'Note',
      'Change Of Control',
      'Change Of Control (page)',
    ]);
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    const row = rows.find((values) => values[1] === 'CytoDyn licence.pdf')!;
    expect(row[3]).toBe(changeOfControl.quote);
    expect(row[4]).toBe(String(changeOfControl.pageNumber));
    const sheetRow = rows.find((values) => values[1] === 'revenue.csv')!;
    expect(sheetRow[3]).toBe('Not found');
    expect(workbook.getWorksheet('About')!.getCell('B2').value).toBe(account.username);

    const csv = await agent.get(`/api/projects/${projectId}/clauses/export?format=csv`).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const records: string[][] = parse(csv.text.replace(/^\uFEFF/, ''));
    expect(records[0]!.slice(0, 3)).toEqual(['Document', 'Note', 'Change Of Control']);
    expect(records.find((r) => r[0] === 'CytoDyn licence.pdf')![2]).toBe(changeOfControl.quote);
  });

  it('re-classifies documents of an older model in the background, from their stored pages', async () => {
    const before = await projectClauses();
    const em = testApp.app.get(SqlEntityManager).fork();
    await em
      .getConnection()
      .execute("update document_classifications set model_version = 'cuad-old'");
    const during = await projectClauses();
    expect(during.reclassifying).toEqual({ done: 0, total: 3 });
    expect(
      during.documents.every((d) => d.note === 'Being re-classified with the new clause model'),
    ).toBe(true);

    // A restart's sweep (every 30 s while running) queues the re-classification.
    await testApp.close();
    testApp = await startTestApp({ OCR: 'off' }, testApp.db);
    agent = testApp.http();
    await agent.post('/api/auth/login').send(account).expect(200);
    const deadline = Date.now() + 30_000;
    let after = await projectClauses();
    while (after.reclassifying !== null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await projectClauses();
    }
    expect(after).toEqual(before);
  }, 60_000);

  it("removes a document's clauses with the document", async () => {
    const cytodyn = named('CytoDyn licence.pdf');
    await agent.delete(`/api/files/${cytodyn.id}`).expect(200);
    const em = testApp.app.get(SqlEntityManager).fork();
    const [row] = await em
      .getConnection()
      .execute<{ n: number }[]>('select count(*) as n from clauses where document_id = ?', [
        cytodyn.id,
      ]);
    expect(Number(row!.n)).toBe(0);
    await agent.get(`/api/files/${cytodyn.id}/clauses`).expect(404);
  });
});

describe('clauses of an empty project', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp?.drop());

  it('lists no documents', async () => {
    const { agent } = await signUp(testApp);
    const projectId = await createProject(agent);
    const response = await agent.get(`/api/projects/${projectId}/clauses`).expect(200);
    expect(response.body).toMatchObject({ documents: [], reclassifying: null });
  });
});
