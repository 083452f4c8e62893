import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectToast, registerThroughApi, screenshot, uniqueUsername } from './support.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const corpus = path.resolve(repoRoot, '../shared/corpus');

const dropped = {
  name: 'TICKETSCOMINC_06_22_1999-EX-10.22-SPONSORSHIP AGREEMENT.PDF',
  type: 'application/pdf',
};
const coBranding =
  'MphaseTechnologiesInc_20030911_10-K_EX-10.15_1560667_EX-10.15_Co-Branding Agreement.pdf';
const word = 'testWORD.docx';
const picked = [coBranding, `office/${word}`];
const allNames = [dropped.name, coBranding, word];

/** Analysis of the three small files takes seconds; a cold, busy machine gets some slack. */
const ANALYSIS_TIMEOUT_MS = 120_000;

/** Drops a file on the zone as a browser would: a DataTransfer built in the page. */
async function dropFile(page: Page, zone: Locator, file: { name: string; type: string }) {
  const base64 = readFileSync(path.join(corpus, file.name)).toString('base64');
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type }));
      return transfer;
    },
    { ...file, base64 },
  );
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await expect(zone).toHaveAttribute('data-dragging', 'true');
  await zone.dispatchEvent('drop', { dataTransfer });
}

function fileRow(page: Page, name: string): Locator {
  return page
    .getByRole('table', { name: 'Project files' })
    .getByRole('row')
    .filter({ hasText: name });
}

test('a user uploads documents, watches them being analysed, opens, downloads and deletes one', async ({
  page,
}) => {
  test.skip(!existsSync(corpus) && !process.env['CI'], `The document corpus is not at ${corpus}`);
  test.setTimeout(ANALYSIS_TIMEOUT_MS + 60_000);

  await registerThroughApi(page.request, uniqueUsername('uma'));
  const created = await page.request.post('/api/projects', { data: { name: 'Project Heron' } });
  expect(created.status()).toBe(201);
  const { project } = (await created.json()) as { project: { id: number } };

  await test.step('the Documents page of a new project', async () => {
    await page.goto(`/project/${project.id}/documents`);
    await expect(page.getByRole('heading', { name: 'Upload Documents' })).toBeVisible();
    await expect(
      page.getByText('No documents uploaded yet. Upload your first document to get started.'),
    ).toBeVisible();
  });

  await test.step('one file dropped, two chosen with the picker', async () => {
    await dropFile(page, page.getByRole('button', { name: /Drop PDF files here/ }), dropped);
    await page
      .getByTestId('file-input')
      .setInputFiles(picked.map((file) => path.join(corpus, file)));
    await expect(page.getByRole('heading', { name: 'Selected Files (3)' })).toBeVisible();
    await screenshot(page, 'documents-selected');
    await page.getByRole('button', { name: 'Upload 3 file(s)' }).click();
    await expect(page.getByText('3 file(s) uploaded successfully')).toBeVisible();
    await expectToast(page, 'Files Uploaded');
  });

  await test.step('each file reaches Analysis Complete', async () => {
    for (const name of allNames) {
      await expect(fileRow(page, name)).toBeVisible();
    }
    await screenshot(page, 'documents-uploaded');
    for (const name of allNames) {
      await expect(fileRow(page, name).getByText('Analysis Complete')).toBeVisible({
        timeout: ANALYSIS_TIMEOUT_MS,
      });
    }
    await screenshot(page, 'documents-analysed');
  });

  await test.step('open a PDF in a new tab', async () => {
    const name = coBranding;
    const fileResponse = page
      .context()
      .waitForEvent('response', (response) =>
        new URL(response.url()).pathname.startsWith('/api/files/'),
      );
    const popup = page.waitForEvent('popup');
    await fileRow(page, name)
      .getByRole('link', { name: `Open ${name}` })
      .click();
    const response = await fileResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    // Sandboxed like every uploaded file, and still shown by Chromium's PDF viewer.
    // allHeaders: headers() leaves security headers out.
    expect((await response.allHeaders())['content-security-policy']).toBe('sandbox');
    const tab = await popup;
    await expect
      .poll(() => tab.frames().some((frame) => frame.url().startsWith('chrome-extension://')))
      .toBe(true);
    await tab.close();
  });

  await test.step('download a file under its original name', async () => {
    const download = page.waitForEvent('download');
    await fileRow(page, dropped.name)
      .getByRole('link', { name: `Download ${dropped.name}` })
      .click();
    expect((await download).suggestedFilename()).toBe(dropped.name);
  });

  await test.step('delete a file after confirmation', async () => {
    const name = word;
    await fileRow(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(
      `Are you sure you want to delete "${name}"? This action cannot be undone and will remove all associated document chunks.`,
    );
    await screenshot(page, 'documents-delete-confirmation');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'File deleted successfully');
    await expect(fileRow(page, name)).toHaveCount(0);
    await expect(fileRow(page, dropped.name)).toBeVisible();
    await screenshot(page, 'documents-after-delete');
  });
});
