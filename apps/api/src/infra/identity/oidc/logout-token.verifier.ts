import { type JWTPayload, jwtVerify } from 'jose';
import { AppError } from '../../../common/app-error.js';
import type { LogoutTarget } from '../identity.port.js';
import { ASYMMETRIC_ALGORITHMS, CLOCK_TOLERANCE_SECONDS } from './access-token.verifier.js';
import type { OidcSingleSignOn } from './oidc.single-sign-on.js';

const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** A logout token older than this is refused, which bounds how long one could be replayed. */
const MAX_TOKEN_AGE = '10 minutes';

/**
 * Validates a logout token as OpenID Connect Back-Channel Logout 1.0 (§2.6) says: signed by the
 * realm's keys, our issuer, our client as audience, `iat` present and recent, the back-channel
 * logout event, a `sid` or a `sub`, and no `nonce` (which would make it an ID token).
 */
export class LogoutTokenVerifier {
  constructor(private readonly client: OidcSingleSignOn) {}

  async verify(token: string): Promise<LogoutTarget> {
    const { issuerUrl, clientId } = this.client.settings;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await this.client.keys(), {
        issuer: issuerUrl,
        audience: clientId,
        algorithms: ASYMMETRIC_ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        maxTokenAge: MAX_TOKEN_AGE,
        requiredClaims: ['iat'],
      }));
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw invalid(error instanceof Error ? error.message : String(error));
    }
    const events = payload['events'];
    const event =
      typeof events === 'object' && events !== null
        ? (events as Record<string, unknown>)[BACKCHANNEL_LOGOUT_EVENT]
        : undefined;
    if (typeof event !== 'object' || event === null || Array.isArray(event)) {
      throw invalid(`the "events" claim has no ${BACKCHANNEL_LOGOUT_EVENT} member`);
    }
    if (payload['nonce'] !== undefined) throw invalid('it carries a "nonce" claim');
    const sid = typeof payload['sid'] === 'string' && payload['sid'] ? payload['sid'] : null;
    const subject = typeof payload.sub === 'string' && payload.sub ? payload.sub : null;
    if (!sid && !subject) throw invalid('it names neither a session (sid) nor a user (sub)');
    return { sid, subject };
  }
}

const invalid = (reason: string) =>
  new AppError('VALIDATION_FAILED', `Invalid logout token: ${reason}`);
