import { expect, test } from '@playwright/test';
import {
  checkToastsClearOfActions,
  registerThroughApi,
  screenshot,
  uniqueUsername,
} from './support.js';

test('on a phone, the sidebar is a drawer opened from the menu button', async ({ page }) => {
  await registerThroughApi(page.request, uniqueUsername('phone'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await screenshot(page, 'phone-dashboard');

  await page.getByRole('button', { name: 'Open navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Create Project' })).toBeVisible();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('User', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Log out' })).toBeVisible();

  await screenshot(page, 'phone-drawer');

  await nav.getByRole('link', { name: 'Create Project' }).click();
  await expect(page).toHaveURL(/\/project\/create$/);
  await expect(nav).toBeHidden();
});

test('on a phone, the landing page menu opens from its toggle', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /menu/i }).click();
  await expect(
    page
      .getByRole('link', { name: 'Use Cases' })
      .or(page.getByRole('menuitem', { name: /Use Cases/ }))
      .first(),
  ).toBeVisible();
  await screenshot(page, 'phone-landing-menu');
});

test('on a phone, toasts cover neither the Create Project button nor the Send button', async ({
  page,
}) => {
  await checkToastsClearOfActions(page);
});
