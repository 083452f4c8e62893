import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('serving the web app', () => {
  let testApp: TestApp;
  let webDir: string;
  const script = 'export const app = "clearroom";\n'.repeat(50);

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'clearroom-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Clearroom</title>');
    writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(webDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    testApp = await startTestApp({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await testApp.drop();
    rmSync(webDir, { recursive: true, force: true });
  });

  it.each(['/', '/login', '/dashboard', '/project/12/settings', '/no/such/page'])(
    'answers the page %s with index.html, never cached',
    async (page) => {
      const response = await testApp.http().get(page).set('Accept', 'text/html').expect(200);
      expect(response.text).toContain('<title>Clearroom</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('serves hashed assets pre-compressed and cached for a year', async () => {
    const response = await testApp
      .http()
      .get('/assets/index-abc123.js')
      .set('Accept-Encoding', 'br, gzip')
      .expect(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.text).toBe(script);
  });

  it('serves the plain asset to a client without brotli, and 404 for a missing one', async () => {
    const plain = await testApp
      .http()
      .get('/assets/index-abc123.js')
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    await testApp.http().get('/assets/missing.js').expect(404);
  });

  it('serves root files such as the favicon', async () => {
    const response = await testApp.http().get('/favicon.svg').expect(200);
    expect(response.headers['content-type']).toMatch(/svg/);
  });

  it('leaves /api paths to the API: unknown ones are JSON 404s, not the web app', async () => {
    const response = await testApp
      .http()
      .get('/api/nothing-here')
      .set('Accept', 'text/html')
      .expect(404);
    expect(response.body).toEqual({
      error: 'No such endpoint: GET /api/nothing-here',
      code: 'ROUTE_NOT_FOUND',
    });
  });

  it('does not answer a POST to a page path with the web app', async () => {
    const response = await testApp.http().post('/dashboard').send({}).expect(404);
    expect(response.text).not.toContain('<title>Clearroom</title>');
  });
});
