import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

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
