import { createRemoteJWKSet, decodeJwt, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import * as client from 'openid-client';
import type { OidcConfig } from '../../../config/app-config.js';
import {
  type Claims,
  type LoginChecks,
  type LogoutTarget,
  ProviderRefusal,
  type ProviderSignIn,
  type ProviderTokens,
  type SingleSignOn,
} from '../identity.port.js';
import { AccessTokenVerifier } from './access-token.verifier.js';
import { LogoutTokenVerifier } from './logout-token.verifier.js';
import { isProviderRefusal, providerUnreachable, signInFailure } from './oidc-errors.js';

/** Used when the provider sends no `expires_in` (Keycloak's default access token lifespan). */
const DEFAULT_ACCESS_TOKEN_SECONDS = 300;
const REQUEST_TIMEOUT_SECONDS = 10;

/**
 * The confidential client of the realm (openid-client): authorization code flow with PKCE,
 * refresh, userinfo and the end-session address. Discovery happens on first use (the API starts
 * even while Keycloak is down) and is retried until it succeeds.
 */
export class OidcSingleSignOn implements SingleSignOn {
  readonly health = { name: 'oidc', dependency: 'the identity provider (OIDC_ISSUER_URL)' };
  private discovered?: Promise<client.Configuration>;
  private keySet?: JWTVerifyGetKey;

  private readonly accessTokens = new AccessTokenVerifier(this);
  private readonly logoutTokens = new LogoutTokenVerifier(this);

  constructor(readonly settings: OidcConfig) {}

  async discover(): Promise<void> {
    await this.server();
  }

  async ping(signal: AbortSignal): Promise<void> {
    const discoveryUrl = `${this.settings.issuerUrl}/.well-known/openid-configuration`;
    const response = await fetch(discoveryUrl, { signal });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`GET ${discoveryUrl} answered ${response.status}`);
  }

  verifyAccessToken(token: string): Promise<Claims> {
    return this.accessTokens.verify(token);
  }

  verifyLogoutToken(token: string): Promise<LogoutTarget> {
    return this.logoutTokens.verify(token);
  }

  /** The realm's metadata; a failed discovery is tried again by the next call. */
  server(): Promise<client.Configuration> {
    this.discovered ??= client
      .discovery(
        new URL(this.settings.issuerUrl),
        this.settings.clientId,
        undefined,
        client.ClientSecretBasic(this.settings.clientSecret),
        {
          timeout: REQUEST_TIMEOUT_SECONDS,
          // An http:// issuer is an explicit choice (Keycloak inside the cluster); see the README.
          execute: this.settings.issuerUrl.startsWith('http:')
            ? [client.allowInsecureRequests]
            : [],
        },
      )
      .catch((error: unknown) => {
        this.discovered = undefined;
        throw error;
      });
    return this.discovered;
  }

  /** The realm's signing keys (fetched once, refetched when an unknown key id shows up). */
  async keys(): Promise<JWTVerifyGetKey> {
    if (this.keySet) return this.keySet;
    const jwksUri = (await this.serverOrUnavailable()).serverMetadata().jwks_uri;
    if (!jwksUri) throw new Error('The identity provider publishes no jwks_uri');
    this.keySet = createRemoteJWKSet(new URL(jwksUri), {
      timeoutDuration: 5_000,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
    });
    return this.keySet;
  }

  async startLogin(): Promise<{ url: URL; checks: LoginChecks }> {
    const server = await this.serverOrUnavailable();
    const checks: LoginChecks = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(server, {
      redirect_uri: this.settings.redirectUrl,
      scope: this.settings.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
    return { url, checks };
  }

  /** Checks the provider's answer to the callback, redeems the code and reads who signed in. */
  async finishLogin(callbackQuery: string, checks: LoginChecks): Promise<ProviderSignIn> {
    try {
      return await this.redeem(callbackQuery, checks);
    } catch (error) {
      throw signInFailure(error);
    }
  }

  private async redeem(callbackQuery: string, checks: LoginChecks): Promise<ProviderSignIn> {
    const server = await this.serverOrUnavailable();
    const currentUrl = new URL(this.settings.redirectUrl);
    currentUrl.search = callbackQuery;
    const response = await client.authorizationCodeGrant(server, currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idClaims = response.claims()!;
    const userinfo = server.serverMetadata().userinfo_endpoint
      ? await client.fetchUserInfo(server, response.access_token, idClaims.sub)
      : null;
    return {
      tokens: toProviderTokens(response, null),
      idClaims,
      accessClaims: jwtClaimsOrNull(response.access_token),
      userinfo,
    };
  }

  /** New tokens for a session; rejects with ProviderRefusal when the provider refuses. */
  async refresh(current: ProviderTokens): Promise<ProviderTokens> {
    const server = await this.serverOrUnavailable();
    try {
      const response = await client.refreshTokenGrant(server, current.refreshToken!);
      return toProviderTokens(response, current);
    } catch (error) {
      if (isProviderRefusal(error)) throw new ProviderRefusal(error.status, error.error);
      throw error;
    }
  }

  /** Where the browser ends the provider's session, or null when the provider has no such page. */
  async endSessionUrl(idToken: string): Promise<string | null> {
    const server = await this.serverOrUnavailable();
    if (!server.serverMetadata().end_session_endpoint) return null;
    return client
      .buildEndSessionUrl(server, {
        id_token_hint: idToken,
        post_logout_redirect_uri: this.settings.postLogoutRedirectUrl,
        client_id: this.settings.clientId,
      })
      .toString();
  }

  private async serverOrUnavailable(): Promise<client.Configuration> {
    try {
      return await this.server();
    } catch {
      throw providerUnreachable();
    }
  }
}

function toProviderTokens(
  response: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  previous: ProviderTokens | null,
): ProviderTokens {
  const idToken = response.id_token ?? previous?.idToken;
  if (!idToken) throw new Error('The identity provider returned no ID token');
  return {
    idToken,
    // A provider that does not rotate refresh tokens sends none back: the old one stays valid.
    refreshToken: response.refresh_token ?? previous?.refreshToken ?? null,
    accessTokenExpiresAt:
      Date.now() + (response.expiresIn() ?? DEFAULT_ACCESS_TOKEN_SECONDS) * 1000,
  };
}

/**
 * The access token's claims, read without verifying: it came straight from the token endpoint over
 * the same channel as the ID token, which OpenID Connect lets a client trust (Core §3.1.3.7).
 */
function jwtClaimsOrNull(token: string): JWTPayload | null {
  try {
    return decodeJwt(token);
  } catch {
    return null;
  }
}
