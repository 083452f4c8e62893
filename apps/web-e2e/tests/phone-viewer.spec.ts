import { expect, test } from '@playwright/test';
import { screenshot } from './support.js';
import {
  ANALYSIS_TIMEOUT_MS,
  askInNewChat,
  corpus,
  corpusPresent,
  expectInsideGlyphs,
  firstCitation,
  highlightGeometry,
  lawQuestion,
  projectWithLicence,
} from './viewer-support.js';

test('on a phone, a source opens full screen with its sentence highlighted and a way back', async ({
  page,
}) => {
  test.skip(!corpusPresent && !process.env['CI'], `The document corpus is not at ${corpus}`);
  test.setTimeout(ANALYSIS_TIMEOUT_MS + 120_000);
  const projectId = await projectWithLicence(page, 'phone-viewer');
  await askInNewChat(page, projectId, lawQuestion);
  const citation = await firstCitation(page, projectId);

  await page.getByRole('list', { name: 'Sources' }).getByRole('button').first().click();
  const viewer = page.getByRole('region', { name: 'Document viewer' });
  await expect(viewer.getByTestId('viewer-page')).toContainText(`Page ${citation.pageNumber}`);
  await expect(viewer.locator('[data-testid=citation-highlight]').first()).toBeVisible({
    timeout: 30_000,
  });
  const screen = page.viewportSize()!;
  const panel = (await viewer.boundingBox())!;
  expect(panel.width).toBeGreaterThanOrEqual(screen.width - 1);
  expect(panel.x).toBeLessThanOrEqual(1);
  expectInsideGlyphs(await highlightGeometry(viewer), citation.quote);
  await screenshot(page, 'phone-viewer');

  await page.getByRole('button', { name: 'Back to the conversation' }).click();
  await expect(viewer).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Sources' })).toBeVisible();
});
