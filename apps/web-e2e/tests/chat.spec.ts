import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectToast, registerThroughApi, screenshot, uniqueUsername } from './support.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const corpus = path.resolve(repoRoot, '../shared/corpus');
const licence = 'CytodynInc_20200109_10-Q_EX-10.5_11941634_EX-10.5_License Agreement.pdf';
const question = 'What is the term of the license agreement and when does it expire?';

/** Analysis of one contract takes seconds; a cold, busy machine gets some slack. */
const ANALYSIS_TIMEOUT_MS = 120_000;
/** The embedded answerer answers in about a second; a local model may take much longer. */
const ANSWER_TIMEOUT_MS = 120_000;

type Citation = { n: number; pageNumber: number; quote: string; originalname: string };

/** Only the characters that carry text: the viewer matches the quote the same way. */
const compact = (text: string) => text.replace(/\s+/g, '');

async function uploadAndAnalyse(page: Page, projectId: number) {
  await page.goto(`/project/${projectId}/documents`);
  await page.getByTestId('file-input').setInputFiles(path.join(corpus, licence));
  await page.getByRole('button', { name: 'Upload 1 file(s)' }).click();
  await expectToast(page, 'Files Uploaded');
  const row = page
    .getByRole('table', { name: 'Project files' })
    .getByRole('row')
    .filter({ hasText: licence });
  await expect(row.getByText('Analysis Complete')).toBeVisible({ timeout: ANALYSIS_TIMEOUT_MS });
}

test('a user asks the assistant about a contract, opens the cited passage, and fills the deal details with AI Extract', async ({
  page,
}) => {
  test.skip(!existsSync(corpus) && !process.env['CI'], `The document corpus is not at ${corpus}`);
  test.setTimeout(ANALYSIS_TIMEOUT_MS + ANSWER_TIMEOUT_MS + 120_000);

  await registerThroughApi(page.request, uniqueUsername('cleo'));
  const created = await page.request.post('/api/projects', { data: { name: 'Project Cytodyn' } });
  expect(created.status()).toBe(201);
  const { project } = (await created.json()) as { project: { id: number } };

  await test.step('upload the licence agreement and wait for its analysis', async () => {
    await uploadAndAnalyse(page, project.id);
  });

  const sessions = page.getByRole('list', { name: 'Chat session list' });

  await test.step('open the assistant and start a new chat', async () => {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'AI Analysis' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/project/${project.id}/chat$`));
    await expect(page.getByRole('heading', { name: 'AI Assistant' })).toBeVisible();
    await expect(page.getByText('Ready to analyze your documents')).toBeVisible();
    await page.getByRole('button', { name: 'New Chat' }).click();
    await expect(page.getByText('How can I help?')).toBeVisible();
    await expect(sessions.getByRole('button', { name: 'New Chat', exact: true })).toBeVisible();
    await screenshot(page, 'chat-new-session');
  });

  await test.step('ask a question and watch the answer stream in', async () => {
    const field = page.getByRole('textbox', { name: 'Question' });
    await field.fill(question);
    await field.press('Enter');
    await expect(page.getByTestId('question').filter({ hasText: question })).toBeVisible();
    await expect(
      page.getByText('Analyzing your documents...').or(page.getByTestId('answer-text')).first(),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sources' })).toBeVisible({
      timeout: ANSWER_TIMEOUT_MS,
    });
    await expect(field).toBeEnabled();
    await expect(page.getByText('Analyzing your documents...')).toHaveCount(0);
    await screenshot(page, 'chat-answer');
  });

  await test.step('the session is named after the question', async () => {
    await expect(
      sessions.getByRole('button', { name: /^What is the term of the license/ }),
    ).toBeVisible();
    await expect(sessions.getByRole('button', { name: 'New Chat', exact: true })).toHaveCount(0);
  });

  // The stored answer, as the history API gives it: its first source is its first citation.
  const listed = await page.request.get(`/api/qa/sessions/${project.id}`);
  const { sessions: stored } = (await listed.json()) as {
    sessions: Array<{ id: number; name: string }>;
  };
  const session = stored[0]!;
  const historyResponse = await page.request.get(`/api/qa/sessions/${session.id}/history`);
  const { history } = (await historyResponse.json()) as {
    history: Array<{ answer: string; sources: string[]; citations: Citation[] }>;
  };
  expect(history).toHaveLength(1);
  const [entry] = history;
  const citation = entry!.citations[0]!;
  expect(entry!.sources[0]).toBe(`${licence} (Page ${citation.pageNumber})`);

  await test.step('open the first source: the viewer shows its page with the quote highlighted', async () => {
    await page.getByRole('list', { name: 'Sources' }).getByRole('button').first().click();
    const viewer = page.getByRole('region', { name: 'Document viewer' });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByTestId('viewer-document-name')).toHaveText(licence);
    await expect(viewer.getByTestId('viewer-page')).toContainText(`Page ${citation.pageNumber}`);
    await expect(page.getByRole('separator', { name: 'Resize document viewer' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );

    const highlights = viewer.locator('[data-testid=citation-highlight]');
    await expect(highlights.first()).toBeVisible({ timeout: 30_000 });
    const texts = await highlights.allTextContents();
    expect(compact(texts.join(''))).not.toBe('');
    expect(compact(texts.join(''))).toBe(compact(citation.quote));
    await expect(highlights.first()).toBeInViewport();
    await screenshot(page, 'chat-viewer');

    await viewer.getByRole('button', { name: 'Close document viewer' }).click();
    await expect(viewer).toHaveCount(0);
  });

  await test.step('rename the session inline, then delete it', async () => {
    await page.getByRole('button', { name: `Rename ${session.name}` }).click();
    const name = page.getByRole('textbox', { name: 'Session name' });
    await name.fill('Licence term');
    await name.press('Enter');
    await expect(sessions.getByRole('button', { name: 'Licence term', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Delete Licence term' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to delete "Licence term"?');
    await screenshot(page, 'chat-delete-confirmation');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Ready to analyze your documents')).toBeVisible();
    await expect(page.getByText('No chats yet.')).toBeVisible();
  });

  await test.step('AI Extract fills the deal details, with where each value was found', async () => {
    await page.goto(`/project/${project.id}/deal-details`);
    const card = page.getByRole('region', { name: 'Deal Details' });
    await card.getByRole('button', { name: 'AI Extract' }).click();
    await expectToast(page, 'AI extraction completed');

    const companyName = card.getByLabel('Company Name', { exact: true });
    await expect(companyName).not.toHaveValue('');
    const value = await companyName.inputValue();
    await expect(card.getByRole('note', { name: 'Company Name: extracted' })).toContainText(
      `from ${licence}, page`,
    );
    await screenshot(page, 'deal-details-extracted');

    await card.getByRole('button', { name: 'Save Details' }).click();
    await expectToast(page, 'Deal details updated');
    await expect(card.getByRole('form', { name: 'Edit deal details' })).toHaveCount(0);
    await expect(card.getByText(value, { exact: true })).toBeVisible();
    await screenshot(page, 'deal-details-saved');
  });
});
