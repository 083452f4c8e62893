import { expect, test } from '@playwright/test';
import { screenshot } from './support.js';

test('an anonymous visit to /dashboard is sent to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Username')).toBeVisible();
  await screenshot(page, 'anonymous-redirect');
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await screenshot(page, 'not-found');
});

test('the landing page downloads none of the signed-in app', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(new URL(response.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  for (const chunk of ['ProtectedLayout', 'DashboardPage', 'AppProviders', 'LoginPage']) {
    expect(scripts.filter((name) => name.includes(chunk))).toEqual([]);
  }
});

test('landing FAQ keeps one answer open at a time', async ({ page }) => {
  await page.goto('/#faq');
  const questions = page.locator('#faq').getByRole('button', { expanded: false });
  await expect(questions.first()).toBeVisible();
  const first = page.locator('#faq [aria-expanded]').nth(0);
  const second = page.locator('#faq [aria-expanded]').nth(1);
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await screenshot(page, 'faq');
});
