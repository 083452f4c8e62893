import { describe, expect, it } from '@jest/globals';
import { loadConfig } from './app-config.js';
import { configError } from './fixtures/config-error.js';

const SECRET = 'k3ycl0ak-generated-secret-32-chars';
const oidcEnv = {
  AUTH_DRIVER: 'oidc',
  OIDC_ISSUER_URL: 'https://keycloak.example.com/realms/clearroom/',
  OIDC_CLIENT_ID: 'clearroom',
  OIDC_CLIENT_SECRET: SECRET,
  PUBLIC_URL: 'https://deals.example.com',
};

describe('loadConfig: sign-in', () => {
  it('defaults to local accounts with sessions in the database', () => {
    expect(loadConfig({}).auth).toEqual({
      driver: 'local',
      oidc: null,
      adminRole: 'clearroom-admin',
      sessionStore: { driver: 'database' },
    });
  });

  it('takes the administrators’ realm role from OIDC_ADMIN_ROLE, one role name', () => {
    expect(loadConfig({ ...oidcEnv, OIDC_ADMIN_ROLE: 'deal-admin' }).auth.adminRole).toBe(
      'deal-admin',
    );
    expect(() => loadConfig({ ...oidcEnv, OIDC_ADMIN_ROLE: 'two roles' })).toThrow(
      'Invalid configuration: OIDC_ADMIN_ROLE must be one realm role name (no spaces)',
    );
  });

  it('keeps sessions in Redis when REDIS_URL is set, under the installation prefix', () => {
    const config = loadConfig({ REDIS_URL: 'redis://redis:6379', QUEUE_PREFIX: 'acme' });
    expect(config.auth.sessionStore).toEqual({
      driver: 'redis',
      url: 'redis://redis:6379',
      keyPrefix: 'acme:sessions',
    });
  });

  it('derives the callback and the post-logout address from PUBLIC_URL', () => {
    expect(loadConfig(oidcEnv).auth).toEqual({
      driver: 'oidc',
      oidc: {
        issuerUrl: 'https://keycloak.example.com/realms/clearroom',
        clientId: 'clearroom',
        clientSecret: SECRET,
        redirectUrl: 'https://deals.example.com/api/auth/oidc/callback',
        scopes: 'openid profile email',
        postLogoutRedirectUrl: 'https://deals.example.com/',
        acceptedAudiences: ['clearroom'],
      },
      adminRole: 'clearroom-admin',
      sessionStore: { driver: 'database' },
    });
  });

  it('takes explicit addresses, scopes and accepted audiences', () => {
    const { oidc } = loadConfig({
      ...oidcEnv,
      PUBLIC_URL: '',
      OIDC_REDIRECT_URL: 'https://deals.example.com/sso/callback',
      OIDC_SCOPES: '  openid   profile roles ',
      OIDC_ACCEPTED_AUDIENCES: 'clearroom, clearroom-loadtest',
    }).auth;
    expect(oidc).toMatchObject({
      redirectUrl: 'https://deals.example.com/sso/callback',
      postLogoutRedirectUrl: 'https://deals.example.com/',
      scopes: 'openid profile roles',
      acceptedAudiences: ['clearroom', 'clearroom-loadtest'],
    });
    expect(
      loadConfig({ ...oidcEnv, OIDC_POST_LOGOUT_REDIRECT_URL: 'https://deals.example.com/bye' })
        .auth.oidc?.postLogoutRedirectUrl,
    ).toBe('https://deals.example.com/bye');
  });

  it.each([
    [{ AUTH_DRIVER: 'saml' }, /^Invalid configuration: AUTH_DRIVER .+ \(got "saml"\)$/],
    [
      { ...oidcEnv, OIDC_ISSUER_URL: '' },
      'Invalid configuration: OIDC_ISSUER_URL is required when AUTH_DRIVER=oidc',
    ],
    [
      { ...oidcEnv, OIDC_CLIENT_ID: '' },
      'Invalid configuration: OIDC_CLIENT_ID is required when AUTH_DRIVER=oidc',
    ],
    [
      { ...oidcEnv, OIDC_CLIENT_SECRET: '' },
      'Invalid configuration: OIDC_CLIENT_SECRET is required when AUTH_DRIVER=oidc',
    ],
    [
      { ...oidcEnv, OIDC_CLIENT_SECRET: 'short-secret' },
      'Invalid configuration: OIDC_CLIENT_SECRET must be at least 16 characters (Keycloak generates 32)',
    ],
    [
      { ...oidcEnv, PUBLIC_URL: '' },
      'Invalid configuration: OIDC_REDIRECT_URL is required when AUTH_DRIVER=oidc and PUBLIC_URL is unset',
    ],
    [
      { ...oidcEnv, OIDC_ISSUER_URL: 'keycloak/realms/clearroom' },
      'Invalid configuration: OIDC_ISSUER_URL must be an http(s) URL such as https://keycloak.example.com/realms/clearroom (got "keycloak/realms/clearroom")',
    ],
    [
      { ...oidcEnv, OIDC_SCOPES: 'profile email' },
      'Invalid configuration: OIDC_SCOPES must include openid (got "profile email")',
    ],
    [
      { ...oidcEnv, OIDC_ACCEPTED_AUDIENCES: 'a,,b' },
      'Invalid configuration: OIDC_ACCEPTED_AUDIENCES must be a comma-separated list of client ids (got "a,,b")',
    ],
  ])('stops on %j with one line naming the variable', (env, message) => {
    const error = configError(env);
    if (typeof message === 'string') expect(error).toBe(message);
    else expect(error).toMatch(message);
  });

  it('never repeats the client secret in an error', () => {
    expect(configError({ ...oidcEnv, OIDC_CLIENT_SECRET: 'tiny-s3cret' })).not.toContain(
      'tiny-s3cret',
    );
  });
});
