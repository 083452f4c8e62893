import type { OidcConfig } from '../../config/app-config.js';
import type { HealthProbe } from '../../common/health-probe.js';

/** Claims of a token or of the userinfo answer, as the provider sent them. */
export type Claims = Record<string, unknown>;

/** The provider's tokens kept (sealed) with a session. */
export type ProviderTokens = {
  idToken: string;
  refreshToken: string | null;
  /** Epoch ms. */
  accessTokenExpiresAt: number;
};

/** What a sign-in must match when the browser comes back: kept in a sealed cookie meanwhile. */
export type LoginChecks = { state: string; nonce: string; codeVerifier: string };

/** A finished sign-in: the tokens and every claim set that can name who signed in. */
export type ProviderSignIn = {
  tokens: ProviderTokens;
  idClaims: Claims & { sub: string };
  accessClaims: Claims | null;
  userinfo: Claims | null;
};

/** Whom a back-channel logout ends: a provider session, or every session of a provider user. */
export type LogoutTarget = { sid: string | null; subject: string | null };

/** The provider answered a refresh with an OAuth error (e.g. invalid_grant): it refuses, it is not down. */
export class ProviderRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
  ) {
    super(`The identity provider refused: ${error} (HTTP ${status})`);
    this.name = 'ProviderRefusal';
  }
}

/** Local accounts: passwords hashed with argon2id. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a null hash too, after taking as long as a real check (no username probing). */
  verify(passwordHash: string | null, password: string): Promise<boolean>;
}

/**
 * Single sign-on with OpenID Connect (AUTH_DRIVER=oidc): authorization code + PKCE run by the
 * server, refresh, logout, and the checks of bearer and logout tokens. Failures a person can act
 * on are thrown as AppErrors (IDENTITY_PROVIDER_UNAVAILABLE when the provider does not answer).
 */
export interface SingleSignOn extends HealthProbe {
  readonly settings: OidcConfig;
  /** Learns the provider's endpoints now (so the first sign-in is quick); retried on first use. */
  discover(): Promise<void>;
  startLogin(): Promise<{ url: URL; checks: LoginChecks }>;
  finishLogin(callbackQuery: string, checks: LoginChecks): Promise<ProviderSignIn>;
  /** Throws ProviderRefusal when the provider refuses the refresh token. */
  refresh(current: ProviderTokens): Promise<ProviderTokens>;
  /** Where to send the browser to end the provider's session too, when the provider has one. */
  endSessionUrl(idToken: string): Promise<string | null>;
  /** The claims of a valid access token (Authorization: Bearer); throws UNAUTHENTICATED otherwise. */
  verifyAccessToken(token: string): Promise<Claims>;
  verifyLogoutToken(token: string): Promise<LogoutTarget>;
}

export const PASSWORD_HASHER = Symbol('PASSWORD_HASHER');
/** Null when AUTH_DRIVER=local. */
export const SINGLE_SIGN_ON = Symbol('SINGLE_SIGN_ON');

/** Accounts, local and single sign-on alike, are rows of `users`: other modules reference them. */
export { User } from './accounts/user.entity.js';
export { findAuthenticatedUser } from './accounts/user-lookup.js';
