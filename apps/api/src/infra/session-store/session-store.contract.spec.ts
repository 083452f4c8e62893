import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SqlEntityManager } from '@mikro-orm/sql';
import { DatabaseSessionStore } from './database.session-store.js';
import { RedisSessionStore } from './redis.session-store.js';
import type { SessionStore } from './session-store.port.js';
import { User } from '../identity/accounts/user.entity.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import {
  deleteRedisPrefix,
  redisIsAvailable,
  testRedisUrl,
  uniqueRedisPrefix,
} from '../../../test/support/test-redis.js';

const DAY_MS = 86_400_000;
let counter = 0;
const sessionId = () => `${'0'.repeat(58)}${String(counter++).padStart(6, '0')}`;

/** The same behaviour from every SessionStore adapter. */
function sessionStoreContract(name: string, makeStore: (em: SqlEntityManager) => SessionStore) {
  describe(`SessionStore contract: ${name}`, () => {
    let testApp: TestApp;
    let store: SessionStore;
    let em: SqlEntityManager;
    beforeAll(async () => {
      testApp = await startTestApp();
      em = testApp.app.get(SqlEntityManager);
      store = makeStore(em);
    });
    afterAll(async () => {
      await store.close();
      await testApp.drop();
    });

    async function newUser(oidcSubject: string | null = null) {
      const fork = em.fork();
      const key = `store-user-${counter++}`;
      const user = fork.create(User, { username: key, usernameKey: key, oidcSubject });
      await fork.flush();
      return user;
    }
    const link = (subject: string, sid: string | null, sealedTokens = 'v1.sealed') => ({
      subject,
      sid,
      sealedTokens,
    });

    it('finds a session with its user as of now (the data version read fresh)', async () => {
      const user = await newUser();
      const id = sessionId();
      const expiresAt = new Date(Date.now() + DAY_MS);
      await store.create(id, { userId: user.id, expiresAt, oidc: null });
      await em.fork().nativeUpdate(User, { id: user.id }, { dataVersion: 7 });
      const found = await store.find(id);
      expect(found).toEqual({
        userId: user.id,
        expiresAt: expect.any(Date),
        oidc: null,
        user: {
          id: user.id,
          username: user.username,
          dataVersion: 7,
          disabled: false,
          isAdmin: false,
        },
      });
      // MySQL keeps whole seconds.
      expect(Math.abs(found!.expiresAt.getTime() - expiresAt.getTime())).toBeLessThan(1000);
      expect(await store.find(sessionId())).toBeNull();
    });

    it('keeps the single sign-on link, and updates the expiry and the sealed tokens', async () => {
      const user = await newUser('subject-a');
      const id = sessionId();
      await store.create(id, {
        userId: user.id,
        expiresAt: new Date(Date.now() + DAY_MS),
        oidc: link('subject-a', 'sid-a'),
      });
      expect((await store.find(id))!.oidc).toEqual(link('subject-a', 'sid-a'));
      const later = new Date(Date.now() + 2 * DAY_MS);
      await store.update(id, { sealedTokens: 'v1.refreshed' });
      await store.update(id, { expiresAt: later });
      const found = await store.find(id);
      expect(found!.oidc).toEqual(link('subject-a', 'sid-a', 'v1.refreshed'));
      expect(Math.abs(found!.expiresAt.getTime() - later.getTime())).toBeLessThan(1000);
    });

    it('does not bring back a session deleted before an update', async () => {
      const user = await newUser();
      const id = sessionId();
      await store.create(id, {
        userId: user.id,
        expiresAt: new Date(Date.now() + DAY_MS),
        oidc: null,
      });
      await store.delete(id);
      await store.update(id, { expiresAt: new Date(Date.now() + 2 * DAY_MS) });
      expect(await store.find(id)).toBeNull();
    });

    it("ends one provider session by sid, or all of a provider user's sessions by sub", async () => {
      const bea = await newUser('subject-bea');
      const other = await newUser('subject-other');
      const expiresAt = new Date(Date.now() + DAY_MS);
      const [first, second, third, others] = [sessionId(), sessionId(), sessionId(), sessionId()];
      await store.create(first, { userId: bea.id, expiresAt, oidc: link('subject-bea', 'sid-1') });
      await store.create(second, { userId: bea.id, expiresAt, oidc: link('subject-bea', 'sid-1') });
      await store.create(third, { userId: bea.id, expiresAt, oidc: link('subject-bea', 'sid-2') });
      await store.create(others, {
        userId: other.id,
        expiresAt,
        oidc: link('subject-other', 'sid-3'),
      });

      expect(await store.deleteByOidcSid('sid-1')).toBe(2);
      expect(await store.find(first)).toBeNull();
      expect(await store.find(second)).toBeNull();
      expect(await store.find(third)).not.toBeNull();
      expect(await store.deleteByOidcSid('sid-unknown')).toBe(0);

      expect(await store.deleteByOidcSubject('subject-bea')).toBe(1);
      expect(await store.find(third)).toBeNull();
      expect(await store.find(others)).not.toBeNull();
      expect(await store.deleteByOidcSubject('subject-unknown')).toBe(0);
    });

    it('forgets expired sessions once deleteExpired has run', async () => {
      const user = await newUser();
      const id = sessionId();
      await store.create(id, {
        userId: user.id,
        expiresAt: new Date(Date.now() + 1_000),
        oidc: null,
      });
      await sleep(2_100);
      await store.deleteExpired();
      expect(await store.find(id)).toBeNull();
    });

    it('answers no session for a user deleted since', async () => {
      const user = await newUser();
      const id = sessionId();
      await store.create(id, {
        userId: user.id,
        expiresAt: new Date(Date.now() + DAY_MS),
        oidc: null,
      });
      await em.fork().nativeDelete(User, { id: user.id });
      expect(await store.find(id)).toBeNull();
    });

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}

sessionStoreContract('database', (em) => new DatabaseSessionStore(em));

const redisReady = await redisIsAvailable();
const prefix = uniqueRedisPrefix();
(redisReady ? describe : describe.skip)('on Redis', () => {
  afterAll(() => deleteRedisPrefix(prefix));
  sessionStoreContract(
    'Redis',
    (em) => new RedisSessionStore(testRedisUrl, `${prefix}:sessions`, DAY_MS * 3, em),
  );
});
