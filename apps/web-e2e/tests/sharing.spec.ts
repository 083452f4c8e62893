import { expect, test, type Page } from '@playwright/test';
import { expectToast, registerThroughApi, screenshot, uniqueUsername } from './support.js';

/** A short contract as a text file: analysed in seconds, no corpus needed. */
const documentName = 'Share Purchase Agreement.txt';
const documentText = [
  'SHARE PURCHASE AGREEMENT',
  'This Agreement is made between Heron Holdings Ltd (the Seller) and Osprey Capital LLP (the Buyer).',
  'The Buyer shall pay the Seller a purchase price of $25,000,000 at Completion.',
  'This Agreement is governed by the laws of England and Wales.',
].join('\n\n');

/** Analysis of one small text file takes seconds; a cold, busy machine gets some slack. */
const ANALYSIS_TIMEOUT_MS = 90_000;

/**
 * The first page of a new browser context downloads the app's chunks, then asks who is signed in
 * and for the projects: on a loaded machine that alone has taken over 10 seconds.
 */
const FIRST_PAGE = { timeout: 30_000 };

function fileRow(page: Page, name: string) {
  return page
    .getByRole('table', { name: 'Project files' })
    .getByRole('row')
    .filter({ hasText: name });
}

test('an owner shares a project with a viewer, who can read but not upload, and the owner sees their view in the activity log', async ({
  page: ownerPage,
  browser,
}) => {
  test.setTimeout(ANALYSIS_TIMEOUT_MS + 90_000);
  const ownerName = uniqueUsername('owner');
  const viewerName = uniqueUsername('viewer');
  const viewerContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const viewerPage = await viewerContext.newPage();

  await registerThroughApi(ownerPage.request, ownerName);
  await registerThroughApi(viewerPage.request, viewerName);

  const created = await ownerPage.request.post('/api/projects', {
    data: { name: 'Project Osprey' },
  });
  expect(created.status()).toBe(201);
  const { project } = (await created.json()) as { project: { id: number } };

  await test.step('the owner uploads a document', async () => {
    const uploaded = await ownerPage.request.post(`/api/projects/${project.id}/files`, {
      multipart: {
        files: { name: documentName, mimeType: 'text/plain', buffer: Buffer.from(documentText) },
      },
    });
    expect(uploaded.status()).toBe(201);
    await ownerPage.goto(`/project/${project.id}/documents`);
    await expect(fileRow(ownerPage, documentName).getByText('Analysis Complete')).toBeVisible({
      timeout: ANALYSIS_TIMEOUT_MS,
    });
  });

  await test.step('the owner adds the viewer in Settings › Members', async () => {
    await ownerPage.goto(`/project/${project.id}/settings`);
    const form = ownerPage.getByRole('form', { name: 'Add a member' });
    await expect(form).toBeVisible(FIRST_PAGE);
    await form.getByLabel('Username').fill(viewerName);
    // Viewer is the role offered first.
    await expect(form.getByRole('combobox', { name: 'Role' })).toHaveText('Viewer');
    await form.getByRole('button', { name: 'Add Member' }).click();
    await expectToast(ownerPage, 'Member added');
    const members = ownerPage.getByRole('table', { name: 'Project members' });
    await expect(members.getByRole('combobox', { name: `Role of ${viewerName}` })).toHaveText(
      'Viewer',
    );
    await screenshot(ownerPage, 'sharing-members');
  });

  await test.step("the viewer sees the project with a 'Viewer' badge and its owner", async () => {
    await viewerPage.goto('/dashboard');
    const card = viewerPage.getByRole('link').filter({ hasText: 'Project Osprey' });
    await expect(card).toContainText('Viewer', FIRST_PAGE);
    await expect(card).toContainText(`Shared by ${ownerName}`);
    const sidebarEntry = viewerPage
      .getByRole('list', { name: 'Projects' })
      .getByRole('button', { name: /Project Osprey/ });
    await expect(sidebarEntry).toContainText('Viewer');
    await expect(sidebarEntry).toContainText(`shared by ${ownerName}`);
    // Viewers don't read the activity log: no entry for it among the project's pages.
    await sidebarEntry.click();
    const pages = viewerPage.getByRole('list', { name: 'Project Osprey pages' });
    await expect(pages.getByRole('link', { name: 'Documents' })).toBeVisible();
    await expect(pages.getByRole('link', { name: 'Activity' })).toHaveCount(0);
    await screenshot(viewerPage, 'sharing-viewer-dashboard');
  });

  await test.step('the viewer has no upload button, and the API refuses an upload with 403', async () => {
    await viewerPage.goto(`/project/${project.id}/documents`);
    await expect(fileRow(viewerPage, documentName)).toBeVisible(FIRST_PAGE);
    await expect(viewerPage.getByRole('heading', { name: 'Upload Documents' })).toHaveCount(0);
    await expect(viewerPage.getByRole('button', { name: 'Choose Files' })).toHaveCount(0);
    await expect(viewerPage.getByRole('button', { name: /^Upload/ })).toHaveCount(0);
    await expect(
      fileRow(viewerPage, documentName).getByRole('button', { name: `Delete ${documentName}` }),
    ).toHaveCount(0);

    const refused = await viewerPage.request.post(`/api/projects/${project.id}/files`, {
      multipart: {
        files: { name: 'smuggled.txt', mimeType: 'text/plain', buffer: Buffer.from('Nope.') },
      },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({
      error: "Viewers can't upload documents",
      code: 'FORBIDDEN',
    });
    await screenshot(viewerPage, 'sharing-viewer-documents');
  });

  await test.step('the viewer opens the document', async () => {
    const fileResponse = viewerContext.waitForEvent('response', (response) =>
      new URL(response.url()).pathname.startsWith('/api/files/'),
    );
    const popup = viewerPage.waitForEvent('popup');
    await fileRow(viewerPage, documentName)
      .getByRole('link', { name: `Open ${documentName}` })
      .click();
    expect((await fileResponse).status()).toBe(200);
    const tab = await popup;
    await expect(tab.locator('body')).toContainText('SHARE PURCHASE AGREEMENT');
    await tab.close();
  });

  await test.step("the owner sees the viewer's view in the activity log", async () => {
    await ownerPage.goto('/dashboard');
    const ownProject = ownerPage
      .getByRole('list', { name: 'Projects' })
      .getByRole('button', { name: 'Project Osprey' });
    await expect(ownProject).toBeVisible(FIRST_PAGE);
    await ownProject.click();
    await ownerPage
      .getByRole('list', { name: 'Project Osprey pages' })
      .getByRole('link', { name: 'Activity' })
      .click();
    await expect(ownerPage).toHaveURL(new RegExp(`/project/${project.id}/activity$`));
    const log = ownerPage.getByRole('table', { name: 'Activity log' });
    await expect(log).toBeVisible(FIRST_PAGE);
    const views = log
      .getByRole('row')
      .filter({ hasText: 'Document viewed' })
      .filter({ hasText: viewerName });
    await expect(views).toHaveCount(1);
    await expect(views).toContainText(documentName);
    await expect(views.getByRole('cell').nth(4)).toHaveText(/\d/);

    // The filter by person keeps the viewer's entries only.
    await ownerPage.getByRole('combobox', { name: 'Person' }).click();
    await ownerPage.getByRole('option', { name: viewerName, exact: true }).click();
    await expect(log.getByRole('row').filter({ hasText: ownerName })).toHaveCount(0);
    await expect(views).toHaveCount(1);
    await expect(ownerPage.getByRole('list', { name: 'Document views' })).toContainText(
      'Viewed by 1 person',
    );
    await screenshot(ownerPage, 'sharing-activity');
  });

  await viewerContext.close();
});
