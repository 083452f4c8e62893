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

test('the viewer highlights exactly the cited sentence, inside its glyph boxes, with the room it needs', async ({
  page,
}) => {
  test.skip(!corpusPresent && !process.env['CI'], `The document corpus is not at ${corpus}`);
  test.setTimeout(ANALYSIS_TIMEOUT_MS + 120_000);
  const projectId = await projectWithLicence(page, 'viewer');
  await askInNewChat(page, projectId, lawQuestion);
  const citation = await firstCitation(page, projectId);
  const sessions = page.getByRole('list', { name: 'Chat session list' });
  await expect(sessions).toBeVisible();

  await page.getByRole('list', { name: 'Sources' }).getByRole('button').first().click();
  const viewer = page.getByRole('region', { name: 'Document viewer' });
  await expect(viewer.getByTestId('viewer-page')).toContainText(`Page ${citation.pageNumber}`);
  await expect(viewer.locator('[data-testid=citation-highlight]').first()).toBeVisible({
    timeout: 30_000,
  });

  // The sessions list folds to a rail, and the split keeps the spec's 60/40.
  await expect(sessions).toBeHidden();
  await expect(page.getByRole('button', { name: 'Show chat sessions' })).toBeVisible();
  await expect(page.getByRole('separator', { name: 'Resize document viewer' })).toHaveAttribute(
    'aria-valuenow',
    '60',
  );

  const geometry = await highlightGeometry(viewer);
  expectInsideGlyphs(geometry, citation.quote);
  // The page fits the panel's width.
  const panel = (await viewer.boundingBox())!;
  const pageWidth = geometry.canvas.right - geometry.canvas.left;
  expect(pageWidth).toBeLessThanOrEqual(panel.width);
  expect(pageWidth).toBeGreaterThan(panel.width * 0.85);
  await screenshot(page, 'viewer-highlight');

  await page.getByRole('button', { name: 'Show chat sessions' }).click();
  await expect(sessions).toBeVisible();
});
