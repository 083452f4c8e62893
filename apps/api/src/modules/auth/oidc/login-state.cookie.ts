import type { Request, Response } from 'express';
import { AppError } from '../../../common/app-error.js';
import type { AppConfig } from '../../../config/app-config.js';
import type { TokenSealer } from '../token-sealer.js';
import type { LoginChecks } from '../../../infra/identity/identity.port.js';

export const LOGIN_STATE_COOKIE = 'clearroom_oidc_login';
/** Sent only to the callback (and the login route that sets it), nowhere else. */
const COOKIE_PATH = '/api/auth/oidc';
const MAX_AGE_MS = 10 * 60_000;

type LoginState = LoginChecks & { returnTo: string; startedAt: number };

/**
 * The sign-in in progress (state, nonce, PKCE verifier, where to land), kept in this browser only:
 * an HttpOnly cookie, sealed so that it can be neither read nor forged, valid ten minutes. Lax, so
 * that the browser sends it on the provider's top-level redirect back to the callback. Nothing is
 * stored server-side, so any replica can finish a sign-in another one started.
 */
export class LoginStateCookie {
  constructor(
    private readonly sealer: TokenSealer,
    private readonly config: AppConfig,
  ) {}

  set(response: Response, checks: LoginChecks, returnTo: string): void {
    const state: LoginState = { ...checks, returnTo, startedAt: Date.now() };
    response.cookie(LOGIN_STATE_COOKIE, this.sealer.seal(state, LOGIN_STATE_COOKIE), {
      ...this.options(),
      maxAge: MAX_AGE_MS,
    });
  }

  /** The sign-in this browser started; 400 when there is none, it expired, or it was altered. */
  read(request: Request): LoginState {
    const raw = (request.cookies as Record<string, string> | undefined)?.[LOGIN_STATE_COOKIE];
    const state = raw ? this.sealer.open<LoginState>(raw, LOGIN_STATE_COOKIE) : null;
    if (!state || Date.now() - state.startedAt > MAX_AGE_MS) {
      throw new AppError(
        'VALIDATION_FAILED',
        'Sign-in failed: this browser has no sign-in in progress (it expired after 10 minutes, ' +
          'was started in another browser, or cookies are blocked). Please sign in again.',
      );
    }
    return state;
  }

  clear(response: Response): void {
    response.clearCookie(LOGIN_STATE_COOKIE, this.options());
  }

  private options() {
    return {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: this.config.cookieSecure,
      path: COOKIE_PATH,
    };
  }
}
