import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestRealm, type TestRealm } from '../../../test/support/oidc-realm.js';
import type { PasswordHasher, SingleSignOn } from './identity.port.js';
import { Argon2PasswordHasher } from './local/argon2.password-hasher.js';
import { OidcSingleSignOn } from './oidc/oidc.single-sign-on.js';

/**
 * The Identity contract: local accounts (argon2id) and OpenID Connect, the latter against a
 * protocol-level test realm (discovery, PKCE authorization URL, token signatures).
 */
describe('Identity contract: local accounts (argon2id)', () => {
  const hasher: PasswordHasher = new Argon2PasswordHasher();

  it('verifies the password it hashed, and nothing else', async () => {
    const hash = await hasher.hash('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await hasher.verify(hash, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(hash, 'wrong')).toBe(false);
    expect(await hasher.verify(null, 'correct horse battery')).toBe(false);
  });
});

describe('Identity contract: OpenID Connect', () => {
  let realm: TestRealm;
  let sso: SingleSignOn;

  beforeAll(async () => {
    realm = await startTestRealm({
      redirectUri: 'http://127.0.0.1:3000/api/auth/oidc/callback',
      postLogoutRedirectUri: 'http://127.0.0.1:3000/',
    });
    sso = new OidcSingleSignOn({
      issuerUrl: realm.issuer,
      clientId: realm.clientId,
      clientSecret: realm.clientSecret,
      redirectUrl: 'http://127.0.0.1:3000/api/auth/oidc/callback',
      scopes: 'openid profile',
      postLogoutRedirectUrl: 'http://127.0.0.1:3000/',
      acceptedAudiences: [realm.clientId],
    });
  });
  afterAll(() => realm.close());

  it('answers its health probe and names the provider as its dependency', async () => {
    await expect(sso.ping(AbortSignal.timeout(2000))).resolves.toBeUndefined();
    expect(sso.health).toEqual({
      name: 'oidc',
      dependency: 'the identity provider (OIDC_ISSUER_URL)',
    });
  });

  it('starts a sign-in with PKCE (S256), state and nonce', async () => {
    const { url, checks } = await sso.startLogin();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBe(checks.state);
    expect(url.searchParams.get('nonce')).toBe(checks.nonce);
    expect(url.searchParams.get('client_id')).toBe(realm.clientId);
  });

  it('accepts an access token signed by the realm for us, and refuses a forged one', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: realm.issuer,
      sub: 'user-1',
      azp: realm.clientId,
      typ: 'Bearer',
      iat: now,
      exp: now + 60,
    };
    const token = await realm.sign(claims, { typ: 'at+jwt' });
    await expect(sso.verifyAccessToken(token)).resolves.toMatchObject({ sub: 'user-1' });
    const [header, payload] = token.split('.');
    await expect(sso.verifyAccessToken(`${header}.${payload}.AAAA`)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('is a 503 naming the identity provider when the provider is down', async () => {
    const down = new OidcSingleSignOn({
      ...sso.settings,
      issuerUrl: 'http://127.0.0.1:9/realms/x',
    });
    await expect(down.startLogin()).rejects.toMatchObject({
      code: 'IDENTITY_PROVIDER_UNAVAILABLE',
      status: 503,
    });
  });
});
