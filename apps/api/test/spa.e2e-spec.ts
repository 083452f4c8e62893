import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
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

  it.each([
    ['POST', '/dashboard'],
    ['PUT', '/project/12/settings'],
    ['DELETE', '/'],
    ['PATCH', '/favicon.svg'],
    ['POST', '/assets/index-abc123.js'],
  ])(
    'answers %s %s with a JSON 404, not the web app or an HTML error page',
    async (method, page) => {
      const agent = testApp.http();
      const response = await agent[method.toLowerCase() as 'post'](page).send({}).expect(404);
      expectJsonNotFound(response, `${method} ${page}`);
    },
  );

  it('answers a page asked for as JSON, and a missing asset, with a JSON 404', async () => {
    const page = await testApp
      .http()
      .get('/dashboard')
      .set('Accept', 'application/json')
      .expect(404);
    expectJsonNotFound(page, 'GET /dashboard');
    const asset = await testApp.http().get('/assets/missing.js').expect(404);
    expectJsonNotFound(asset, 'GET /assets/missing.js');
  });

  it('answers a malformed body sent to a page path with a JSON 404 too', async () => {
    const response = await testApp
      .http()
      .post('/dashboard?tab=1')
      .set('Content-Type', 'application/json')
      .send('{"name":')
      .expect(404);
    expectJsonNotFound(response, 'POST /dashboard');
  });
});

describe('without the web app (API only)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(() => testApp.close());

  it.each([
    ['GET', '/dashboard'],
    ['POST', '/dashboard'],
  ])('answers %s %s with the API’s JSON 404, not an HTML page', async (method, url) => {
    const response = await testApp.http()[method === 'GET' ? 'get' : 'post'](url).expect(404);
    expectJsonNotFound(response, `${method} ${url}`);
  });
});

function expectJsonNotFound(response: Response, endpoint: string): void {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.body).toEqual({
    error: `No such endpoint: ${endpoint}`,
    code: 'ROUTE_NOT_FOUND',
  });
  expect(response.text).not.toContain('<title>Clearroom</title>');
}
