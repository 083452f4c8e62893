/**
 * A page's first screen as a user sees it: Debian's chromium (never a downloaded browser) opens
 * the page signed in and the time runs from navigation to the first cell of its grid shown.
 * One unmeasured load first (the browser's cache then holds the app's JavaScript, as it would for
 * someone who uses the product), then `runs` measured loads.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export type FirstScreen = {
  /** ms per measured load. */
  times: number[];
  /** Per measured load, its slowest API request, how long it took and when it ended (ms after navigation). */
  slowestApi: { path: string; ms: number; endedAt: number }[];
};

/** The measured loads, or null when chromium is not installed. */
export async function firstScreenMs(
  baseUrl: string,
  sessionCookie: string,
  pagePath: string,
  runs: number,
): Promise<FirstScreen | null> {
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
    let apiCalls: { path: string; ms: number; endedAt: number }[] = [];
    let navigationStart = 0;
    page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      // startTime is epoch ms; responseEnd counts from it: the request's duration.
      const { startTime, responseEnd } = request.timing();
      // A request of the previous load that ends after this one began does not count.
      if (pathname.startsWith('/api/') && startTime >= navigationStart) {
        apiCalls.push({
          path: pathname,
          ms: responseEnd,
          endedAt: startTime + responseEnd - navigationStart,
        });
      }
    });
    const load = async () => {
      apiCalls = [];
      navigationStart = Date.now();
      const started = performance.now();
      await page.goto(baseUrl + pagePath);
      await page
        .locator('[role=grid] [role=gridcell]')
        .first()
        .waitFor({ state: 'visible', timeout: 60_000 });
      const ms = performance.now() - started;
      const slowest = [...apiCalls].sort((a, b) => b.ms - a.ms)[0] ?? {
        path: '-',
        ms: 0,
        endedAt: 0,
      };
      return { ms, slowest };
    };
    await load();
    const result: FirstScreen = { times: [], slowestApi: [] };
    for (let run = 0; run < runs; run++) {
      const { ms, slowest } = await load();
      result.times.push(ms);
      result.slowestApi.push(slowest);
    }
    return result;
  } finally {
    await browser.close();
  }
}
