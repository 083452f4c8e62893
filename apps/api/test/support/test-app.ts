import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/app.factory.js';
import { loadConfig } from '../../src/config/app-config.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export type TestAgent = ReturnType<typeof request.agent>;

export type TestApp = {
  app: NestExpressApplication;
  db: TestDatabase;
  /** A request builder without cookies. */
  http: () => TestAgent;
  /** Stops the app; the database stays until `drop()` (to restart on the same data). */
  close(): Promise<void>;
  drop(): Promise<void>;
};

export const TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'silent',
  // Suites sign up many users from one address; the registration limit has its own test.
  REGISTER_MAX_PER_ADDRESS: '100000',
};

/** Starts the full API (same factory as production) on a fresh database. */
export async function startTestApp(
  env: Record<string, string> = {},
  db?: TestDatabase,
): Promise<TestApp> {
  const database = db ?? (await createTestDatabase());
  const app = await createApp(loadConfig({ ...TEST_ENV, ...database.env, ...env }));
  await app.init();
  const server = app.getHttpServer();
  return {
    app,
    db: database,
    http: () => request.agent(server),
    close: () => app.close(),
    drop: async () => {
      await app.close();
      await database.drop();
    },
  };
}

let userCounter = 0;

/** Registers a new user and returns an agent that carries its session cookie. */
export async function signUp(testApp: TestApp, username = `user${Date.now()}${userCounter++}`) {
  const agent = testApp.http();
  const response = await agent
    .post('/api/auth/register')
    .send({ username, password: 'correct horse battery' })
    .expect(201);
  return {
    agent,
    user: response.body.user as { id: number; username: string },
    password: 'correct horse battery',
    /** "clearroom_session=<token>", to send explicitly with `.set('Cookie', cookie)`. */
    cookie: sessionCookiePair(response.headers['set-cookie']),
  };
}

/** The "name=value" part of the session cookie a response sets, if it sets one. */
export function sessionCookiePair(setCookie: string[] | string | undefined): string {
  const cookie = ([] as string[])
    .concat(setCookie ?? [])
    .find((c) => c.startsWith('clearroom_session='));
  if (!cookie) throw new Error('The response set no session cookie');
  return cookie.split(';')[0]!;
}
