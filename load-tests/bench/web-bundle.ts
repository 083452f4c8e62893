/**
 * `npm run bench:web`: the JavaScript a real browser (Debian's chromium) downloads from the built
 * product: for the landing page alone, and for the signed-in app (dashboard, create project, deal
 * details, settings, documents, chat). Sizes are gzip (level 9) of each file, as the issue asks,
 * and the bytes actually transferred (the server sends brotli when the browser accepts it).
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { startBuiltServer } from './built-server.ts';

type Script = { path: string; gzip: number; transferred: number };

/** Script bodies still being read; `settle` waits for them after each navigation. */
const pending: Promise<void>[] = [];

const server = await startBuiltServer({ LOG_LEVEL: 'warn' });
const base = server.baseUrl;
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

try {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  const scripts = recordScripts(page);

  await page.goto('/');
  await settle(page);
  const landing = [...scripts.values()];

  const register = await page.request.post('/api/auth/register', {
    data: { username: 'bundle', password: 'bundle password' },
  });
  const created = await page.request.post('/api/projects', { data: { name: 'Bundle deal' } });
  if (register.status() !== 201 || created.status() !== 201) throw new Error('could not sign up');
  const { project } = (await created.json()) as { project: { id: number } };
  for (const route of [
    '/dashboard',
    '/project/create',
    `/project/${project.id}/deal-details`,
    `/project/${project.id}/documents`,
    `/project/${project.id}/chat`,
    `/project/${project.id}/settings`,
  ]) {
    await page.goto(route);
    await settle(page);
  }
  const signedIn = [...scripts.values()].filter(
    (script) => !landing.some((l) => l.path === script.path),
  );

  report('Landing page (/)', landing);
  report('Signed-in app, beyond the landing page', signedIn);
  report('Everything a signed-in user downloads', [...scripts.values()]);
  await context.close();
} finally {
  await browser.close();
  server.stop();
}

/** Every script response of the page, measured once its body has arrived (see `settle`). */
function recordScripts(page: Page): Map<string, Script> {
  const scripts = new Map<string, Script>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => {
        const pathname = new URL(response.url()).pathname;
        scripts.set(pathname, {
          path: pathname,
          gzip: gzipSync(body, { level: 9 }).length,
          // Content-Length is the size on the wire: the brotli file when the browser accepts it.
          transferred: Number(response.headers()['content-length'] ?? body.length),
        });
      }),
    );
  });
  return scripts;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await Promise.all(pending.splice(0));
}

function report(title: string, scripts: Script[]): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const gzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
  const transferred = scripts.reduce((sum, s) => sum + s.transferred, 0);
  console.log(
    `${title}: ${scripts.length} JS files, ${kb(gzip)} gzip (${kb(transferred)} transferred as sent)`,
  );
}
