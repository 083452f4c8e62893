import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import { Provider, type ProviderContext, type TokenInstance } from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';
import * as client from 'openid-client';
import type { TestBrowser } from './oidc-browser.js';

export type RealmUser = { sub: string; username: string; email: string; roles: string[] };

export type RealmOptions = {
  /** Realm name: the issuer is http://127.0.0.1:<port>/realms/<name>. */
  name?: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  backchannelLogoutUri?: string;
  /**
   * jwt (default), as Keycloak: JWT access tokens with `aud: "account"`, `azp`, `realm_access`;
   * roles absent from the ID token. oidc-provider's userinfo refuses access tokens that carry an
   * audience, so this realm offers no userinfo endpoint.
   * opaque: opaque access tokens and a userinfo endpoint, which alone carries `realm_access`.
   */
  accessTokens?: 'jwt' | 'opaque';
  accessTokenTtlSeconds?: number;
};

export type TestRealm = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  addUser(username: string, roles?: string[]): RealmUser;
  /** Signs in `user` in `browser`, starting from the app's login URL, and follows every redirect. */
  signIn(
    browser: TestBrowser,
    startUrl: string,
    user: RealmUser,
    options?: { stopAt?: (next: URL) => boolean },
  ): Promise<{ url: URL; response: Response | null }>;
  /** Ends the provider session of `browser` as the user would at Keycloak (with the confirm page). */
  endSession(browser: TestBrowser, endSessionUrl?: string): Promise<URL>;
  /**
   * Runs the code flow as the realm's client would (outside the API) and returns the tokens: a
   * real access token for bearer calls.
   */
  issueTokens(browser: TestBrowser, user: RealmUser): Promise<client.TokenEndpointResponse>;
  /** Signs a token with the realm's key: to make tokens the provider itself would not issue. */
  sign(payload: JWTPayload, header?: { typ?: string }): Promise<string>;
  /** Counts of what the provider did. */
  stats: { refreshes: number; backchannel: { ok: number; failed: number } };
  /** false: back-channel logout calls are swallowed (as when Keycloak cannot reach the API). */
  deliverBackchannel: boolean;
  close(): Promise<void>;
};

const CLIENT_ID = 'clearroom';
const RESOURCE = 'urn:clearroom:test-realm:account';

/**
 * A real OpenID provider (oidc-provider) set up like a Keycloak realm: issuer /realms/<name>,
 * Keycloak's endpoint paths, a confidential client with PKCE required, refresh tokens rotated on
 * every use, sessions whose end invalidates their refresh tokens, back-channel logout with `sid`,
 * and `preferred_username` and `realm_access.roles` claims. No consent screen (as Keycloak for a
 * first-party client); the login page is one form the test posts a user id to.
 */
export async function startTestRealm(options: RealmOptions): Promise<TestRealm> {
  const name = options.name ?? 'clearroom';
  const accessTokens = options.accessTokens ?? 'jwt';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const base = `/realms/${name}`;
  const issuer = `${origin}${base}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const users = new Map<string, RealmUser>();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const key: JWK = {
    ...(await exportJWK(privateKey)),
    kid: `${name}-rs256`,
    alg: 'RS256',
    use: 'sig',
  };

  const realm: TestRealm = {
    issuer,
    clientId: CLIENT_ID,
    clientSecret,
    stats: { refreshes: 0, backchannel: { ok: 0, failed: 0 } },
    deliverBackchannel: true,
    addUser(username, roles = ['default-roles-clearroom', 'offline_access', 'uma_authorization']) {
      const user = { sub: randomUUID(), username, email: `${username}@example.com`, roles };
      users.set(user.sub, user);
      return user;
    },
    async signIn(browser, startUrl, user, { stopAt } = {}) {
      return browser.follow(startUrl, {
        stopAt,
        // The realm's login page: submit the user, as a person would.
        onPage: async (page, response) => {
          await response.body?.cancel();
          if (!page.pathname.startsWith(`${base}/interaction/`)) return null;
          const submitted = await browser.request(`${page.href}/login`, {
            form: { account: user.sub },
          });
          await submitted.body?.cancel();
          return new URL(submitted.headers.get('location')!, page);
        },
      });
    },
    async endSession(browser, endSessionUrl = `${issuer}/protocol/openid-connect/logout`) {
      const page = await browser.request(endSessionUrl);
      const html = await page.text();
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
      const action = /action="([^"]+)"/.exec(html)?.[1];
      if (!xsrf || !action) throw new Error(`No logout form at ${endSessionUrl}: ${html}`);
      const confirmed = await browser.request(new URL(action, origin), {
        form: { xsrf, logout: 'yes' },
      });
      await confirmed.body?.cancel();
      return new URL(confirmed.headers.get('location')!, origin);
    },
    async issueTokens(browser, user) {
      const config = await client.discovery(
        new URL(issuer),
        CLIENT_ID,
        undefined,
        client.ClientSecretBasic(clientSecret),
        { execute: [client.allowInsecureRequests] },
      );
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const start = client.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: 'openid profile email',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      });
      const callback = await realm.signIn(browser, start.href, user, {
        stopAt: (next) => next.href.startsWith(options.redirectUri),
      });
      return client.authorizationCodeGrant(config, callback.url, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
    },
    sign(payload, header = {}) {
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: key.kid!, typ: header.typ ?? 'JWT' })
        .sign(privateKey);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  const claimsOf = (user: RealmUser) => ({
    preferred_username: user.username,
    name: user.username,
    email: user.email,
    email_verified: true,
  });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        ...(options.backchannelLogoutUri && {
          backchannel_logout_uri: options.backchannelLogoutUri,
          backchannel_logout_session_required: true,
        }),
      },
    ],
    // The default in-memory store, named explicitly so that the provider does not warn about it.
    adapter: createMemoryAdapter(),
    jwks: { keys: [key] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    routes: {
      authorization: '/protocol/openid-connect/auth',
      token: '/protocol/openid-connect/token',
      userinfo: '/protocol/openid-connect/userinfo',
      end_session: '/protocol/openid-connect/logout',
      jwks: '/protocol/openid-connect/certs',
      revocation: '/protocol/openid-connect/revoke',
    },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: {
      openid: ['sub', 'realm_access'],
      profile: ['preferred_username', 'name'],
      email: ['email', 'email_verified'],
    },
    // ID tokens carry the profile claims, as Keycloak's do.
    conformIdTokenClaims: false,
    findAccount(_ctx: unknown, sub: string) {
      const user = users.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        // Keycloak's default realm-roles mapper adds them to the access token, not to the ID token.
        claims: (use: string) => ({
          sub,
          ...claimsOf(user),
          ...(use === 'userinfo' && { realm_access: { roles: user.roles } }),
        }),
      };
    },
    extraTokenClaims(_ctx: unknown, token: TokenInstance) {
      const user = users.get(token.accountId);
      if (!user) return undefined;
      return {
        typ: 'Bearer',
        azp: token.clientId,
        sid: token.sid,
        preferred_username: user.username,
        realm_access: { roles: user.roles },
      };
    },
    pkce: { required: () => true },
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    ttl: {
      AccessToken: options.accessTokenTtlSeconds ?? 300,
      AuthorizationCode: 60,
      IdToken: 300,
      RefreshToken: 1800,
      Session: 3600,
      Grant: 3600,
      Interaction: 600,
    },
    // No consent step: the grant is made on the spot, as Keycloak does for a first-party client.
    async loadExistingGrant(ctx: ProviderContext) {
      const { oidc } = ctx;
      const clientId = oidc.client!.clientId;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId, accountId: oidc.session!.accountId });
      grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
      for (const [indicator, resourceServer] of Object.entries(oidc.resourceServers ?? {})) {
        grant.addResourceScope(indicator, resourceServer.scope);
      }
      await grant.save();
      return grant;
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) =>
        `${base}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      backchannelLogout: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: accessTokens === 'opaque' },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: { body: string }, form: string) => {
          ctx.body = `<!DOCTYPE html><html><body>${form}<button form="op.logoutForm" name="logout" value="yes">Sign out</button></body></html>`;
        },
      },
      resourceIndicators:
        accessTokens === 'jwt'
          ? {
              enabled: true,
              defaultResource: () => RESOURCE,
              useGrantedResource: () => true,
              getResourceServerInfo: () => ({
                scope: 'profile email',
                audience: 'account',
                accessTokenFormat: 'jwt',
                accessTokenTTL: options.accessTokenTtlSeconds ?? 300,
              }),
            }
          : { enabled: false },
    },
    // Back-channel logout calls go through here, so a test can make them fail to arrive. The
    // provider's own dispatcher refuses loopback addresses (SSRF protection), where the test API is.
    fetch: (
      url: string,
      { dispatcher: _loopbackRefused, ...init }: RequestInit & { dispatcher?: unknown },
    ) =>
      realm.deliverBackchannel
        ? globalThis.fetch(url, init)
        : Promise.resolve(new Response(null, { status: 200 })),
  });
  provider.on('grant.success', (ctx) => {
    if (
      (ctx as { oidc: { params: { grant_type?: string } } }).oidc.params.grant_type ===
      'refresh_token'
    ) {
      realm.stats.refreshes += 1;
    }
  });
  provider.on('backchannel.success', () => (realm.stats.backchannel.ok += 1));
  provider.on('backchannel.error', () => (realm.stats.backchannel.failed += 1));

  const app = express();
  app.get(`${base}/interaction/:uid`, (_request, response) => {
    response.type('html').send('<form method="post" action="login"><input name="account"></form>');
  });
  app.post(
    `${base}/interaction/:uid/login`,
    express.urlencoded({ extended: false }),
    async (request, response, next) => {
      try {
        const account = (request.body as { account?: string }).account ?? '';
        if (!users.has(account)) {
          response.status(400).send('Unknown user');
          return;
        }
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId: account } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        next(error);
      }
    },
  );
  app.use(base, provider.callback());
  server.on('request', app);
  return realm;
}
