import * as client from 'openid-client';
import { AppError } from '../../../common/app-error.js';

/** The provider answered with an OAuth error (e.g. invalid_grant): it refuses, it is not down. */
export const isProviderRefusal = (error: unknown): error is client.ResponseBodyError =>
  error instanceof client.ResponseBodyError;

export const providerUnreachable = () =>
  new AppError(
    'IDENTITY_PROVIDER_UNAVAILABLE',
    'The identity provider cannot be reached (OIDC_ISSUER_URL). Please try again shortly.',
  );

/**
 * Turns what can go wrong while finishing a sign-in into an answer that says what happened. Nothing
 * here starts a session: every outcome is an error for the person to start again.
 */
export function signInFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof client.AuthorizationResponseError) {
    return new AppError(
      'UNAUTHENTICATED',
      `The identity provider did not sign you in (${describe(error.error, error.error_description)}).`,
    );
  }
  if (isProviderRefusal(error)) {
    if (error.status >= 500) return providerUnreachable();
    return new AppError(
      'UNAUTHENTICATED',
      `Sign-in failed: the identity provider refused the sign-in code (${describe(error.error, error.error_description)}). ` +
        'A code is valid once and only briefly; please sign in again.',
    );
  }
  if (error instanceof client.ClientError) {
    const detail = error.cause instanceof Error ? error.cause.message : error.message;
    if (/"state"/.test(detail)) {
      return new AppError(
        'VALIDATION_FAILED',
        'Sign-in failed: the answer from the identity provider does not belong to the sign-in ' +
          'started in this browser (state mismatch). Please sign in again.',
      );
    }
    if (
      error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
      error.code === 'OAUTH_RESPONSE_IS_NOT_JSON'
    ) {
      return providerUnreachable();
    }
    return new AppError('VALIDATION_FAILED', `Sign-in failed: ${detail}. Please sign in again.`);
  }
  // fetch() failures (connection refused, timeout) surface as TypeError or AbortError.
  if (error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError')) {
    return providerUnreachable();
  }
  return error;
}

const describe = (code: string, description: string | undefined) =>
  description ? `${code}: ${description}` : code;
