import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Session } from '../src/infra/session-store/session.entity.js';
import { User } from '../src/infra/identity/accounts/user.entity.js';
import { startOidcTestApp, type OidcTestApp } from './support/oidc-app.js';
import type { TestBrowser } from './support/oidc-browser.js';
import { startTestRealm, type RealmUser, type TestRealm } from './support/oidc-realm.js';
import { signUp, startTestApp } from './support/test-app.js';

const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
const cookieNamed = (response: Response, name: string) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
const epoch = () => Math.floor(Date.now() / 1000);
const errorOf = (response: Response) => response.json() as Promise<{ error: string; code: string }>;

describe('single sign-on against a Keycloak-like realm (AUTH_DRIVER=oidc)', () => {
  let sso: OidcTestApp;
  let realm: TestRealm;
  let em: SqlEntityManager;
  let base: string;
  beforeAll(async () => {
    // Access tokens live 61 s: each is refreshed once it has less than 60 s left.
    sso = await startOidcTestApp({ realm: { accessTokenTtlSeconds: 61 } });
    realm = sso.realm;
    base = sso.baseUrl;
    em = sso.testApp.app.get(SqlEntityManager);
  });
  afterAll(async () => {
    await sso.close();
    await sso.testApp.db.drop();
  });

  const loginUrl = () => `${base}/api/auth/oidc/login`;
  const isCallback = (next: URL) => next.href.startsWith(`${base}/api/auth/oidc/callback`);
  const currentUser = (browser: TestBrowser) => browser.request(`${base}/api/auth/user`);
  const sessionsOf = async (user: RealmUser) => {
    const stored = await em.fork().findOne(User, { oidcSubject: user.sub });
    return stored ? em.fork().find(Session, { user: stored.id }) : [];
  };

  /** Signs `user` in through the whole flow; answers the browser and where it landed. */
  async function signIn(user: RealmUser, path = '/api/auth/oidc/login') {
    const browser = sso.browser();
    const landed = await realm.signIn(browser, `${base}${path}`, user, {
      stopAt: (next) => next.origin === base && !next.pathname.startsWith('/api/'),
    });
    return { browser, landed: landed.url };
  }

  describe('the /api/auth contract in single sign-on mode', () => {
    it('tells the web app to show the SSO button, and refuses registration and passwords with 403', async () => {
      await sso.testApp.http().get('/api/auth/config').expect(200, { mode: 'oidc' });
      await sso.testApp
        .http()
        .post('/api/auth/register')
        .send({ username: 'newcomer', password: 'long enough' })
        .expect(403, {
          error:
            "Accounts are managed by the identity provider (single sign-on): ask your administrator for access, then use 'Sign in with SSO'.",
          code: 'FORBIDDEN',
        });
      await sso.testApp
        .http()
        .post('/api/auth/login')
        .send({ username: 'anyone', password: 'whatever' })
        .expect(403, {
          error:
            "Password sign-in is turned off: accounts are managed by the identity provider (single sign-on). Use 'Sign in with SSO'.",
          code: 'FORBIDDEN',
        });
    });
  });

  describe('sign-in', () => {
    it('sends the browser to the realm with PKCE (S256), state and nonce, kept in a sealed, path-scoped cookie', async () => {
      const response = await sso.browser().request(loginUrl());
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(
        `${realm.issuer}/protocol/openid-connect/auth`,
      );
      expect(Object.fromEntries(location.searchParams)).toEqual({
        client_id: 'clearroom',
        response_type: 'code',
        redirect_uri: `${base}/api/auth/oidc/callback`,
        scope: 'openid profile email',
        code_challenge: expect.stringMatching(/^[\w-]{43}$/),
        code_challenge_method: 'S256',
        state: expect.stringMatching(/^[\w-]{43}$/),
        nonce: expect.stringMatching(/^[\w-]{43}$/),
      });
      const cookie = cookieNamed(response, 'clearroom_oidc_login')!;
      expect(cookie).toMatch(/; Max-Age=600;/);
      expect(cookie).toMatch(/; Path=\/api\/auth\/oidc;/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).not.toContain(location.searchParams.get('state'));
    });

    it('lands on /dashboard with a session, having created the user from preferred_username with the realm roles', async () => {
      const alice = realm.addUser('alice', ['deal-team', 'default-roles-clearroom']);
      const { browser, landed } = await signIn(alice);
      expect(landed.href).toBe(`${base}/dashboard`);
      const me = await currentUser(browser);
      expect(me.status).toBe(200);
      expect(await me.json()).toEqual({
        user: { id: expect.any(Number), username: 'alice', isAdmin: false },
      });
      expect(browser.cookie(base, 'clearroom_oidc_login')).toBeUndefined();

      const stored = await em.fork().findOneOrFail(User, { oidcSubject: alice.sub });
      expect(stored).toMatchObject({
        username: 'alice',
        passwordHash: null,
        // This realm, like Keycloak by default, has them in the access token only.
        roles: ['deal-team', 'default-roles-clearroom'],
      });
      const [session] = await sessionsOf(alice);
      expect(session!.oidcSid).toEqual(expect.any(String));
      expect(session!.oidcData).toMatch(/^v1\.[\w-]+$/);
    });

    it('reuses the account on the next sign-in and follows role changes made in the realm', async () => {
      const bea = realm.addUser('bea', ['viewer']);
      await signIn(bea);
      const first = await em.fork().findOneOrFail(User, { oidcSubject: bea.sub });
      bea.roles = ['deal-lead', 'viewer'];
      await signIn(bea);
      const second = await em.fork().findOneOrFail(User, { oidcSubject: bea.sub });
      expect(second.id).toBe(first.id);
      expect(second.roles).toEqual(['deal-lead', 'viewer']);
      expect(await em.fork().count(User, { usernameKey: 'bea' })).toBe(1);
    });

    it('makes an administrator of whoever holds the realm role OIDC_ADMIN_ROLE, as of each sign-in', async () => {
      const imogen = realm.addUser('imogen', ['clearroom-admin']);
      const { browser } = await signIn(imogen);
      expect(await (await currentUser(browser)).json()).toMatchObject({
        user: { username: 'imogen', isAdmin: true },
      });
      const admin = await em.fork().findOneOrFail(User, { oidcSubject: imogen.sub });
      expect(admin.isAdmin).toBe(true);
      imogen.roles = ['deal-team'];
      const again = await signIn(imogen);
      expect(await (await currentUser(again.browser)).json()).toMatchObject({
        user: { username: 'imogen', isAdmin: false },
      });
    });

    it('lands on returnTo when it is a path on this site', async () => {
      const cleo = realm.addUser('cleo');
      const { landed } = await signIn(cleo, '/api/auth/oidc/login?returnTo=%2Fproject%2F7%2Fchat');
      expect(landed.href).toBe(`${base}/project/7/chat`);
    });

    it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'dashboard'])(
      'refuses returnTo=%s with 400',
      async (returnTo) => {
        const response = await sso
          .browser()
          .request(`${loginUrl()}?returnTo=${encodeURIComponent(returnTo)}`);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          error: 'returnTo must be a path on this site, such as /dashboard',
          code: 'VALIDATION_FAILED',
        });
      },
    );

    it('adopts a local account of the same name, and refuses another realm user claiming that name', async () => {
      const local = em.fork();
      const dana = local.create(User, { username: 'dana', usernameKey: 'dana', passwordHash: 'x' });
      await local.flush();
      const realmDana = realm.addUser('Dana');
      await signIn(realmDana);
      const adopted = await em.fork().findOneOrFail(User, { id: dana.id });
      expect(adopted).toMatchObject({ oidcSubject: realmDana.sub, username: 'Dana' });

      const impostor = realm.addUser('DANA');
      const browser = sso.browser();
      const callback = await realm.signIn(browser, loginUrl(), impostor, { stopAt: isCallback });
      const refused = await browser.request(callback.url);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        error:
          'The username "DANA" already belongs to another single sign-on account on this server. Please ask your administrator.',
        code: 'USERNAME_TAKEN',
      });
      expect(cookieNamed(refused, 'clearroom_session')).toBeUndefined();
    });
  });

  describe('a callback that does not belong to this browser', () => {
    it('with a tampered state: 400, no session, and the sign-in attempt is used up', async () => {
      const browser = sso.browser();
      const callback = await realm.signIn(browser, loginUrl(), realm.addUser('eve'), {
        stopAt: isCallback,
      });
      const tampered = new URL(callback.url);
      tampered.searchParams.set('state', 'A'.repeat(43));
      const response = await browser.request(tampered);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error:
          'Sign-in failed: the answer from the identity provider does not belong to the sign-in started in this browser (state mismatch). Please sign in again.',
        code: 'VALIDATION_FAILED',
      });
      expect(cookieNamed(response, 'clearroom_session')).toBeUndefined();

      const genuine = await browser.request(callback.url);
      expect(genuine.status).toBe(400);
      expect((await errorOf(genuine)).error).toMatch(/this browser has no sign-in in progress/);
    });

    it('opened in another browser (no sign-in cookie): 400', async () => {
      const callback = await realm.signIn(sso.browser(), loginUrl(), realm.addUser('fay'), {
        stopAt: isCallback,
      });
      const response = await sso.browser().request(callback.url);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error:
          'Sign-in failed: this browser has no sign-in in progress (it expired after 10 minutes, was started in another browser, or cookies are blocked). Please sign in again.',
        code: 'VALIDATION_FAILED',
      });
    });

    it('replayed (the same code and cookie again): the realm refuses the code, 401, no session', async () => {
      const browser = sso.browser();
      const callback = await realm.signIn(browser, loginUrl(), realm.addUser('gus'), {
        stopAt: isCallback,
      });
      const captured = browser.cookie(base, 'clearroom_oidc_login')!;
      expect((await browser.request(callback.url)).status).toBe(303);

      const replayer = sso.browser();
      replayer.setCookie(base, 'clearroom_oidc_login', captured);
      const replay = await replayer.request(callback.url);
      expect(replay.status).toBe(401);
      expect(await replay.json()).toEqual({
        error: expect.stringMatching(
          /^Sign-in failed: the identity provider refused the sign-in code \(invalid_grant: .+\)\. A code is valid once and only briefly; please sign in again\.$/,
        ),
        code: 'UNAUTHENTICATED',
      });
      expect(cookieNamed(replay, 'clearroom_session')).toBeUndefined();
    });
  });

  describe('tokens kept in the session', () => {
    it('are refreshed once the access token has under 60 s left: once for concurrent requests, with the rotated refresh token kept', async () => {
      const { browser } = await signIn(realm.addUser('hana'));
      const before = realm.stats.refreshes;
      await sleep(1_100);
      const answers = await Promise.all(Array.from({ length: 5 }, () => currentUser(browser)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(realm.stats.refreshes).toBe(before + 1);

      // The realm rotates refresh tokens: a second refresh works only with the one it just issued.
      await sleep(1_100);
      expect((await currentUser(browser)).status).toBe(200);
      expect(realm.stats.refreshes).toBe(before + 2);
    });

    it('end our session when the realm refuses to refresh them (the realm session has ended)', async () => {
      const ines = realm.addUser('ines');
      const { browser } = await signIn(ines);
      expect(await sessionsOf(ines)).toHaveLength(1);
      // The realm ends the session without telling us (its back-channel call does not arrive).
      realm.deliverBackchannel = false;
      try {
        await realm.endSession(browser);
      } finally {
        realm.deliverBackchannel = true;
      }
      // Past the point where the access token is refreshed (however long the steps above took).
      await sleep(1_100);
      const refused = await currentUser(browser);
      expect(refused.status).toBe(401);
      expect(await sessionsOf(ines)).toEqual([]);
    });
  });

  describe('logout', () => {
    it('ends our session and answers the realm end-session URL, which ends the realm session too', async () => {
      const jo = realm.addUser('jo');
      const { browser } = await signIn(jo);
      const [stored] = await sessionsOf(jo);
      const response = await browser.request(`${base}/api/auth/logout`, { method: 'POST' });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { success: boolean; redirectUrl: string };
      expect(body).toEqual({ success: true, redirectUrl: expect.any(String) });
      const redirect = new URL(body.redirectUrl);
      expect(`${redirect.origin}${redirect.pathname}`).toBe(
        `${realm.issuer}/protocol/openid-connect/logout`,
      );
      expect(Object.fromEntries(redirect.searchParams)).toEqual({
        id_token_hint: expect.stringMatching(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/),
        post_logout_redirect_uri: `${base}/`,
        client_id: 'clearroom',
      });
      // Kept encrypted at rest: the ID token does not appear in the stored session.
      expect(stored!.oidcData).not.toContain(redirect.searchParams.get('id_token_hint'));
      expect(cookieNamed(response, 'clearroom_session')).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect((await currentUser(browser)).status).toBe(401);
      expect(await sessionsOf(jo)).toEqual([]);

      const afterLogout = await realm.endSession(browser, body.redirectUrl);
      expect(afterLogout.href).toBe(`${base}/`);
      // No realm session is left: signing in again means logging in at the realm.
      const again = await browser.follow(loginUrl());
      expect(again.url.pathname).toMatch(/^\/realms\/clearroom\/interaction\//);
    });
  });

  describe('back-channel logout', () => {
    const logoutToken = (claims: Record<string, unknown>) =>
      realm.sign(
        {
          iss: realm.issuer,
          aud: 'clearroom',
          iat: epoch(),
          jti: randomUUID(),
          events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
          ...claims,
        },
        { typ: 'logout+jwt' },
      );
    const postLogout = (form: Record<string, string>, headers: Record<string, string> = {}) =>
      sso.browser().request(`${base}/api/auth/oidc/backchannel-logout`, { form, headers });

    it('ends our session when the user signs out at the realm', async () => {
      const kai = realm.addUser('kai');
      const { browser } = await signIn(kai);
      const delivered = realm.stats.backchannel.ok;
      await realm.endSession(browser);
      expect(realm.stats.backchannel.ok).toBe(delivered + 1);
      expect((await currentUser(browser)).status).toBe(401);
      expect(await sessionsOf(kai)).toEqual([]);
    });

    it('with only a sub, ends every session of that user', async () => {
      const lea = realm.addUser('lea');
      const first = await signIn(lea);
      const second = await signIn(lea);
      const response = await postLogout({ logout_token: await logoutToken({ sub: lea.sub }) });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect((await currentUser(first.browser)).status).toBe(401);
      expect((await currentUser(second.browser)).status).toBe(401);
    });

    it.each<[string, () => Promise<Record<string, string>>, string]>([
      [
        'no logout_token',
        () => Promise.resolve({}),
        'logout_token is required (an application/x-www-form-urlencoded field)',
      ],
      [
        'not a JWT',
        () => Promise.resolve({ logout_token: 'not-a-jwt' }),
        'Invalid logout token: Invalid Compact JWS',
      ],
      [
        'no back-channel logout event',
        async () => ({ logout_token: await logoutToken({ sub: 'x', events: {} }) }),
        `Invalid logout token: the "events" claim has no ${BACKCHANNEL_LOGOUT_EVENT} member`,
      ],
      [
        'a nonce (an ID token)',
        async () => ({ logout_token: await logoutToken({ sub: 'x', nonce: 'n' }) }),
        'Invalid logout token: it carries a "nonce" claim',
      ],
      [
        'neither sid nor sub',
        async () => ({ logout_token: await logoutToken({}) }),
        'Invalid logout token: it names neither a session (sid) nor a user (sub)',
      ],
      [
        'another audience',
        async () => ({ logout_token: await logoutToken({ sub: 'x', aud: 'other-app' }) }),
        'Invalid logout token: unexpected "aud" claim value',
      ],
      [
        'another issuer',
        async () => ({
          logout_token: await logoutToken({ sub: 'x', iss: 'https://evil.example' }),
        }),
        'Invalid logout token: unexpected "iss" claim value',
      ],
      [
        'an old iat (a replay)',
        async () => ({ logout_token: await logoutToken({ sub: 'x', iat: epoch() - 3600 }) }),
        'Invalid logout token: "iat" claim timestamp check failed (too far in the past)',
      ],
    ])('refuses a logout token with %s: 400', async (_case, form, message) => {
      const response = await postLogout(await form());
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message, code: 'VALIDATION_FAILED' });
    });

    it('refuses a logout token signed by another key', async () => {
      const other = await startTestRealm({
        name: 'clearroom',
        redirectUri: `${base}/cb`,
        postLogoutRedirectUri: `${base}/`,
      });
      try {
        const forged = await other.sign({
          iss: realm.issuer,
          aud: 'clearroom',
          iat: epoch(),
          sub: 'x',
          events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
        });
        const response = await postLogout({ logout_token: forged });
        expect(response.status).toBe(400);
        expect((await errorOf(response)).error).toMatch(/^Invalid logout token: /);
      } finally {
        await other.close();
      }
    });

    it("is accepted from a server (no Origin), but refused from another site's page like any POST", async () => {
      const fromServer = await postLogout({ logout_token: await logoutToken({ sub: 'nobody' }) });
      expect(fromServer.status).toBe(200);
      const fromPage = await postLogout(
        { logout_token: await logoutToken({ sub: 'nobody' }) },
        { origin: 'https://attacker.example' },
      );
      expect(fromPage.status).toBe(403);
      expect((await errorOf(fromPage)).code).toBe('FORBIDDEN_ORIGIN');
    });
  });

  describe('bearer access tokens (automation, load tests)', () => {
    const callApi = (token: string, path = '/api/projects') =>
      fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const accessClaims = (user: RealmUser, claims: Record<string, unknown> = {}) => ({
      iss: realm.issuer,
      sub: user.sub,
      aud: 'account',
      azp: 'clearroom',
      typ: 'Bearer',
      preferred_username: user.username,
      realm_access: { roles: user.roles },
      iat: epoch(),
      exp: epoch() + 300,
      ...claims,
    });
    const refusal = async (response: Response) => ({
      status: response.status,
      challenge: response.headers.get('www-authenticate'),
      body: await response.json(),
    });
    const refused = (message: string | RegExp) => ({
      status: 401,
      challenge: expect.stringMatching(/^Bearer error="invalid_token", error_description="/),
      body: { error: message, code: 'UNAUTHENTICATED' },
    });

    it('accepts a realm access token: the user is created as at a browser sign-in, and no cookie is set', async () => {
      const max = realm.addUser('max', ['load-test']);
      const tokens = await realm.issueTokens(sso.browser(), max);
      const first = await callApi(tokens.access_token);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ projects: [] });
      expect(first.headers.getSetCookie()).toEqual([]);
      const me = await callApi(tokens.access_token, '/api/auth/user');
      expect(await me.json()).toEqual({
        user: { id: expect.any(Number), username: 'max', isAdmin: false },
      });
      expect(await em.fork().findOneOrFail(User, { oidcSubject: max.sub })).toMatchObject({
        username: 'max',
        roles: ['load-test'],
      });
    });

    it('lets an owner share a project, by username, with anyone who has signed in once (issue 17)', async () => {
      const post = (token: string, path: string, body: unknown) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const lead = realm.addUser('lena', ['deal-team']);
      const analyst = realm.addUser('arlo', ['deal-team']);
      const leadToken = (await realm.issueTokens(sso.browser(), lead)).access_token;
      const created = await post(leadToken, '/api/projects', { name: 'Project Harrier' });
      expect(created.status).toBe(201);
      const { project } = (await created.json()) as { project: { id: number } };
      const tooEarly = await post(leadToken, `/api/projects/${project.id}/members`, {
        username: 'arlo',
        role: 'viewer',
      });
      expect(tooEarly.status).toBe(404);
      expect(await tooEarly.json()).toMatchObject({ code: 'UNKNOWN_USER' });
      const analystToken = (await realm.issueTokens(sso.browser(), analyst)).access_token;
      expect((await callApi(analystToken)).status).toBe(200); // the first sign-in
      const added = await post(leadToken, `/api/projects/${project.id}/members`, {
        username: 'ARLO',
        role: 'viewer',
      });
      expect(added.status).toBe(201);
      expect(await (await callApi(analystToken)).json()).toEqual({
        projects: [
          expect.objectContaining({
            id: project.id,
            role: 'viewer',
            owner: { id: expect.any(Number), username: 'lena' },
          }),
        ],
      });
    });

    it('refuses an expired token', async () => {
      const token = await realm.sign(
        accessClaims(realm.addUser('ned'), { iat: epoch() - 600, exp: epoch() - 120 }),
      );
      expect(await refusal(await callApi(token))).toEqual(refused('The bearer token has expired'));
    });

    it('refuses a token from another realm, and one claiming our issuer signed with another key', async () => {
      const other = await startTestRealm({
        name: 'elsewhere',
        redirectUri: `${base}/cb`,
        postLogoutRedirectUri: `${base}/`,
      });
      try {
        const user = realm.addUser('olga');
        const foreign = await other.sign(accessClaims(user, { iss: other.issuer }));
        expect(await refusal(await callApi(foreign))).toEqual(
          refused(
            `The bearer token was issued by "${other.issuer}"; this server accepts tokens from ${realm.issuer}`,
          ),
        );
        const forged = await other.sign(accessClaims(user));
        expect(await refusal(await callApi(forged))).toEqual(
          refused("The bearer token's signature does not match the realm's keys"),
        );
      } finally {
        await other.close();
      }
    });

    it('refuses an ID token, a token issued to another client, and an altered token', async () => {
      const pia = realm.addUser('pia');
      const tokens = await realm.issueTokens(sso.browser(), pia);
      expect(await refusal(await callApi(tokens.id_token!))).toEqual(
        refused('The bearer token is not an access token (an ID or logout token was sent)'),
      );
      const otherClient = await realm.sign(accessClaims(pia, { azp: 'reporting-tool' }));
      expect(await refusal(await callApi(otherClient))).toEqual(
        refused(
          'The bearer token was issued to another client (azp "reporting-tool"); this server accepts clearroom (OIDC_ACCEPTED_AUDIENCES)',
        ),
      );
      const [header, payload, signature] = tokens.access_token.split('.');
      const altered = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`;
      expect(await refusal(await callApi(altered))).toEqual(
        refused("The bearer token's signature does not match the realm's keys"),
      );
    });

    it('lets a public route answer anonymously rather than refuse a bad token', async () => {
      const expired = await realm.sign(accessClaims(realm.addUser('quin'), { exp: epoch() - 120 }));
      const response = await callApi(expired, '/api/auth/user');
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Not signed in', code: 'UNAUTHENTICATED' });
      expect((await callApi(expired, '/api/auth/config')).status).toBe(200);
    });
  });
});

describe('single sign-on with a provider that serves roles from userinfo (opaque access tokens)', () => {
  it('reads the realm roles from userinfo, and refuses an opaque token as a bearer', async () => {
    const sso = await startOidcTestApp({ realm: { accessTokens: 'opaque' } });
    try {
      const rui = sso.realm.addUser('rui', ['auditor']);
      const browser = sso.browser();
      const landed = await sso.realm.signIn(browser, `${sso.baseUrl}/api/auth/oidc/login`, rui, {
        stopAt: (next) => next.pathname === '/dashboard',
      });
      expect(landed.url.pathname).toBe('/dashboard');
      const em = sso.testApp.app.get(SqlEntityManager).fork();
      expect(await em.findOneOrFail(User, { oidcSubject: rui.sub })).toMatchObject({
        username: 'rui',
        roles: ['auditor'],
      });

      const tokens = await sso.realm.issueTokens(sso.browser(), rui);
      const bearer = await fetch(`${sso.baseUrl}/api/projects`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(bearer.status).toBe(401);
      expect((await errorOf(bearer)).error).toBe('The bearer token is not a JWT');
    } finally {
      await sso.close();
      await sso.testApp.db.drop();
    }
  });
});

describe('single sign-on while the identity provider is down', () => {
  it('the API starts, sign-in answers 503 naming the provider, and readiness reports it', async () => {
    const testApp = await startTestApp({
      AUTH_DRIVER: 'oidc',
      OIDC_ISSUER_URL: 'http://127.0.0.1:9/realms/clearroom',
      OIDC_CLIENT_ID: 'clearroom',
      OIDC_CLIENT_SECRET: 'a-secret-of-enough-length',
      PUBLIC_URL: 'http://127.0.0.1:3000',
    });
    try {
      const login = await testApp.http().get('/api/auth/oidc/login').expect(503);
      expect(login.body).toEqual({
        error:
          'The identity provider cannot be reached (OIDC_ISSUER_URL). Please try again shortly.',
        code: 'IDENTITY_PROVIDER_UNAVAILABLE',
        requestId: expect.any(String),
      });
      const ready = await testApp.http().get('/api/health/ready').expect(503);
      expect((ready.body as { checks: Record<string, string> }).checks['oidc']).not.toBe('ok');
    } finally {
      await testApp.drop();
    }
  });
});

describe('switching AUTH_DRIVER', () => {
  it('ends the sessions the other sign-in mode made', async () => {
    const local = await startTestApp();
    const { cookie } = await signUp(local, 'sam');
    await local.close();
    const sso = await startOidcTestApp({ db: local.db });
    try {
      await sso.testApp.http().get('/api/auth/user').set('Cookie', cookie).expect(401);
      const em = sso.testApp.app.get(SqlEntityManager).fork();
      expect(await em.count(Session, {})).toBe(0);
    } finally {
      await sso.close();
      await local.db.drop();
    }
  });
});
