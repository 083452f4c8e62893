import { Logger } from '@nestjs/common';
import type {
  OidcSessionLink,
  SessionStore,
} from '../../../infra/session-store/session-store.port.js';
import type { TokenSealer } from '../token-sealer.js';
import {
  ProviderRefusal,
  type ProviderTokens,
  type SingleSignOn,
} from '../../../infra/identity/identity.port.js';

/** A session's access token is renewed when it has less than this left. */
export const REFRESH_AHEAD_MS = 60_000;
/** After the provider could not be reached, a session waits this long before trying again. */
const RETRY_AFTER_OUTAGE_MS = 30_000;

/**
 * The provider's tokens inside our sessions: sealed with the session id as context, and refreshed
 * shortly before the access token expires, which is how a session learns that the provider has
 * ended it (a user disabled or signed out in Keycloak): the refresh is refused and the session ends.
 *
 * One refresh per session at a time in this process; across replicas, a refusal is first checked
 * against the store, in case another replica refreshed (and rotated the refresh token) just before.
 * While the provider cannot be reached, sessions carry on and retry every 30 seconds.
 */
export class OidcSessionTokens {
  private readonly logger = new Logger('OidcSessionTokens');
  private readonly inFlight = new Map<string, Promise<boolean>>();
  private readonly retryAfter = new Map<string, number>();

  constructor(
    private readonly client: SingleSignOn,
    private readonly sealer: TokenSealer,
    private readonly store: SessionStore,
  ) {}

  seal(sessionId: string, tokens: ProviderTokens): string {
    return this.sealer.seal(tokens, sessionId);
  }

  /** The tokens, or null when they cannot be opened (altered, or sealed under another secret). */
  open(sessionId: string, link: OidcSessionLink): ProviderTokens | null {
    return this.sealer.open<ProviderTokens>(link.sealedTokens, sessionId);
  }

  /** Refreshes the tokens when due; false means the session must end. */
  async keepFresh(sessionId: string, link: OidcSessionLink): Promise<boolean> {
    const tokens = this.open(sessionId, link);
    if (!tokens) return false;
    const now = Date.now();
    if (!tokens.refreshToken || tokens.accessTokenExpiresAt - now > REFRESH_AHEAD_MS) return true;
    const retryAt = this.retryAfter.get(sessionId);
    if (retryAt !== undefined) {
      if (retryAt > now) return true;
      this.retryAfter.delete(sessionId);
    }
    let pending = this.inFlight.get(sessionId);
    if (!pending) {
      pending = this.refresh(sessionId, link, tokens).finally(() =>
        this.inFlight.delete(sessionId),
      );
      this.inFlight.set(sessionId, pending);
    }
    return pending;
  }

  private async refresh(
    sessionId: string,
    link: OidcSessionLink,
    tokens: ProviderTokens,
  ): Promise<boolean> {
    try {
      const fresh = await this.client.refresh(tokens);
      await this.store.update(sessionId, { sealedTokens: this.seal(sessionId, fresh) });
      return true;
    } catch (error) {
      if (error instanceof ProviderRefusal && error.status < 500) {
        const current = await this.store.find(sessionId);
        if (current?.oidc && current.oidc.sealedTokens !== link.sealedTokens) return true;
        this.logger.log(
          { reason: error.error },
          'The identity provider refused to refresh a session, which therefore ends',
        );
        return false;
      }
      this.logger.warn(
        { err: error },
        'Could not refresh a session at the identity provider; it carries on and tries again in 30 s',
      );
      this.retryAfter.set(sessionId, Date.now() + RETRY_AFTER_OUTAGE_MS);
      return true;
    }
  }
}
