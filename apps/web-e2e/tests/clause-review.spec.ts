import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ClausesResponse } from '@clearroom/contracts';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectToast, registerThroughApi, screenshot, uniqueUsername } from './support.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const cuad = path.resolve(repoRoot, '../shared/corpus/cuad/pdf');
/** Three CUAD contracts whose annotators marked a change-of-control clause (labels.csv). */
const licence = 'CytodynInc_20200109_10-Q_EX-10.5_11941634_EX-10.5_License Agreement.pdf';
const contracts = [
  licence,
  'MphaseTechnologiesInc_20030911_10-K_EX-10.15_1560667_EX-10.15_Co-Branding Agreement.pdf',
  'DYNTEKINC_07_30_1999-EX-10-ONLINE HOSTING AGREEMENT.PDF',
];
const CATEGORY = 'Change Of Control';

/** Analysis (extraction, chunking, classification) of three contracts on a busy 2-core machine. */
const ANALYSIS_TIMEOUT_MS = 180_000;

/** Only the characters that carry text: the viewer matches the quote the same way. */
const compact = (text: string) => text.replace(/\s+/g, '');

function fileRow(page: Page, name: string) {
  return page
    .getByRole('table', { name: 'Project files' })
    .getByRole('row')
    .filter({ hasText: name });
}

test('a deal lawyer reviews the clauses of three contracts, opens a change-of-control clause in the viewer and exports the matrix', async ({
  page,
}) => {
  test.skip(!existsSync(cuad) && !process.env['CI'], `The CUAD corpus is not at ${cuad}`);
  test.setTimeout(ANALYSIS_TIMEOUT_MS + 120_000);

  await registerThroughApi(page.request, uniqueUsername('lena'));
  const created = await page.request.post('/api/projects', { data: { name: 'Project Vyera' } });
  expect(created.status()).toBe(201);
  const { project } = (await created.json()) as { project: { id: number } };

  await test.step('upload three contracts and wait for their analysis', async () => {
    await page.goto(`/project/${project.id}/documents`);
    await page
      .getByTestId('file-input')
      .setInputFiles(contracts.map((name) => path.join(cuad, name)));
    await page.getByRole('button', { name: 'Upload 3 file(s)' }).click();
    await expectToast(page, 'Files Uploaded');
    for (const name of contracts) {
      await expect(fileRow(page, name).getByText('Analysis Complete')).toBeVisible({
        timeout: ANALYSIS_TIMEOUT_MS,
      });
    }
  });

  // The clause the review shows for the licence: the model's best change-of-control clause, as
  // the page's own request gives it (?minScore=0.2: found and uncertain clauses).
  // The page reads the matrix (each category's best clause, its first words, no text).
  const matrixResponse = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `/api/projects/${project.id}/clauses/matrix` &&
      response.request().method() === 'GET',
  );

  await test.step('open the Clause Review from the sidebar: one row per contract', async () => {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Clause Review' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/project/${project.id}/clauses`));
    await expect(page.getByRole('heading', { name: 'Clause Review', level: 1 })).toBeVisible();
    const grid = page.getByRole('grid', { name: 'Clause review' });
    for (const name of contracts) {
      await expect(grid.getByRole('row', { name, exact: true })).toBeVisible();
    }
    await screenshot(page, 'clause-review');
  });

  expect((await matrixResponse).status()).toBe(200);
  // The clauses with their text, as an API user reads them: the cell's clause is the best one.
  const response = (await (
    await page.request.get(`/api/projects/${project.id}/clauses?minScore=0.2`)
  ).json()) as ClausesResponse;
  const document = response.documents.find((entry) => entry.originalname === licence)!;
  expect(document).toBeTruthy();
  const candidates = document.clauses.filter((clause) => clause.category === CATEGORY);
  const best = [...candidates].sort(
    (a, b) => Number(b.found) - Number(a.found) || b.score - a.score,
  )[0]!;
  // The licence's change-of-control clause is found (CUAD: "A Change of Control shall be deemed
  // an assignment…", "In the event that Vyera experiences a Change of Control…").
  expect(best).toMatchObject({ category: CATEGORY, found: true });
  expect(best.quote).toMatch(/change of control/i);

  await test.step('click the licence’s Change Of Control cell: the viewer shows the clause highlighted on its page', async () => {
    const row = page
      .getByRole('grid', { name: 'Clause review' })
      .getByRole('row', { name: licence, exact: true });
    const cell = row.getByRole('button', {
      name: `${CATEGORY}: found on page ${best.pageNumber}`,
      exact: true,
    });
    await expect(cell).toBeVisible();
    await expect(cell).toContainText(`p. ${best.pageNumber}`);
    await cell.click();

    const viewer = page.getByRole('region', { name: 'Document viewer' });
    await expect(viewer).toBeVisible({ timeout: 30_000 });
    await expect(viewer.getByTestId('viewer-document-name')).toHaveText(licence);
    await expect(viewer.getByTestId('viewer-page')).toContainText(`Page ${best.pageNumber}`);
    const highlights = viewer.locator('[data-testid=citation-highlight]');
    await expect(highlights.first()).toBeVisible({ timeout: 30_000 });
    // Exactly that clause: the highlighted glyphs spell the clause, nothing more, nothing less.
    await expect
      .poll(async () => compact((await highlights.allTextContents()).join('')), {
        timeout: 15_000,
      })
      .toBe(compact(best.quote));
    await expect(highlights.first()).toBeInViewport();
    await screenshot(page, 'clause-review-viewer');
  });

  await test.step('export the matrix to Excel and read it back', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const saved = test.info().outputPath('clause-review.xlsx');
    await file.saveAs(saved);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(saved);
    const sheet = workbook.getWorksheet('Clause Review')!;
    expect(sheet).toBeTruthy();
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header.slice(0, 2)).toEqual(['Document', 'Note']);
    const column = header.indexOf(CATEGORY) + 1;
    expect(column).toBeGreaterThan(2);
    expect(header[column]).toBe(`${CATEGORY} (page)`);

    const names: string[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) names.push(row.getCell(1).text);
    });
    expect([...names].sort()).toEqual([...contracts].sort());

    let licenceRow: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === licence) licenceRow = row;
    });
    expect(licenceRow).toBeTruthy();
    // The exported cell is the clause the review showed: its exact text and its page.
    expect(licenceRow!.getCell(column).value).toBe(best.quote);
    expect(licenceRow!.getCell(column + 1).text).toBe(String(best.pageNumber));

    const about = workbook.getWorksheet('About')!;
    expect(about.getCell('A1').value).toBe('Project');
    expect(about.getCell('B1').value).toBe('Project Vyera');
    expect(about.getCell('B4').value).toBe(response.modelVersion);
  });
});
