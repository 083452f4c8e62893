import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { registerThroughApi, uniqueUsername } from './support.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const corpus = path.resolve(repoRoot, '../shared/corpus');
export const corpusPresent = existsSync(corpus);
export const licence = 'CytodynInc_20200109_10-Q_EX-10.5_11941634_EX-10.5_License Agreement.pdf';
/** Answered from the clause index: the governing-law sentence, cited at sentence level. */
export const lawQuestion = 'Which law governs the license agreement?';
export const ANALYSIS_TIMEOUT_MS = 120_000;

/** Only the characters that carry text: the viewer matches the quote the same way. */
export const compact = (text: string) => text.replace(/\s+/g, '');

/** A project holding the CytoDyn licence, uploaded through the API and analysed. */
export async function projectWithLicence(page: Page, prefix: string): Promise<number> {
  await registerThroughApi(page.request, uniqueUsername(prefix));
  const created = await page.request.post('/api/projects', { data: { name: 'Viewer check' } });
  expect(created.status()).toBe(201);
  const { project } = (await created.json()) as { project: { id: number } };
  const upload = await page.request.post(`/api/projects/${project.id}/files`, {
    multipart: {
      files: {
        name: licence,
        mimeType: 'application/pdf',
        buffer: readFileSync(path.join(corpus, licence)),
      },
    },
  });
  expect(upload.status()).toBe(201);
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/projects/${project.id}/files`);
        const { files } = (await response.json()) as { files: { processingStatus: string }[] };
        return files[0]?.processingStatus;
      },
      { timeout: ANALYSIS_TIMEOUT_MS, intervals: [500] },
    )
    .toBe('completed');
  return project.id;
}

/** Opens the project's assistant, starts a chat, asks `question` and waits for its sources. */
export async function askInNewChat(page: Page, projectId: number, question: string) {
  await page.goto(`/project/${projectId}/chat`);
  await page.getByRole('button', { name: 'New Chat' }).click();
  const field = page.getByRole('textbox', { name: 'Question' });
  await field.fill(question);
  await field.press('Enter');
  await expect(page.getByRole('list', { name: 'Sources' })).toBeVisible({ timeout: 60_000 });
}

/** The stored citations of the project's only chat (its first answer). */
export async function firstCitation(page: Page, projectId: number) {
  const { sessions } = (await (await page.request.get(`/api/qa/sessions/${projectId}`)).json()) as {
    sessions: { id: number }[];
  };
  const { history } = (await (
    await page.request.get(`/api/qa/sessions/${sessions[0]!.id}/history`)
  ).json()) as { history: { citations: { pageNumber: number; quote: string }[] }[] };
  return history[0]!.citations[0]!;
}

type Box = { left: number; top: number; right: number; bottom: number };
export type HighlightGeometry = {
  marks: { text: string; mark: Box; run: Box }[];
  canvas: Box;
};

/**
 * Where each highlight lies on the page, with the box of the text-layer run it marks: pdf.js
 * sizes each run to its glyphs (its font height, and scaled along the line to the glyphs'
 * drawn width), so the run's box is the glyph box of the cited text on that line.
 */
export async function highlightGeometry(viewer: Locator): Promise<HighlightGeometry> {
  return viewer.evaluate((root) => {
    const box = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
    };
    const marks = [...root.querySelectorAll('[data-testid=citation-highlight]')].map((mark) => ({
      text: mark.textContent ?? '',
      mark: box(mark),
      run: box(mark.parentElement!),
    }));
    return { marks, canvas: box(root.querySelector('.pdf-page canvas')!) };
  });
}

/** Every highlight rectangle lies inside its run's glyph box and on the drawn page. */
export function expectInsideGlyphs(geometry: HighlightGeometry, quote: string): void {
  const slack = 1; // a pixel of rounding
  const inside = (inner: Box, outer: Box) =>
    inner.left >= outer.left - slack &&
    inner.right <= outer.right + slack &&
    inner.top >= outer.top - slack &&
    inner.bottom <= outer.bottom + slack;
  expect(geometry.marks.length).toBeGreaterThan(0);
  expect(compact(geometry.marks.map((mark) => mark.text).join(''))).toBe(compact(quote));
  for (const { text, mark, run } of geometry.marks) {
    expect({ text, inside: inside(mark, run) }).toEqual({ text, inside: true });
    expect({ text, onPage: inside(mark, geometry.canvas) }).toEqual({ text, onPage: true });
    // A mark has the height of its line of text, not a blotch over several lines.
    expect(mark.bottom - mark.top).toBeLessThanOrEqual(run.bottom - run.top + slack);
    expect(mark.right - mark.left).toBeGreaterThan(0);
  }
}
