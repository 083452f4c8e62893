import { expect, test } from '@playwright/test';
import { chooseOption, expectToast, PASSWORD, screenshot, uniqueUsername } from './support.js';

test('a new user signs up, creates a deal, edits it, renames it and deletes it', async ({
  page,
}) => {
  const username = uniqueUsername('dana');

  await test.step('landing page → Get Started', async () => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
    await screenshot(page, 'landing');
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await expect(page).toHaveURL(/\/login\?mode=register$/);
  });

  await test.step('create an account: Get Started opened the form in Create Account mode', async () => {
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await screenshot(page, 'register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Registration successful');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('an empty dashboard', async () => {
    await expect(page.getByRole('heading', { name: `Welcome back, ${username}` })).toBeVisible();
    await expect(page.getByText('Start Your First Project')).toBeVisible();
    await expect(page.getByText('Active Projects')).toBeVisible();
    await screenshot(page, 'empty-dashboard');
  });

  await test.step('create a project with deal details', async () => {
    await page.getByRole('link', { name: 'Create Your First Project' }).click();
    await expect(page).toHaveURL(/\/project\/create$/);
    await page.getByLabel('Project Name').fill('Project Falcon');
    await page.getByLabel('Project Description').fill('Acquisition of a regional logistics group');
    await page.getByRole('button', { name: 'Deal Details (Optional)' }).click();
    await page.getByLabel('Company Name').fill('Falcon Logistics Ltd');
    await page.getByLabel('Industry').fill('Logistics');
    await page.getByLabel('Valuation').fill('$120M');
    await chooseOption(page, 'Deal Stage', 'Due Diligence');
    await screenshot(page, 'create-project');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expectToast(page, 'Project created');
    await expect(page).toHaveURL(/\/project\/\d+\/deal-details$/);
    const card = page.getByRole('region', { name: 'Deal Details' });
    await expect(card.getByText('Falcon Logistics Ltd')).toBeVisible();
    await expect(card.getByText('Due Diligence')).toBeVisible();
    await screenshot(page, 'deal-details');
  });

  await test.step('the card on the dashboard', async () => {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    const projects = page.getByRole('region', { name: 'Your Projects' });
    await expect(projects.getByText('Project Falcon')).toBeVisible();
    await expect(projects.getByText('Falcon Logistics Ltd')).toBeVisible();
    await expect(projects.getByText('$120M')).toBeVisible();
    await expect(page.getByText('$120M').first()).toBeVisible();
    await screenshot(page, 'dashboard-with-project');
    await projects.getByText('Project Falcon').click();
    await expect(page).toHaveURL(/\/project\/\d+\/deal-details$/);
  });

  await test.step('edit deal details', async () => {
    const card = page.getByRole('region', { name: 'Deal Details' });
    await card.getByRole('button', { name: /Edit/ }).click();
    await page.getByLabel('Revenue').fill('$48M');
    await page.getByLabel('CEO/MD Name').fill('Ada Byron');
    await screenshot(page, 'edit-deal-details');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expectToast(page, 'Deal details updated');
    await expect(card.getByText('$48M')).toBeVisible();
    await expect(card.getByText('Ada Byron')).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Deal Details' }).getByText('Ada Byron'),
    ).toBeVisible();
  });

  await test.step('rename in settings', async () => {
    const url = page.url().replace(/deal-details$/, 'settings');
    await page.goto(url);
    await expect(page.getByText('Project Settings')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Project Osprey');
    await page.getByRole('button', { name: 'Update Name' }).click();
    await expectToast(page, 'Project updated');
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByText('Project Osprey'),
    ).toBeVisible();
    await screenshot(page, 'renamed');
  });

  await test.step('delete, back to an empty dashboard', async () => {
    await page.getByRole('button', { name: 'Delete Project' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('cannot be undone');
    await screenshot(page, 'delete-confirmation');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Project deleted');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Start Your First Project')).toBeVisible();
    await screenshot(page, 'after-delete');
  });
});
