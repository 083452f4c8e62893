/**
 * A page's first screen as a user sees it: Debian's chromium (never a downloaded browser) opens
 * the page signed in and the time runs from navigation to the first cell of its grid shown.
 * One unmeasured load first (the browser's cache then holds the app's JavaScript, as it would for
 * someone who uses the product), then `runs` measured loads.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** ms per load, or null when chromium is not installed. */
export async function firstScreenMs(
  baseUrl: string,
  sessionCookie: string,
  pagePath: string,
  runs: number,
): Promise<number[] | null> {
  if (!existsSync(CHROMIUM)) return null;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const [name, ...value] = sessionCookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: baseUrl }]);
    const page = await context.newPage();
    const load = async () => {
      const started = performance.now();
      await page.goto(baseUrl + pagePath);
      await page
        .locator('[role=grid] [role=gridcell]')
        .first()
        .waitFor({ state: 'visible', timeout: 60_000 });
      return performance.now() - started;
    };
    await load();
    const times: number[] = [];
    for (let run = 0; run < runs; run++) times.push(await load());
    return times;
  } finally {
    await browser.close();
  }
}
