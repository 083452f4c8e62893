import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Redis } from 'ioredis';
import { Session } from '../src/infra/session-store/session.entity.js';
import { startOidcTestApp, type OidcTestApp } from './support/oidc-app.js';
import { signUp, startTestApp, type TestApp } from './support/test-app.js';
import {
  deleteRedisPrefix,
  redisIsAvailable,
  testRedisUrl,
  uniqueRedisPrefix,
} from './support/test-redis.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const tokenOf = (cookiePair: string) => cookiePair.slice(cookiePair.indexOf('=') + 1);

const redisReady = await redisIsAvailable();

(redisReady ? describe : describe.skip)('sessions in Redis (REDIS_URL set)', () => {
  const prefix = uniqueRedisPrefix();
  const env = { REDIS_URL: testRedisUrl, QUEUE_PREFIX: prefix };
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(testRedisUrl);
  });
  afterAll(async () => {
    redis.disconnect();
    await deleteRedisPrefix(prefix);
  });

  describe('local accounts', () => {
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      first = await startTestApp(env);
      second = await startTestApp(env, first.db);
    });
    afterAll(async () => {
      await second.close();
      await first.drop();
    });

    it('are served by any replica; Redis holds the hashed token with the session lifetime, the database nothing', async () => {
      const { cookie, user } = await signUp(first, 'rhea');
      const me = await second.http().get('/api/auth/user').set('Cookie', cookie).expect(200);
      expect(me.body.user).toEqual(user);

      const key = `${prefix}:sessions:s:${sha256(tokenOf(cookie))}`;
      expect(await redis.hgetall(key)).toEqual({ u: String(user.id), e: expect.any(String) });
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(23.9 * 3_600_000);
      expect(ttl).toBeLessThanOrEqual(24 * 3_600_000);
      expect(await redis.keys(`${prefix}:*${tokenOf(cookie)}*`)).toEqual([]);
      expect(await first.app.get(SqlEntityManager).fork().count(Session, {})).toBe(0);

      await second.http().post('/api/auth/logout').set('Cookie', cookie).expect(200);
      await first.http().get('/api/auth/user').set('Cookie', cookie).expect(401);
      expect(await redis.exists(key)).toBe(0);
    });

    it('are extended past half their lifetime, with a fresh cookie', async () => {
      const { cookie } = await signUp(first, 'remy');
      const key = `${prefix}:sessions:s:${sha256(tokenOf(cookie))}`;
      const soon = Date.now() + 60_000;
      await redis.multi().hset(key, 'e', String(soon)).pexpire(key, 60_000).exec();
      const response = await second.http().get('/api/auth/user').set('Cookie', cookie).expect(200);
      expect(response.headers['set-cookie']?.[0]).toMatch(/^clearroom_session=/);
      expect(Number(await redis.hget(key, 'e'))).toBeGreaterThan(Date.now() + 23.9 * 3_600_000);
      expect(await redis.pttl(key)).toBeGreaterThan(23.9 * 3_600_000);
    });
  });

  describe('single sign-on', () => {
    let replicaA: OidcTestApp;
    let replicaB: OidcTestApp;
    beforeAll(async () => {
      replicaA = await startOidcTestApp({ env, realm: { accessTokenTtlSeconds: 61 } });
      // The second replica behind the same address: same realm, database, Redis and secret.
      replicaB = await startOidcTestApp({
        env,
        db: replicaA.testApp.db,
        sharedRealm: replicaA.realm,
        publicUrl: replicaA.baseUrl,
      });
    });
    afterAll(async () => {
      await replicaB.close();
      await replicaA.close();
      await replicaA.testApp.db.drop();
    });

    it('a session started on one replica is served, refreshed and ended by the realm through any replica', async () => {
      const { realm } = replicaA;
      const user = realm.addUser('ruth');
      const browser = replicaA.browser();
      await realm.signIn(browser, `${replicaA.baseUrl}/api/auth/oidc/login`, user, {
        stopAt: (next) => next.pathname === '/dashboard',
      });
      const token = browser.cookie(replicaA.baseUrl, 'clearroom_session')!;
      const onB = () =>
        replicaB.testApp.http().get('/api/auth/user').set('Cookie', `clearroom_session=${token}`);

      const key = `${prefix}:sessions:s:${sha256(token)}`;
      const stored = await redis.hgetall(key);
      expect(stored).toEqual({
        u: expect.any(String),
        e: expect.any(String),
        sub: user.sub,
        sid: expect.any(String),
        t: expect.stringMatching(/^v1\.[\w-]+$/),
      });
      expect(await redis.smembers(`${prefix}:sessions:sid:${stored['sid']}`)).toEqual([key]);
      expect(await redis.smembers(`${prefix}:sessions:sub:${user.sub}`)).toEqual([key]);

      expect((await onB()).status).toBe(200);
      // Replica B refreshes the tokens replica A sealed (same secret, same store).
      const refreshes = realm.stats.refreshes;
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await onB()).status).toBe(200);
      expect(realm.stats.refreshes).toBe(refreshes + 1);
      expect(await redis.hget(key, 't')).not.toBe(stored['t']);

      // The user signs out at the realm, whose back-channel call reaches replica A.
      await realm.endSession(browser);
      expect(await redis.exists(key)).toBe(0);
      expect((await onB()).status).toBe(401);
    });
  });
});

describe('sessions in Redis, with Redis unreachable', () => {
  it('answers 503 naming the session store, and readiness reports it', async () => {
    const testApp = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:9', APP_ROLE: 'api' });
    try {
      const response = await testApp
        .http()
        .get('/api/auth/user')
        .set('Cookie', `clearroom_session=${'A'.repeat(43)}`)
        .expect(503);
      expect(response.body).toEqual({
        error:
          'Sessions are unavailable: the session store (Redis) does not answer. Please try again shortly.',
        code: 'REDIS_UNAVAILABLE',
        requestId: expect.any(String),
      });
      const ready = await testApp.http().get('/api/health/ready').expect(503);
      expect(ready.body.checks).toMatchObject({ sessions: expect.not.stringMatching(/^ok$/) });
    } finally {
      await testApp.drop();
    }
  });
});
