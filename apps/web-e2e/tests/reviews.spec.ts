import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { registerThroughApi, screenshot, uniqueUsername } from './support.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const corpus = path.resolve(repoRoot, '../shared/corpus');

/** Three short contracts of the corpus, each with a governing-law clause. */
const contracts = [
  'TICKETSCOMINC_06_22_1999-EX-10.22-SPONSORSHIP AGREEMENT.PDF',
  'MphaseTechnologiesInc_20030911_10-K_EX-10.15_1560667_EX-10.15_Co-Branding Agreement.pdf',
  'NETGEAR,INC_04_21_2003-EX-10.16-DISTRIBUTOR AGREEMENT.pdf',
];
const ANALYSIS_TIMEOUT_MS = 120_000;
const COLUMNS = 12;

test('a reviewer builds a grid from the M&A template, watches it fill, checks a citation, verifies a cell and exports it', async ({
  page,
}) => {
  test.skip(!existsSync(corpus) && !process.env['CI'], `The document corpus is not at ${corpus}`);
  test.setTimeout(ANALYSIS_TIMEOUT_MS + 120_000);

  await registerThroughApi(page.request, uniqueUsername('rita'));
  const created = await page.request.post('/api/projects', { data: { name: 'Project Osprey' } });
  const { project } = (await created.json()) as { project: { id: number } };

  await test.step('three corpus contracts are uploaded and analysed', async () => {
    for (const name of contracts) {
      const upload = await page.request.post(`/api/projects/${project.id}/files`, {
        multipart: {
          files: {
            name,
            mimeType: 'application/pdf',
            buffer: readFileSync(path.join(corpus, name)),
          },
        },
      });
      expect(upload.status(), await upload.text()).toBe(201);
    }
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/projects/${project.id}/files`);
          const { files } = (await response.json()) as { files: { processingStatus: string }[] };
          return files.map((file) => file.processingStatus);
        },
        { timeout: ANALYSIS_TIMEOUT_MS, intervals: [500] },
      )
      .toEqual(['completed', 'completed', 'completed']);
  });

  await test.step('the builder, pre-filled from the "M&A contract review" template', async () => {
    await page.goto(`/project/${project.id}/reviews`);
    await page.getByRole('link', { name: 'New review' }).first().click();
    await expect(page.getByRole('heading', { name: 'New review' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Start from a template' }).click();
    await page.getByRole('option', { name: 'M&A contract review' }).click();
    await expect(page.getByRole('textbox', { name: 'Review name' })).toHaveValue(
      'M&A contract review',
    );
    await expect(page.getByRole('group', { name: /^Column \d+$/ })).toHaveCount(COLUMNS);
    await expect(page.getByRole('radio', { name: /All documents \(3 analysed/ })).toBeChecked();
    await screenshot(page, 'review-builder');
    await page.getByRole('button', { name: 'Run review' }).click();
  });

  const grid = page.getByRole('grid', { name: 'M&A contract review' });
  await test.step('the grid fills in, with progress, until every cell is answered', async () => {
    await expect(grid).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(`Completed: ${3 * COLUMNS} of ${3 * COLUMNS} cells`)).toBeVisible({
      timeout: 60_000,
    });
    for (const name of contracts) {
      await expect(grid.getByRole('rowheader', { name })).toBeVisible();
    }
    await screenshot(page, 'review-grid');
  });

  const netgear = contracts[2]!;
  let place = '';
  const lawName = new RegExp(`^Governing law of ${escape(netgear)}: `);
  const lawCell = grid.getByRole('button', { name: lawName });
  await test.step("a cell's citation opens the viewer on its page, the sentence highlighted", async () => {
    // The cell holds a place (the governing law), read from the sentence the viewer highlights.
    const name = (await lawCell.getAttribute('aria-label'))!;
    place = name.slice(name.indexOf(': ') + 2);
    expect(place).not.toMatch(/^(Not found|Pending…|Failed|Redacted)$/);
    // `has` locators are relative to the cell: rooted at the page, not at the grid.
    const cellBox = grid
      .getByRole('gridcell')
      .filter({ has: page.getByRole('button', { name: lawName }) });
    const pageLink = cellBox.getByRole('button', { name: /^Page \d+$/ });
    const pageNumber = Number((await pageLink.textContent())!.replace('Page ', ''));
    await pageLink.click();
    const viewer = page.getByRole('region', { name: 'Document viewer' });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByTestId('viewer-document-name')).toHaveText(netgear);
    await expect(viewer.getByTestId('viewer-page')).toContainText(`Page ${pageNumber}`);
    // A PDF page highlights each of the quote's text runs.
    const highlights = viewer.getByTestId('citation-highlight');
    await expect(highlights.first()).toBeVisible({ timeout: 30_000 });
    await expect(highlights.first()).toBeInViewport();
    const highlighted = (await highlights.allTextContents()).join(' ').replace(/\s+/g, ' ');
    expect(highlighted).toMatch(/govern|law/i);
    expect(highlighted).toContain(place.split(/[ ,]/)[0]!);
    await screenshot(page, 'review-citation');
    await viewer.getByRole('button', { name: 'Close document viewer' }).click();
    await expect(viewer).toHaveCount(0);
  });

  await test.step('the reviewer verifies the cell; the row counts it', async () => {
    await lawCell.click();
    const dialog = page.getByRole('dialog', { name: `Governing law · ${netgear}` });
    // The box shows the stored state: it turns checked once the server has it.
    await dialog.getByRole('checkbox', { name: 'Verified' }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Verified' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const row = grid
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: netgear }) });
    await expect(row.getByText(`1 of ${COLUMNS}`)).toBeVisible();
    await expect(row.getByLabel('Verified')).toBeVisible();
  });

  await test.step('the Excel export holds the grid, the verified mark beside the value', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('M&A contract review.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.getWorksheet('Review')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header[0]).toBe('Document');
    const law = header.indexOf('Governing law');
    expect(header[law + 3]).toBe('Governing law: marks');
    const lines = [2, 3, 4].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
    expect(lines.map((line) => line[0]).sort()).toEqual([...contracts].sort());
    const line = lines.find((each) => each[0] === netgear)!;
    expect(String(line[law])).toBe(place);
    expect(line[law + 3]).toBe('verified');
    expect(line.at(-1)).toBe(`1 of ${COLUMNS}`);
    expect(workbook.getWorksheet('Questions')!.getRow(1).values).toEqual([
      undefined,
      'Review',
      'M&A contract review',
    ]);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
