import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/core';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { signUp, startTestApp, type TestApp } from './support/test-app.js';

type Route = { method: string; path: string };

/** Every route of every controller Nest registered, read from the routing metadata. */
function registeredRoutes(testApp: TestApp): Route[] {
  const routes: Route[] = [];
  for (const module of testApp.app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (!metatype) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
      const prototype = metatype.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (typeof handler !== 'function' || !Reflect.hasMetadata(METHOD_METADATA, handler))
          continue;
        const method =
          RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const path = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
        routes.push({
          method,
          path: ['/api', base, path]
            .filter((part) => part && part !== '/')
            .join('/')
            .replace(/\/+/g, '/'),
        });
      }
    }
  }
  return routes;
}

const PUBLIC_PREFIXES = ['/api/auth/', '/api/health/'];

describe('security', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.drop());

  it('every route except auth and health answers 401 without a session cookie', async () => {
    const routes = registeredRoutes(testApp);
    const isPublic = (route: Route) =>
      PUBLIC_PREFIXES.some((prefix) => route.path.startsWith(prefix));
    const protectedRoutes = routes.filter((route) => !isPublic(route));

    expect(
      routes
        .filter(isPublic)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    ).toEqual([
      'GET /api/auth/config',
      'GET /api/auth/oidc/callback',
      'GET /api/auth/oidc/login',
      'GET /api/auth/user',
      'GET /api/health/live',
      'GET /api/health/ready',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'POST /api/auth/oidc/backchannel-logout',
      'POST /api/auth/register',
    ]);
    expect(protectedRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/projects',
        'DELETE /api/projects/:id',
        'GET /api/dashboard/stats',
      ]),
    );
    for (const route of protectedRoutes) {
      const path = route.path.replace(/:\w+/g, '1');
      const response = await testApp.http()[route.method.toLowerCase() as 'get'](path).send({});
      expect({
        route: `${route.method} ${route.path}`,
        status: response.status,
        body: response.body,
      }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
        body: { error: 'Please sign in to continue', code: 'UNAUTHENTICATED' },
      });
    }
  });

  describe('cross-site requests', () => {
    it('refuses a state-changing request whose Origin is another site, before it does anything', async () => {
      const { agent } = await signUp(testApp);
      const response = await agent
        .post('/api/projects')
        .set('Origin', 'https://attacker.example')
        .send({ name: 'Planted' })
        .expect(403);
      expect(response.body).toEqual({
        error: 'Request refused: it was sent from another site (https://attacker.example)',
        code: 'FORBIDDEN_ORIGIN',
      });
      expect((await agent.get('/api/projects')).body.projects).toEqual([]);
    });

    it('refuses a cross-site request flagged by Fetch Metadata even without an Origin', async () => {
      await testApp
        .http()
        .post('/api/auth/login')
        .set('Sec-Fetch-Site', 'cross-site')
        .send({ username: 'a', password: 'b' })
        .expect(403);
    });

    it('accepts our own origin, and GET requests from anywhere', async () => {
      const { agent } = await signUp(testApp);
      await agent
        .post('/api/projects')
        .set('Host', 'clearroom.internal:8080')
        .set('Origin', 'http://clearroom.internal:8080')
        .send({ name: 'Ours' })
        .expect(201);
      await agent.get('/api/projects').set('Origin', 'https://elsewhere.example').expect(200);
    });

    it('checks against PUBLIC_URL when it is set', async () => {
      const proxied = await startTestApp({ PUBLIC_URL: 'https://deals.example.com' });
      try {
        await proxied
          .http()
          .post('/api/auth/register')
          .set('Origin', 'https://deals.example.com')
          .send({ username: 'origin-ok', password: 'long enough' })
          .expect(201);
        await proxied
          .http()
          .post('/api/auth/register')
          .set('Origin', 'http://deals.example.com')
          .send({ username: 'origin-bad', password: 'long enough' })
          .expect(403);
      } finally {
        await proxied.drop();
      }
    });
  });

  it('sets security headers on API responses', async () => {
    const response = await testApp.http().get('/api/health/live').expect(200);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an unknown API route is a JSON 404', async () => {
    const response = await testApp.http().get('/api/no-such-thing?x=1').expect(404);
    expect(response.body).toEqual({
      error: 'No such endpoint: GET /api/no-such-thing',
      code: 'ROUTE_NOT_FOUND',
    });
  });
});

describe('unexpected failures', () => {
  it('answer 500 with a generic message and the request id; readiness reports the database', async () => {
    const testApp = await startTestApp();
    try {
      const { agent } = await signUp(testApp);
      await testApp.app
        .get(MikroORM)
        .em.getConnection()
        .execute('alter table projects rename to projects_gone');
      const response = await agent.get('/api/projects').set('X-Request-Id', 'req-123').expect(500);
      expect(response.body).toEqual({
        error: 'Something went wrong on our side (reference req-123). Please try again.',
        code: 'INTERNAL_ERROR',
        requestId: 'req-123',
      });
      expect(JSON.stringify(response.body)).not.toMatch(/projects|sql|table/i);

      const connection = testApp.app.get(MikroORM).em.getConnection();
      jest
        .spyOn(connection, 'execute')
        .mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:3306'));
      const ready = await testApp.http().get('/api/health/ready').expect(503);
      expect(ready.body).toMatchObject({
        status: 'unavailable',
        error: 'Not ready: no answer from the database (DATABASE_URL)',
        code: 'SERVICE_UNAVAILABLE',
        checks: { database: 'unavailable', queue: 'ok', search: 'ok' },
      });
    } finally {
      await testApp.drop();
    }
  });
});
