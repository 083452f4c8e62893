import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SqlEntityManager } from '@mikro-orm/sql';
import { invisibleCharactersMessage } from '@clearroom/contracts';
import { PASSWORD_HASHER, type PasswordHasher } from '../src/infra/identity/identity.port.js';
import { Session } from '../src/infra/session-store/session.entity.js';
import { User } from '../src/infra/identity/accounts/user.entity.js';
import { sessionCookiePair, signUp, startTestApp, type TestApp } from './support/test-app.js';

const sessionCookie = (setCookie: string[] | string | undefined) =>
  ([] as string[])
    .concat(setCookie ?? [])
    .find((cookie) => cookie.startsWith('clearroom_session='));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const TOO_LONG_ONCE_NORMALISED =
  'Username must be at most 64 characters once normalised (a ligature such as "ﬃ" counts as its letters)';

describe('auth: local accounts', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_WINDOW_MINUTES: '15' });
  });
  afterAll(() => testApp.drop());

  describe('POST /api/auth/register', () => {
    it('creates the account, signs it in with an HttpOnly SameSite=Lax cookie, and hashes with argon2id', async () => {
      const agent = testApp.http();
      const response = await agent
        .post('/api/auth/register')
        .send({ username: '  Dana  ', password: 'long enough' })
        .expect(201);
      // The first local account of an installation administers it (issue 17).
      expect(response.body).toEqual({
        user: { id: expect.any(Number), username: 'Dana', isAdmin: true },
      });
      const cookie = sessionCookie(response.headers['set-cookie']);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Secure/);
      await agent.get('/api/auth/user').expect(200, { user: response.body.user });

      const em = testApp.app.get(SqlEntityManager).fork();
      const stored = await em.findOneOrFail(User, { usernameKey: 'dana' });
      expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
      expect(stored.passwordHash).not.toContain('long enough');
    });

    it('treats usernames case-insensitively: a second "DANA" is refused', async () => {
      const response = await testApp
        .http()
        .post('/api/auth/register')
        .send({ username: 'DANA', password: 'another password' })
        .expect(409);
      expect(response.body).toEqual({
        error: 'This username is already taken. Please choose another.',
        code: 'USERNAME_TAKEN',
      });
    });

    it.each([
      [{ username: '   ', password: 'long enough' }, 'Username is required'],
      [{ username: 'erin', password: 'short' }, 'Password must be at least 8 characters'],
      [
        { username: 'erin lee', password: 'long enough' },
        'Username cannot contain spaces or control characters',
      ],
      [
        { username: 'x'.repeat(65), password: 'long enough' },
        'Username must be at most 64 characters',
      ],
      [
        // 30 characters as sent, 90 once NFKC spells out each ligature: longer than the stored key.
        { username: 'ﬃ'.repeat(30), password: 'long enough' },
        TOO_LONG_ONCE_NORMALISED,
      ],
      [{ username: 'bob\u200b', password: 'long enough' }, invisibleCharactersMessage],
      [{ username: 'admin\u202egnp.exe', password: 'long enough' }, invisibleCharactersMessage],
      [{ username: 'bo\u00adb', password: 'long enough' }, invisibleCharactersMessage],
      [{ username: 42, password: 'long enough' }, 'Username must be text'],
      [{ username: null, password: 'long enough' }, 'Username must be text'],
      [{ username: 'erin', password: 42 }, 'Password must be text'],
      [{ username: 'erin', password: 'long enough', admin: true }, 'Unrecognized key: "admin"'],
      [{ password: 'long enough' }, 'Username is required'],
      [{ username: 'erin' }, 'Password is required'],
    ])('rejects %j with 400 "%s"', async (body, message) => {
      const response = await testApp.http().post('/api/auth/register').send(body).expect(400);
      expect(response.body).toEqual({ error: message, code: 'VALIDATION_FAILED' });
    });

    it('accepts a username of exactly 64 characters once normalised, and signs it in', async () => {
      const username = `${'ﬃ'.repeat(21)}x`; // 22 as sent, 64 once normalised
      await testApp
        .http()
        .post('/api/auth/register')
        .send({ username, password: 'long enough' })
        .expect(201);
      const response = await testApp
        .http()
        .post('/api/auth/login')
        .send({ username: username.normalize('NFKC').toUpperCase(), password: 'long enough' })
        .expect(200);
      expect(response.body.user.username).toBe(username);
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with any letter case of the username and replaces the previous session', async () => {
      const { cookie: before } = await signUp(testApp, 'Frank');
      const response = await testApp
        .http()
        .post('/api/auth/login')
        .set('Cookie', before)
        .send({ username: 'FRANK', password: 'correct horse battery' })
        .expect(200);
      expect(response.body).toEqual({
        user: { id: expect.any(Number), username: 'Frank', isAdmin: false },
      });
      const after = sessionCookiePair(response.headers['set-cookie']);
      expect(after).not.toBe(before);
      await testApp.http().get('/api/auth/user').set('Cookie', after).expect(200);
      await testApp.http().get('/api/auth/user').set('Cookie', before).expect(401);
    });

    it('answers a wrong password and an unknown user with the same 401', async () => {
      await signUp(testApp, 'grace');
      const wrong = await testApp
        .http()
        .post('/api/auth/login')
        .send({ username: 'grace', password: 'not the password' })
        .expect(401);
      const unknown = await testApp
        .http()
        .post('/api/auth/login')
        .send({ username: 'nobody-here', password: 'not the password' })
        .expect(401);
      expect(wrong.body).toEqual({
        error: 'Invalid username or password',
        code: 'INVALID_CREDENTIALS',
      });
      expect(unknown.body).toEqual(wrong.body);
      expect(sessionCookie(wrong.headers['set-cookie'])).toBeUndefined();
    });

    it.each([
      [{ username: 42, password: 'x' }, 'Username must be text'],
      [{ username: 'grace', password: null }, 'Password must be text'],
      [{ password: 'x' }, 'Username is required'],
      [{ username: 'grace' }, 'Password is required'],
      [{ username: 'ﬃ'.repeat(30), password: 'x' }, TOO_LONG_ONCE_NORMALISED],
    ])('rejects %j with 400 "%s"', async (body, message) => {
      const response = await testApp.http().post('/api/auth/login').send(body).expect(400);
      expect(response.body).toEqual({ error: message, code: 'VALIDATION_FAILED' });
    });

    it('rejects blank credentials with 400', async () => {
      const response = await testApp
        .http()
        .post('/api/auth/login')
        .send({ username: '', password: '' })
        .expect(400);
      expect(response.body).toEqual({
        error: 'Username is required; Password is required',
        code: 'VALIDATION_FAILED',
      });
    });
  });

  describe('sign-in mode', () => {
    it('GET /api/auth/config says local, and the single sign-on routes answer 404', async () => {
      await testApp.http().get('/api/auth/config').expect(200, { mode: 'local' });
      const expected = {
        error: 'Single sign-on is not enabled on this server (AUTH_DRIVER=local)',
        code: 'NOT_FOUND',
      };
      await testApp.http().get('/api/auth/oidc/login').expect(404, expected);
      await testApp.http().get('/api/auth/oidc/callback?code=x&state=y').expect(404, expected);
      await testApp
        .http()
        .post('/api/auth/oidc/backchannel-logout')
        .type('form')
        .send({ logout_token: 'x' })
        .expect(404, expected);
    });

    it('ignores an Authorization: Bearer header: only sessions sign in', async () => {
      const { cookie } = await signUp(testApp);
      await testApp
        .http()
        .get('/api/projects')
        .set('Authorization', 'Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln')
        .expect(401);
      await testApp
        .http()
        .get('/api/projects')
        .set('Cookie', cookie)
        .set('Authorization', 'Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln')
        .expect(200);
    });
  });

  describe('sessions', () => {
    it('GET /api/auth/user is 401 without a session, and with an unknown or malformed cookie', async () => {
      const expected = { error: 'Not signed in', code: 'UNAUTHENTICATED' };
      await testApp.http().get('/api/auth/user').expect(401, expected);
      await testApp
        .http()
        .get('/api/auth/user')
        .set('Cookie', `clearroom_session=${'A'.repeat(43)}`)
        .expect(401, expected);
      await testApp
        .http()
        .get('/api/auth/user')
        .set('Cookie', 'clearroom_session=%00%ff;')
        .expect(401, expected);
    });

    it('logout ends the session on the server: the old cookie no longer works', async () => {
      const { cookie } = await signUp(testApp);
      await testApp.http().get('/api/projects').set('Cookie', cookie).expect(200);
      const logout = await testApp
        .http()
        .post('/api/auth/logout')
        .set('Cookie', cookie)
        .expect(200);
      expect(logout.body).toEqual({ success: true });
      expect(sessionCookie(logout.headers['set-cookie'])).toMatch(/Expires=Thu, 01 Jan 1970/);
      await testApp.http().get('/api/projects').set('Cookie', cookie).expect(401);
    });

    it('logout without a session still answers 200', async () => {
      await testApp.http().post('/api/auth/logout').expect(200, { success: true });
    });

    it('an expired session is refused and removed', async () => {
      const { agent, user } = await signUp(testApp);
      const em = testApp.app.get(SqlEntityManager).fork();
      await em.nativeUpdate(Session, { user: user.id }, { expiresAt: new Date(Date.now() - 1000) });
      await agent.get('/api/auth/user').expect(401);
      expect(await em.count(Session, { user: user.id })).toBe(0);
    });

    it('a session past half its lifetime is extended, with a fresh cookie', async () => {
      const { agent, user } = await signUp(testApp);
      const em = testApp.app.get(SqlEntityManager).fork();
      const soon = new Date(Date.now() + 60_000);
      await em.nativeUpdate(Session, { user: user.id }, { expiresAt: soon });
      const response = await agent.get('/api/auth/user').expect(200);
      expect(sessionCookie(response.headers['set-cookie'])).toBeDefined();
      const session = await em.fork().findOneOrFail(Session, { user: user.id });
      expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    });
  });
});

describe('auth: separate app instances and settings', () => {
  it('locks the address and its (address, username) pair at the limit, never the user: the right password from elsewhere signs in', async () => {
    const testApp = await startTestApp({ LOGIN_MAX_FAILURES: '3', TRUST_PROXY: 'true' });
    try {
      await signUp(testApp, 'heidi');
      const attempt = (address: string, password: string) =>
        testApp
          .http()
          .post('/api/auth/login')
          .set('X-Forwarded-For', address)
          .send({ username: 'Heidi', password });
      for (let failure = 0; failure < 3; failure++) {
        expect((await attempt('203.0.113.66', 'wrong password')).status).toBe(401);
      }
      const locked = await attempt('203.0.113.66', 'correct horse battery');
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({
        error: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
        code: 'TOO_MANY_ATTEMPTS',
      });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);

      const fromHome = await attempt('198.51.100.20', 'correct horse battery');
      expect(fromHome.status).toBe(200);
      expect(fromHome.body.user.username).toBe('heidi');
    } finally {
      await testApp.drop();
    }
  });

  it('slows sign-ins for a username past its limit with a growing delay, from any address', async () => {
    const testApp = await startTestApp({ LOGIN_MAX_FAILURES: '2', TRUST_PROXY: 'true' });
    try {
      await signUp(testApp, 'ivan');
      const timed = async (address: string, password: string) => {
        const started = performance.now();
        const response = await testApp
          .http()
          .post('/api/auth/login')
          .set('X-Forwarded-For', address)
          .send({ username: 'ivan', password });
        return { status: response.status, ms: performance.now() - started };
      };
      // Two guessers, one failure each: the username is at its limit, neither address is.
      expect((await timed('192.0.2.1', 'guess one')).status).toBe(401);
      expect((await timed('192.0.2.2', 'guess two')).status).toBe(401);
      const third = await timed('192.0.2.3', 'guess three');
      expect(third).toEqual({ status: 401, ms: expect.any(Number) });
      expect(third.ms).toBeGreaterThanOrEqual(1000);
      const fourth = await timed('192.0.2.4', 'guess four');
      expect(fourth.status).toBe(401);
      expect(fourth.ms).toBeGreaterThanOrEqual(2000);
      const owner = await timed('192.0.2.5', 'correct horse battery');
      expect(owner.status).toBe(200);
      expect(owner.ms).toBeGreaterThanOrEqual(4000);
    } finally {
      await testApp.drop();
    }
  });

  it('takes as long for an unknown username as for a wrong password (within half a password check)', async () => {
    const testApp = await startTestApp({ LOGIN_MAX_FAILURES: '1000' });
    try {
      await signUp(testApp, 'timing-target');
      const timed = async (run: () => Promise<unknown>) => {
        const started = performance.now();
        await run();
        return performance.now() - started;
      };
      const login = (username: string) => () =>
        testApp
          .http()
          .post('/api/auth/login')
          .send({ username, password: 'not the password' })
          .expect(401);
      const hasher = testApp.app.get<PasswordHasher>(PASSWORD_HASHER);
      const stored = await hasher.hash('some password');
      const known: number[] = [];
      const unknown: number[] = [];
      const check: number[] = [];
      // The first rounds warm up the code paths; then, interleaved, so that load from other
      // processes weighs on every series alike.
      for (let round = 0; round < 10; round++) {
        await login('timing-target')();
        await login(`warm-up-${round}`)();
      }
      for (let round = 0; round < 21; round++) {
        known.push(await timed(login('timing-target')));
        unknown.push(await timed(login(`nobody-${round}`)));
        check.push(await timed(() => hasher.verify(stored, 'not the password')));
      }
      const gap = Math.abs(median(known) - median(unknown));
      expect({ gap, check: median(check) }).toEqual({
        gap: expect.any(Number),
        check: expect.any(Number),
      });
      expect(gap).toBeLessThan(median(check) / 2);
    } finally {
      await testApp.drop();
    }
  });

  it('limits registrations per client address, "already taken" answers included', async () => {
    const testApp = await startTestApp({ REGISTER_MAX_PER_ADDRESS: '3', TRUST_PROXY: 'true' });
    try {
      const register = (username: string, address: string) =>
        testApp
          .http()
          .post('/api/auth/register')
          .set('X-Forwarded-For', address)
          .send({ username, password: 'long enough' });
      expect((await register('probe-1', '203.0.113.9')).status).toBe(201);
      expect((await register('probe-1', '203.0.113.9')).status).toBe(409);
      expect((await register('probe-2', '203.0.113.9')).status).toBe(201);
      const refused = await register('probe-3', '203.0.113.9');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        error: 'Too many accounts requested from your network. Please try again in 60 minutes.',
        code: 'TOO_MANY_ATTEMPTS',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
      expect((await register('probe-3', '198.51.100.9')).status).toBe(201);
    } finally {
      await testApp.drop();
    }
  });

  it('keeps sessions in the database: they survive a restart and are honoured by a second API process on the same database', async () => {
    const first = await startTestApp();
    const { cookie } = await signUp(first, 'judy');

    const second = await startTestApp({}, first.db);
    await second.http().get('/api/auth/user').set('Cookie', cookie).expect(200);

    await first.close();
    const restarted = await startTestApp({}, first.db);
    const response = await restarted.http().get('/api/auth/user').set('Cookie', cookie).expect(200);
    expect(response.body.user.username).toBe('judy');
    await second.close();
    await restarted.drop();
  });

  it('marks the cookie Secure when configured for TLS (PUBLIC_URL https)', async () => {
    const testApp = await startTestApp({ PUBLIC_URL: 'https://clearroom.example.com' });
    try {
      const response = await testApp
        .http()
        .post('/api/auth/register')
        .set('Origin', 'https://clearroom.example.com')
        .send({ username: 'kim', password: 'long enough' })
        .expect(201);
      expect(sessionCookie(response.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await testApp.drop();
    }
  });

  it('counts failures for the longest usernames too, and answers an over-long one 400 (never 500)', async () => {
    const testApp = await startTestApp({ LOGIN_MAX_FAILURES: '2' });
    try {
      const longest = `${'ﬃ'.repeat(21)}x`; // 64 characters once normalised
      await signUp(testApp, longest);
      const attempt = (username: string, password: string) =>
        testApp.http().post('/api/auth/login').send({ username, password });
      expect((await attempt(longest, 'wrong password')).status).toBe(401);
      const overLong = await attempt('ﬃ'.repeat(30), 'wrong password');
      expect(overLong.status).toBe(400);
      expect(overLong.body.error).toBe(TOO_LONG_ONCE_NORMALISED);
      expect((await attempt(longest, 'wrong password')).status).toBe(401);
      const locked = await attempt(longest, 'correct horse battery');
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('TOO_MANY_ATTEMPTS');
    } finally {
      await testApp.drop();
    }
  });

  it('limits failures per client address across usernames', async () => {
    const testApp = await startTestApp({ LOGIN_MAX_FAILURES: '2', TRUST_PROXY: 'true' });
    try {
      const attempt = (username: string, address: string) =>
        testApp
          .http()
          .post('/api/auth/login')
          .set('X-Forwarded-For', address)
          .send({ username, password: 'nope nope' });
      expect((await attempt('user-a', '203.0.113.7')).status).toBe(401);
      expect((await attempt('user-b', '203.0.113.7')).status).toBe(401);
      const blocked = await attempt('user-c', '203.0.113.7');
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('TOO_MANY_ATTEMPTS');
      expect((await attempt('user-c', '198.51.100.1')).status).toBe(401);
    } finally {
      await testApp.drop();
    }
  });
});
