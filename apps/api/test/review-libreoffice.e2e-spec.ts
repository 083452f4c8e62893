import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ReviewDetail } from '@clearroom/contracts';
import { createProject, waitForAnalysis } from './support/documents.js';
import { inCi, sofficeCommand } from './support/environment.js';
import { signUp, startTestApp, type TestApp } from './support/test-app.js';

/**
 * The exported workbook opened by LibreOffice (headless, converted to CSV): the values a person
 * sees are the grid's. Without LibreOffice the suite is skipped with a notice; in CI (CI=true)
 * its absence fails it (.ci/run installs Debian's libreoffice-calc-nogui).
 */
const NAME = 'an exported review grid opened in LibreOffice';

function describeWithLibreOffice(body: () => void): void {
  if (!sofficeCommand && !inCi) {
    console.warn(
      `*** ${NAME}: SKIPPED, LibreOffice (soffice; Debian: libreoffice-calc-nogui) is missing`,
    );
    describe.skip(NAME, body);
  } else {
    describe(NAME, body);
  }
}

const agreement = (company: string, state: string) =>
  Buffer.from(
    `${company} Supply Agreement\n\nThis Supply Agreement is made on March 3, 2021 between ${company} Inc. and Acme Corp.\n\n` +
      `Governing law. This Agreement is governed by the laws of the State of ${state}.\n\n` +
      `Termination. Either party may terminate this Agreement for convenience on 60 days written notice.\n`,
  );

/** RFC 4180 lines as LibreOffice writes them (quoted fields may hold commas and quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

describeWithLibreOffice(() => {
  let testApp: TestApp;
  let workDir: string;

  beforeAll(async () => {
    if (!sofficeCommand) {
      throw new Error(
        'CI must open the export in LibreOffice, but soffice is missing (Debian: libreoffice-calc-nogui)',
      );
    }
    testApp = await startTestApp();
    workDir = mkdtempSync(path.join(tmpdir(), 'clearroom-libreoffice-'));
  });
  afterAll(async () => {
    await testApp?.drop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('shows every value, page and quote of the grid, and the questions sheet', async () => {
    const owner = await signUp(testApp);
    const projectId = await createProject(owner.agent, 'Supply deals');
    await owner.agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', agreement('Contoso', 'Delaware'), 'Contoso Supply Agreement.txt')
      .attach('files', agreement('Fabrikam', 'New York'), 'Fabrikam Supply Agreement.txt')
      .expect(201);
    await waitForAnalysis(owner.agent, projectId);
    const created = await owner.agent
      .post(`/api/projects/${projectId}/reviews`)
      .send({
        name: 'Supply review',
        columns: [
          { label: 'Governing law', question: 'Which law governs the agreement?', type: 'place' },
          {
            label: 'Termination for convenience',
            question: 'Can a party terminate for convenience?',
            type: 'yes_no',
          },
          { label: 'Insurance', question: 'What insurance must be maintained?', type: 'clause' },
        ],
      })
      .expect(201);
    const reviewId = (created.body.review as ReviewDetail).id;
    let review: ReviewDetail;
    const deadline = Date.now() + 30_000;
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      review = (await owner.agent.get(`/api/reviews/${reviewId}`).expect(200)).body.review;
    } while (review.status !== 'completed' && Date.now() < deadline);
    expect(review.status).toBe('completed');
    // A reviewer's correction that a spreadsheet would run as a formula stays text.
    const fabrikam = review.rows.find((row) => row.originalname.startsWith('Fabrikam'))!;
    await owner.agent
      .patch(`/api/reviews/${reviewId}/cells/${fabrikam.documentId}/${review.columns[0]!.id}`)
      .send({ value: '=New York law', verified: true })
      .expect(200);

    const xlsx = await owner.agent
      .get(`/api/reviews/${reviewId}/export?format=xlsx`)
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const file = path.join(workDir, 'review.xlsx');
    writeFileSync(file, xlsx.body as Buffer);
    const convert = (sheet: number, out: string) => {
      // Sheet by number (LibreOffice 7.2+); a profile of its own so that it never meets another run.
      execFileSync(
        sofficeCommand!,
        [
          `-env:UserInstallation=file://${path.join(workDir, 'profile')}`,
          '--headless',
          '--convert-to',
          `csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,${sheet}`,
          '--outdir',
          out,
          file,
        ],
        { stdio: 'pipe', timeout: 120_000 },
      );
      mkdirSync(out, { recursive: true });
      const written = readdirSync(out);
      expect(written).toHaveLength(1);
      return parseCsv(readFileSync(path.join(out, written[0]!), 'utf8'));
    };
    const grid = convert(1, path.join(workDir, 'grid'));
    const questions = convert(2, path.join(workDir, 'questions'));

    const expected = (await owner.agent.get(`/api/reviews/${reviewId}`).expect(200)).body
      .review as ReviewDetail;
    expect(grid[0]).toEqual([
      'Document',
      ...expected.columns.flatMap((column) => [
        column.label,
        `${column.label}: page`,
        `${column.label}: quote`,
        `${column.label}: marks`,
      ]),
      'Verified cells',
    ]);
    expect(grid).toHaveLength(1 + expected.rows.length);
    for (const [index, row] of expected.rows.entries()) {
      const shown = grid[index + 1]!;
      expect(shown[0]).toBe(row.originalname);
      for (const [c, column] of expected.columns.entries()) {
        const cell = row.cells.find((each) => each.columnId === column.id)!;
        const value =
          cell.value === null
            ? ({ not_found: 'Not found', redacted: 'Redacted' } as Record<string, string>)[
                cell.status
              ]
            : /^[=+\-@]/.test(cell.value)
              ? `'${cell.value}` // written as text, never run as a formula
              : cell.value;
        expect(shown[1 + c * 4]).toBe(value);
        expect(shown[2 + c * 4]).toBe(
          cell.citations[0] ? String(cell.citations[0].pageNumber) : '',
        );
        expect(shown[3 + c * 4]).toBe(cell.citations[0]?.quote ?? '');
      }
      expect(shown.at(-1)).toBe(
        `${row.cells.filter((cell) => cell.verified).length} of ${row.cells.length}`,
      );
    }
    expect(grid[2]![1]).toBe("'=New York law");
    expect(grid[2]![4]).toContain('verified; edited (was: New York)');
    expect(grid[1]![1]).toBe('Delaware');
    expect(grid[1]![5]).toBe('Yes');
    expect(grid[1]![9]).toBe('Not found');
    // LibreOffice pads every line to the sheet's widest (three columns).
    expect(questions[0]).toEqual(['Review', 'Supply review', '']);
    expect(questions[2]).toEqual(['Exported by', owner.user.username, '']);
    expect(questions[4]).toEqual(['Column', 'Question', 'Answer type']);
    expect(questions[5]).toEqual([
      'Governing law',
      'Which law governs the agreement?',
      'Place/Governing law',
    ]);
  }, 180_000);
});
