import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import {
  type AuthConfigResponse,
  loginRequestSchema,
  type LoginRequest,
  type LogoutResponse,
  registerRequestSchema,
  type RegisterRequest,
  type UserResponse,
} from '@clearroom/contracts';
import type { Response } from 'express';
import { AppError } from '../../common/app-error.js';
import type { AppRequest } from '../../common/request.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AuthService } from './auth.service.js';
import { SINGLE_SIGN_ON, type SingleSignOn } from '../../infra/identity/identity.port.js';
import { Public } from '../../common/public.decorator.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';
import { accountDisabled } from './session.guard.js';
import { SessionService } from './session.service.js';

@Public()
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SINGLE_SIGN_ON) private readonly oidc: SingleSignOn | null,
  ) {}

  /** How the login page signs people in. */
  @Get('config')
  authConfig(): AuthConfigResponse {
    return { mode: this.config.auth.driver };
  }

  @Post('register')
  async register(
    @Body({ schema: registerRequestSchema }) body: RegisterRequest,
    @Req() request: AppRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UserResponse> {
    this.refuseWithSingleSignOn(
      'Accounts are managed by the identity provider (single sign-on): ' +
        "ask your administrator for access, then use 'Sign in with SSO'.",
    );
    const user = await this.auth.register(body, request.ip ?? 'unknown');
    await this.startSession(response, user.id);
    return { user };
  }

  @Post('login')
  @HttpCode(200)
  async login(
    @Body({ schema: loginRequestSchema }) body: LoginRequest,
    @Req() request: AppRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UserResponse> {
    this.refuseWithSingleSignOn(
      'Password sign-in is turned off: accounts are managed by the identity provider ' +
        "(single sign-on). Use 'Sign in with SSO'.",
    );
    const user = await this.auth.login(body, request.ip ?? 'unknown');
    if (request.sessionToken) await this.sessions.destroy(request.sessionToken);
    await this.startSession(response, user.id);
    return { user };
  }

  /**
   * Ends our session. With single sign-on, also answers the provider's end-session address (with
   * the ID token as hint), which the browser opens so that the provider's session ends too.
   */
  @Post('logout')
  @HttpCode(200)
  async logout(
    @Req() request: AppRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LogoutResponse> {
    const providerTokens = request.sessionToken
      ? await this.sessions.destroy(request.sessionToken)
      : null;
    clearSessionCookie(response, this.config);
    const redirectUrl =
      providerTokens && this.oidc
        ? // Our session has ended either way; without the provider's address, only ours has.
          await this.oidc.endSessionUrl(providerTokens.idToken).catch(() => null)
        : null;
    return redirectUrl ? { success: true, redirectUrl } : { success: true };
  }

  @Get('user')
  user(@Req() request: AppRequest): UserResponse {
    if (request.accountDisabled) throw accountDisabled();
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Not signed in');
    const { id, username, isAdmin } = request.user;
    return { user: { id, username, isAdmin } };
  }

  private refuseWithSingleSignOn(message: string): void {
    if (this.config.auth.driver === 'oidc') throw new AppError('FORBIDDEN', message);
  }

  private async startSession(response: Response, userId: number): Promise<void> {
    const { token, expiresAt } = await this.sessions.create(userId);
    setSessionCookie(response, this.config, token, expiresAt);
  }
}
