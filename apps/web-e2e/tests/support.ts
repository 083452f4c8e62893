import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

let step = 0;

/** Saves a full-page screenshot of the current step under apps/web-e2e/screenshots (git-ignored). */
export async function screenshot(page: Page, name: string): Promise<void> {
  step += 1;
  const project = test.info().project.name;
  await page.screenshot({
    path: path.join(SCREENSHOTS, `${project}-${String(step).padStart(2, '0')}-${name}.png`),
    fullPage: true,
  });
}

export const uniqueUsername = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

export const PASSWORD = 'e2e password 123';

/** Creates an account through the API; the page's context then carries its session cookie. */
export async function registerThroughApi(
  request: APIRequestContext,
  username: string,
): Promise<void> {
  const response = await request.post('/api/auth/register', {
    data: { username, password: PASSWORD },
  });
  expect(response.status()).toBe(201);
}

/** Waits for a toast (an alert for errors, a status otherwise) with this title, and returns it. */
export async function expectToast(page: Page, title: string) {
  const toast = page.locator('[role=alert], [role=status]').filter({ hasText: title });
  await expect(toast).toBeVisible();
  return toast;
}

/** The toast titled `title` appears, and covers no part of `action` (issue 13, item 14). */
export async function expectToastClearOf(page: Page, title: string, action: Locator) {
  const toast = await expectToast(page, title);
  const [box, target] = [await toast.boundingBox(), await action.boundingBox()];
  expect(box && target).toBeTruthy();
  const overlaps =
    box!.x < target!.x + target!.width &&
    target!.x < box!.x + box!.width &&
    box!.y < target!.y + target!.height &&
    target!.y < box!.y + box!.height;
  expect({ toast: box, action: target, overlaps }).toMatchObject({ overlaps: false });
}

/**
 * The toasts of the Create Project page and of the chat cover neither their Create Project nor
 * their Send button: both answer a click on that button with a validation toast.
 */
export async function checkToastsClearOfActions(page: Page): Promise<void> {
  await registerThroughApi(page.request, uniqueUsername('toasts'));
  await page.goto('/project/create');
  // Blank after trimming: the browser's required check passes, the page's refuses (spec §5).
  await page.getByRole('textbox', { name: 'Project Name' }).fill('   ');
  const create = page.getByRole('button', { name: 'Create Project' });
  await create.click();
  await expectToastClearOf(page, 'Validation error', create);
  await screenshot(page, 'toast-create-project');

  const created = await page.request.post('/api/projects', { data: { name: 'Toasts' } });
  const { project } = (await created.json()) as { project: { id: number } };
  await page.goto(`/project/${project.id}/chat`);
  await page.getByRole('button', { name: 'New Chat' }).click();
  await expect(page.getByText('How can I help?')).toBeVisible();
  const send = page.getByRole('button', { name: 'Send' });
  await send.click();
  await expectToastClearOf(page, 'Question required', send);
  await screenshot(page, 'toast-chat');
}

/**
 * Picks an option of a Material UI select the way a person does (click, then click the option)
 * and waits until the menu has closed on that value. MUI selects on a button release that comes
 * late enough after the opening press, so a slow machine can close the menu on the wrong
 * option: the gesture is then repeated.
 */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label });
  await expect(async () => {
    if ((await page.getByRole('listbox').count()) === 0) await select.click({ timeout: 2_000 });
    await page.getByRole('option', { name: option, exact: true }).click({ timeout: 2_000 });
    await expect(page.getByRole('listbox')).toHaveCount(0, { timeout: 2_000 });
    await expect(select).toHaveText(option, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}
