import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SqlEntityManager } from '@mikro-orm/sql';
import ExcelJS from 'exceljs';
import type { ReviewDetail, ReviewTemplate } from '@clearroom/contracts';
import { createProject, waitForAnalysis } from './support/documents.js';
import { signUp, startTestApp, type TestAgent, type TestApp } from './support/test-app.js';

const agreement = (company: string, state: string) =>
  Buffer.from(
    `${company} Supply Agreement\n\nThis Supply Agreement is made on March 3, 2021 between ${company} Inc. and Acme Corp.\n\n` +
      `Governing law. This Agreement is governed by the laws of the State of ${state}.\n\n` +
      `Termination. Either party may terminate this Agreement for convenience on 60 days written notice.\n`,
  );

const columns = [
  { label: 'Governing law', question: 'Which law governs the agreement?', type: 'place' },
  {
    label: 'Termination for convenience',
    question: 'Can a party terminate for convenience?',
    type: 'yes_no',
  },
  { label: 'Insurance', question: 'What insurance coverage must be maintained?', type: 'clause' },
];

async function waitForReview(
  agent: TestAgent,
  reviewId: number,
  done: (review: ReviewDetail) => boolean = (review) => review.status === 'completed',
  timeoutMs = 30_000,
): Promise<ReviewDetail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const review = (await agent.get(`/api/reviews/${reviewId}`).expect(200)).body
      .review as ReviewDetail;
    if (done(review)) return review;
    if (Date.now() > deadline) {
      expect({ status: review.status, progress: review.progress }).toEqual('finished');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const cellOf = (review: ReviewDetail, originalname: string, label: string) => {
  const column = review.columns.find((c) => c.label === label)!;
  const row = review.rows.find((r) => r.originalname === originalname)!;
  return row.cells.find((cell) => cell.columnId === column.id)!;
};

describe('review grids', () => {
  let testApp: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let projectId: number;
  let review: ReviewDetail;

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await signUp(testApp);
    stranger = await signUp(testApp);
    projectId = await createProject(owner.agent, 'Supply deals');
    await owner.agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', agreement('Contoso', 'Delaware'), 'Contoso Supply Agreement.txt')
      .attach('files', agreement('Fabrikam', 'New York'), 'Fabrikam Supply Agreement.txt')
      .expect(201);
    await waitForAnalysis(owner.agent, projectId);
  });
  afterAll(() => testApp.drop());

  describe('the builder refuses bad input with a message naming the field', () => {
    const build = (body: object) =>
      owner.agent.post(`/api/projects/${projectId}/reviews`).send(body);

    it.each([
      [
        'an empty question',
        { name: 'R', columns: [{ label: 'A', question: '  ', type: 'text' }] },
        "A column's question is required",
      ],
      [
        'an unknown type',
        { name: 'R', columns: [{ label: 'A', question: 'Q?', type: 'number' }] },
        "A column's type must be one of yes_no, text, date, duration, money, parties, place, clause",
      ],
      [
        'more than 50 columns',
        {
          name: 'R',
          columns: Array.from({ length: 51 }, (_, i) => ({
            label: `C${i}`,
            question: 'Q?',
            type: 'text',
          })),
        },
        'A review can have at most 50 columns',
      ],
      ['no columns', { name: 'R', columns: [] }, 'A review needs at least one column'],
      ['no name', { name: '', columns: [columns[0]] }, 'Review name is required'],
      [
        'an unknown field',
        { name: 'R', columns: [columns[0]], owner: 3 },
        'Unrecognized key: "owner"',
      ],
    ])('%s', async (_case, body, message) => {
      const response = await build(body).expect(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.body.error).toContain(message);
    });

    it('documents of another project', async () => {
      const other = await createProject(owner.agent, 'Other deal');
      const upload = await owner.agent
        .post(`/api/projects/${other}/files`)
        .attach('files', agreement('Initech', 'Texas'), 'Initech.txt')
        .expect(201);
      const foreignId = upload.body.files[0].file.id as number;
      const response = await build({ name: 'R', documentIds: [foreignId], columns }).expect(400);
      expect(response.body.error).toBe(
        `documentIds: ${foreignId} is not a document of this project`,
      );
    });

    it('a project without analysed documents says so', async () => {
      const empty = await createProject(owner.agent, 'Empty deal');
      const response = await owner.agent
        .post(`/api/projects/${empty}/reviews`)
        .send({ name: 'R', columns })
        .expect(422);
      expect(response.body).toEqual({
        code: 'NO_ANALYSED_DOCUMENTS',
        error:
          "No analysed documents in this project yet: upload documents and wait for 'Analysis Complete', then build the review.",
      });
    });
  });

  it('answers every cell from its own document, with citations verified on their page', async () => {
    const created = await owner.agent
      .post(`/api/projects/${projectId}/reviews`)
      .send({ name: 'Supply review', columns })
      .expect(201);
    expect(created.body.review.progress.total).toBe(6);
    review = await waitForReview(owner.agent, created.body.review.id);
    expect(review.progress).toEqual({ done: 6, total: 6 });
    expect(review.rows.map((row) => row.originalname)).toEqual([
      'Contoso Supply Agreement.txt',
      'Fabrikam Supply Agreement.txt',
    ]);
    expect(cellOf(review, 'Contoso Supply Agreement.txt', 'Governing law')).toMatchObject({
      status: 'answered',
      value: 'Delaware',
    });
    expect(cellOf(review, 'Fabrikam Supply Agreement.txt', 'Governing law')).toMatchObject({
      status: 'answered',
      value: 'New York',
    });
    expect(
      cellOf(review, 'Fabrikam Supply Agreement.txt', 'Termination for convenience'),
    ).toMatchObject({ status: 'answered', value: 'Yes' });
    expect(cellOf(review, 'Fabrikam Supply Agreement.txt', 'Insurance')).toMatchObject({
      status: 'not_found',
      value: null,
      citations: [],
    });
    for (const row of review.rows) {
      for (const cell of row.cells.filter((c) => c.status === 'answered')) {
        expect(cell.citations).toHaveLength(1);
        const [citation] = cell.citations;
        expect(citation!.documentId).toBe(row.documentId);
        const page = await owner.agent
          .get(`/api/files/${row.documentId}/pages/${citation!.pageNumber}`)
          .expect(200);
        expect(page.body.text.slice(citation!.start, citation!.end)).toBe(citation!.quote);
      }
    }
    const list = await owner.agent.get(`/api/projects/${projectId}/reviews`).expect(200);
    expect(list.body.reviews).toEqual([
      {
        id: review.id,
        name: 'Supply review',
        status: 'completed',
        progress: { done: 6, total: 6 },
        createdAt: expect.any(String),
      },
    ]);
  });

  it('pages the grid: limit rows from offset, sorted by document name, with the total', async () => {
    const whole = (await owner.agent.get(`/api/reviews/${review.id}`).expect(200)).body
      .review as ReviewDetail;
    expect(whole).toMatchObject({ totalRows: 2, matchingRows: 2, offset: 0 });
    expect(whole.rows).toHaveLength(2);
    const second = (await owner.agent.get(`/api/reviews/${review.id}?offset=1&limit=1`).expect(200))
      .body.review as ReviewDetail;
    expect(second).toMatchObject({
      totalRows: 2,
      offset: 1,
      progress: { done: 6, total: 6 },
      columns: whole.columns,
    });
    expect(second.rows).toEqual([whole.rows[1]]);
    const first = (await owner.agent.get(`/api/reviews/${review.id}?limit=1`).expect(200)).body
      .review as ReviewDetail;
    expect(first.rows).toEqual([whole.rows[0]]);
    const past = (await owner.agent.get(`/api/reviews/${review.id}?offset=5&limit=10`).expect(200))
      .body.review as ReviewDetail;
    expect(past).toMatchObject({ totalRows: 2, offset: 5, rows: [] });
    const bad = await owner.agent.get(`/api/reviews/${review.id}?limit=0`).expect(400);
    expect(bad.body.error).toContain('limit must be at least 1');
    const tooMany = await owner.agent.get(`/api/reviews/${review.id}?limit=5000`).expect(400);
    expect(tooMany.body.error).toContain('limit must be at most 1000');
    const negative = await owner.agent.get(`/api/reviews/${review.id}?offset=-1`).expect(400);
    expect(negative.body.error).toContain('offset must be at least 0');
    await stranger.agent.get(`/api/reviews/${review.id}?offset=0&limit=1`).expect(404);
  });

  it('stores a correction beside the original answer, verification, flags and comments', async () => {
    const row = review.rows.find((r) => r.originalname === 'Fabrikam Supply Agreement.txt')!;
    const column = review.columns.find((c) => c.label === 'Governing law')!;
    const url = `/api/reviews/${review.id}/cells/${row.documentId}/${column.id}`;
    const edited = await owner.agent.patch(url).send({ value: '=New York law' }).expect(200);
    expect(edited.body.cell).toMatchObject({
      value: '=New York law',
      edited: true,
      originalValue: 'New York',
    });
    await owner.agent
      .patch(url)
      .send({ verified: true, flagged: true, comment: 'Check NY' })
      .expect(200);
    await owner.agent.patch(url).send({}).expect(400);
    await owner.agent.patch(url).send({ verified: 'yes' }).expect(400);
    const stored = await waitForReview(owner.agent, review.id);
    expect(cellOf(stored, 'Fabrikam Supply Agreement.txt', 'Governing law')).toMatchObject({
      value: '=New York law',
      originalValue: 'New York',
      edited: true,
      verified: true,
      flagged: true,
      comment: 'Check NY',
    });
    review = stored;
  });

  it('sorts and filters the whole grid on the server, then pages it', async () => {
    const law = review.columns.find((c) => c.label === 'Governing law')!;
    const names = async (query: string) => {
      const body = (await owner.agent.get(`/api/reviews/${review.id}?${query}`).expect(200)).body
        .review as ReviewDetail;
      return { names: body.rows.map((row) => row.originalname), body };
    };
    const contoso = 'Contoso Supply Agreement.txt';
    const fabrikam = 'Fabrikam Supply Agreement.txt';
    // Governing law shows "Delaware" and (corrected) "=New York law".
    expect((await names(`sort=${law.id}`)).names).toEqual([fabrikam, contoso]);
    expect((await names(`sort=${law.id}&direction=desc`)).names).toEqual([contoso, fabrikam]);
    expect((await names('sort=document&direction=desc')).names).toEqual([fabrikam, contoso]);
    // The first page of the sorted grid holds the grid's first row, not the first loaded.
    const firstPage = await names(`sort=${law.id}&direction=desc&limit=1`);
    expect(firstPage.names).toEqual([contoso]);
    expect(firstPage.body).toMatchObject({ totalRows: 2, matchingRows: 2, offset: 0 });
    expect((await names(`sort=${law.id}&direction=desc&offset=1&limit=1`)).names).toEqual([
      fabrikam,
    ]);

    const filtered = await names('document=FABRIK');
    expect(filtered.names).toEqual([fabrikam]);
    expect(filtered.body).toMatchObject({ totalRows: 2, matchingRows: 1 });
    expect((await names(`column=${law.id}&value=delaware`)).names).toEqual([contoso]);
    expect((await names('rows=flagged')).names).toEqual([fabrikam]);
    expect((await names('rows=unverified')).names).toEqual([contoso, fabrikam]);
    expect((await names('rows=not_found&document=contoso&limit=1')).body.matchingRows).toBe(
      (await names('rows=not_found&document=contoso')).names.length,
    );

    for (const [query, message] of [
      ['sort=name', "sort must be 'document' or a column id"],
      ['sort=999999', 'sort: 999999 is not a column of this review'],
      ['direction=up', "direction must be 'asc' or 'desc'"],
      ['column=999999&value=x', 'column: 999999 is not a column of this review'],
      ['value=x', 'value needs column'],
      ['rows=some', 'rows must be one of all, unverified, flagged, not_found'],
      [`document=${'x'.repeat(201)}`, 'document must be at most 200 characters'],
    ]) {
      const response = await owner.agent.get(`/api/reviews/${review.id}?${query}`).expect(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.body.error).toContain(message);
    }
    await stranger.agent.get(`/api/reviews/${review.id}?sort=${law.id}&rows=flagged`).expect(404);
  });

  it('exports the grid to xlsx, read back cell by cell, and to CSV safe from formulas', async () => {
    const response = await owner.agent
      .get(`/api/reviews/${review.id}/export?format=xlsx`)
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('Supply review.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(response.body as Buffer).buffer);
    const grid = workbook.getWorksheet('Review')!;
    const row = (n: number) => (grid.getRow(n).values as unknown[]).slice(1);
    // An empty text is an empty cell, not an empty string.
    expect(row(1)).toEqual([
      'Document',
      'Governing law',
      'Governing law: page',
      'Governing law: quote',
      'Governing law: marks',
      'Termination for convenience',
      'Termination for convenience: page',
      'Termination for convenience: quote',
      'Termination for convenience: marks',
      'Insurance',
      'Insurance: page',
      'Insurance: quote',
      'Insurance: marks',
      'Verified cells',
    ]);
    const contoso = cellOf(review, 'Contoso Supply Agreement.txt', 'Governing law');
    expect(row(2)).toEqual([
      'Contoso Supply Agreement.txt',
      'Delaware',
      '1',
      contoso.citations[0]!.quote,
      undefined,
      'Yes',
      '1',
      cellOf(review, 'Contoso Supply Agreement.txt', 'Termination for convenience').citations[0]!
        .quote,
      undefined,
      'Not found',
      undefined,
      undefined,
      undefined,
      '0 of 3',
    ]);
    expect(row(3).slice(0, 5)).toEqual([
      'Fabrikam Supply Agreement.txt',
      "'=New York law",
      '1',
      cellOf(review, 'Fabrikam Supply Agreement.txt', 'Governing law').citations[0]!.quote,
      'verified; edited (was: New York); flagged; comment: Check NY',
    ]);
    expect(row(3).at(-1)).toBe('1 of 3');
    const questions = workbook.getWorksheet('Questions')!;
    const qRow = (n: number) => (questions.getRow(n).values as unknown[]).slice(1);
    expect(qRow(1)).toEqual(['Review', 'Supply review']);
    expect(qRow(2)[0]).toBe('Exported at');
    expect(Date.now() - Date.parse(qRow(2)[1] as string)).toBeLessThan(60_000);
    expect(qRow(3)).toEqual(['Exported by', owner.user.username]);
    expect(qRow(5)).toEqual(['Column', 'Question', 'Answer type']);
    expect(qRow(6)).toEqual([
      'Governing law',
      'Which law governs the agreement?',
      'Place/Governing law',
    ]);
    expect(qRow(7)[2]).toBe('Yes/No');

    const csv = await owner.agent.get(`/api/reviews/${review.id}/export?format=csv`).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]!.startsWith('Document,Governing law,Governing law: page,')).toBe(true);
    expect(lines[2]!.startsWith("Fabrikam Supply Agreement.txt,'=New York law,1,")).toBe(true);
    await owner.agent.get(`/api/reviews/${review.id}/export?format=pdf`).expect(400);
  });

  it('runs only a column that is added', async () => {
    const em = testApp.app.get(SqlEntityManager).fork();
    const before = await em
      .getConnection()
      .execute<{ id: number; answered_at: unknown }[]>(
        'select id, answered_at from review_cells where review_id = ? order by id',
        [review.id],
      );
    const added = await owner.agent
      .post(`/api/reviews/${review.id}/columns`)
      .send({ label: 'Agreement date', question: 'When is the agreement made?', type: 'date' })
      .expect(201);
    expect(added.body.review.columns).toHaveLength(4);
    const filled = await waitForReview(owner.agent, review.id);
    expect(filled.progress).toEqual({ done: 8, total: 8 });
    expect(cellOf(filled, 'Contoso Supply Agreement.txt', 'Agreement date')).toMatchObject({
      status: 'answered',
      value: '2021-03-03',
    });
    const after = await em
      .getConnection()
      .execute<{ id: number; answered_at: unknown }[]>(
        'select id, answered_at from review_cells where review_id = ? order by id',
        [review.id],
      );
    expect(after.slice(0, before.length)).toEqual(before);
    review = filled;
  });

  it('fills the row of a document uploaded later, and drops the row of a deleted one', async () => {
    await owner.agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', agreement('Globex', 'Ohio'), 'Globex Supply Agreement.txt')
      .expect(201);
    const filled = await waitForReview(
      owner.agent,
      review.id,
      (r) => r.rows.length === 3 && r.status === 'completed',
    );
    expect(cellOf(filled, 'Globex Supply Agreement.txt', 'Governing law').value).toBe('Ohio');
    expect(filled.progress).toEqual({ done: 12, total: 12 });
    const contoso = filled.rows.find((r) => r.originalname === 'Contoso Supply Agreement.txt')!;
    await owner.agent.delete(`/api/files/${contoso.documentId}`).expect(200);
    const after = (await owner.agent.get(`/api/reviews/${review.id}`).expect(200)).body
      .review as ReviewDetail;
    expect(after.rows.map((r) => r.originalname)).toEqual([
      'Fabrikam Supply Agreement.txt',
      'Globex Supply Agreement.txt',
    ]);
    expect(after.progress).toEqual({ done: 8, total: 8 });
  }, 60_000);

  it('a selection of documents covers those only', async () => {
    const files = await waitForAnalysis(owner.agent, projectId);
    const fabrikam = files.find((f) => f.originalname === 'Fabrikam Supply Agreement.txt')!;
    const created = await owner.agent
      .post(`/api/projects/${projectId}/reviews`)
      .send({ name: 'Fabrikam only', documentIds: [fabrikam.id], columns: [columns[0]] })
      .expect(201);
    const done = await waitForReview(owner.agent, created.body.review.id);
    expect(done.allDocuments).toBe(false);
    expect(done.rows.map((r) => r.originalname)).toEqual(['Fabrikam Supply Agreement.txt']);
    await owner.agent.delete(`/api/reviews/${done.id}`).expect(200);
    await owner.agent.get(`/api/reviews/${done.id}`).expect(404);
  });

  it("lists the built-in templates and the user's own, never another user's", async () => {
    const builtIn = await owner.agent.get('/api/review-templates').expect(200);
    const templates = builtIn.body.templates as ReviewTemplate[];
    expect(templates.map((t) => t.name)).toEqual([
      'M&A contract review',
      'Commercial terms',
      'Lease abstract',
    ]);
    expect(templates[0]!.columns.map((c) => c.label)).toEqual([
      'Parties',
      'Agreement date',
      'Expiration',
      'Renewal',
      'Governing law',
      'Change of control',
      'Anti-assignment',
      'Exclusivity',
      'Non-compete',
      'Cap on liability',
      'Termination for convenience',
      'MFN',
    ]);
    const saved = await owner.agent
      .post('/api/review-templates')
      .send({ name: 'My supply questions', columns })
      .expect(201);
    expect(saved.body.template).toMatchObject({
      name: 'My supply questions',
      builtIn: false,
      columns,
    });
    await owner.agent
      .post('/api/review-templates')
      .send({ name: 'Bad', columns: [{ label: 'A', question: '', type: 'text' }] })
      .expect(400);
    const mine = (await owner.agent.get('/api/review-templates').expect(200)).body.templates;
    expect(mine.map((t: ReviewTemplate) => t.name).at(-1)).toBe('My supply questions');
    const theirs = (await stranger.agent.get('/api/review-templates').expect(200)).body.templates;
    expect(theirs).toHaveLength(3);
  });

  it("answers 404 to every route of another user's project, review and cells", async () => {
    const row = review.rows[0]!;
    const column = review.columns[0]!;
    const as = stranger.agent;
    await as.get(`/api/projects/${projectId}/reviews`).expect(404);
    await as.post(`/api/projects/${projectId}/reviews`).send({ name: 'R', columns }).expect(404);
    await as.get(`/api/reviews/${review.id}`).expect(404);
    await as
      .patch(`/api/reviews/${review.id}/cells/${row.documentId}/${column.id}`)
      .send({ verified: false })
      .expect(404);
    await as.post(`/api/reviews/${review.id}/columns`).send(columns[0]).expect(404);
    await as.get(`/api/reviews/${review.id}/export?format=xlsx`).expect(404);
    await as.get(`/api/reviews/${review.id}/export?format=csv`).expect(404);
    await as.delete(`/api/reviews/${review.id}`).expect(404);
    // Still there, unchanged, for its owner.
    const still = (await owner.agent.get(`/api/reviews/${review.id}`).expect(200)).body.review;
    expect(still.columns).toHaveLength(4);
    await owner.agent.get(`/api/reviews/${review.id}/cells`).expect(404);
    await owner.agent
      .patch(`/api/reviews/${review.id}/cells/999999/${column.id}`)
      .send({ verified: true })
      .expect(404);
    await owner.agent.get('/api/reviews/abc').expect(400);
  });
});
