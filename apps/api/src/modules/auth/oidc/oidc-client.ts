import { createRemoteJWKSet, decodeJwt, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import * as client from 'openid-client';
import type { OidcConfig } from '../../../config/app-config.js';
import { providerUnreachable } from './oidc-errors.js';

/** The provider's tokens a session keeps (server-side, sealed): never sent to the browser. */
export type ProviderTokens = {
  idToken: string;
  refreshToken: string | null;
  /** Epoch ms. */
  accessTokenExpiresAt: number;
};

/** What the browser must bring back to the callback (kept in the sealed login cookie). */
export type LoginChecks = { state: string; nonce: string; codeVerifier: string };

export type ProviderSignIn = {
  tokens: ProviderTokens;
  idClaims: client.IDToken;
  /** The access token's claims when it is a JWT (Keycloak's are), else null. */
  accessClaims: JWTPayload | null;
  /** The userinfo answer when the provider has that endpoint, else null. */
  userinfo: client.UserInfoResponse | null;
};

/** Used when the provider sends no `expires_in` (Keycloak's default access token lifespan). */
const DEFAULT_ACCESS_TOKEN_SECONDS = 300;
const REQUEST_TIMEOUT_SECONDS = 10;

/**
 * The confidential client of the realm (openid-client): authorization code flow with PKCE,
 * refresh, userinfo and the end-session address. Discovery happens on first use (the API starts
 * even while Keycloak is down) and is retried until it succeeds.
 */
export class OidcClient {
  private discovered?: Promise<client.Configuration>;
  private keySet?: JWTVerifyGetKey;

  constructor(readonly settings: OidcConfig) {}

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

  /** New tokens for a session; rejects with ResponseBodyError when the provider refuses. */
  async refresh(current: ProviderTokens): Promise<ProviderTokens> {
    const server = await this.serverOrUnavailable();
    const response = await client.refreshTokenGrant(server, current.refreshToken!);
    return toProviderTokens(response, current);
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
