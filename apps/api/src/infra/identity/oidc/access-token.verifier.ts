import { decodeJwt, decodeProtectedHeader, errors, type JWTPayload, jwtVerify } from 'jose';
import { AppError } from '../../../common/app-error.js';
import type { OidcSingleSignOn } from './oidc.single-sign-on.js';

/** Signatures the realm may use; symmetric (HS*) ones are refused: they would need our secret. */
export const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];
/** Clocks of the API and Keycloak may differ this much. */
export const CLOCK_TOLERANCE_SECONDS = 30;

/**
 * Checks an `Authorization: Bearer` access token from the realm: signature against the realm's
 * keys (JWKS, cached), issuer exactly OIDC_ISSUER_URL, not expired, an access token (not an ID or
 * logout token), and meant for us: its `aud` holds one of OIDC_ACCEPTED_AUDIENCES or its `azp` is
 * one of them. Keycloak's access tokens carry `aud: "account"` and `azp: "<client>"` by default, so
 * the `azp` rule is what accepts them without an audience mapper.
 */
export class AccessTokenVerifier {
  constructor(private readonly client: OidcSingleSignOn) {}

  async verify(token: string): Promise<JWTPayload> {
    const { issuerUrl, acceptedAudiences } = this.client.settings;
    let unverified: JWTPayload;
    try {
      unverified = decodeJwt(token);
    } catch {
      throw refused('The bearer token is not a JWT');
    }
    // Checked before the signature only to say so plainly: another realm's keys would not match.
    if (unverified.iss !== issuerUrl) {
      throw refused(
        `The bearer token was issued by ${JSON.stringify(unverified.iss ?? null)}; this server ` +
          `accepts tokens from ${issuerUrl}`,
      );
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await this.client.keys(), {
        issuer: issuerUrl,
        algorithms: ASYMMETRIC_ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      throw verificationFailure(error);
    }
    if (!isAccessToken(token, payload)) {
      throw refused('The bearer token is not an access token (an ID or logout token was sent)');
    }
    const audiences = ([] as unknown[]).concat(payload.aud ?? []);
    const forUs =
      acceptedAudiences.some((audience) => audiences.includes(audience)) ||
      (typeof payload['azp'] === 'string' && acceptedAudiences.includes(payload['azp']));
    if (!forUs) {
      throw refused(
        `The bearer token was issued to another client (azp ${JSON.stringify(payload['azp'] ?? null)}); ` +
          `this server accepts ${acceptedAudiences.join(', ')} (OIDC_ACCEPTED_AUDIENCES)`,
      );
    }
    return payload;
  }
}

/** RFC 9068 types access tokens `at+jwt`; Keycloak marks them with a `typ: "Bearer"` claim. */
function isAccessToken(token: string, payload: JWTPayload): boolean {
  const headerType = decodeProtectedHeader(token).typ?.toLowerCase();
  return (
    headerType === 'at+jwt' || headerType === 'application/at+jwt' || payload['typ'] === 'Bearer'
  );
}

function verificationFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof errors.JWTExpired) return refused('The bearer token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    return refused(`The bearer token's "${error.claim}" claim is invalid: ${error.reason}`);
  }
  if (
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWSSignatureVerificationFailed
  ) {
    return refused("The bearer token's signature does not match the realm's keys");
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return refused("The bearer token's signature algorithm is not accepted");
  }
  if (error instanceof errors.JWKSTimeout || error instanceof TypeError) {
    return new AppError(
      'IDENTITY_PROVIDER_UNAVAILABLE',
      "The identity provider's keys cannot be fetched (OIDC_ISSUER_URL). Please try again shortly.",
    );
  }
  if (error instanceof errors.JOSEError)
    return refused(`The bearer token is invalid (${error.code})`);
  return error;
}

/** 401 with the RFC 6750 challenge, so that clients know to fetch a new token. */
const refused = (message: string) =>
  new AppError('UNAUTHENTICATED', message, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message.replaceAll('"', "'")}"`,
  });
