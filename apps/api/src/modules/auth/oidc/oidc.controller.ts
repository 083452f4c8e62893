import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Inject,
  Logger,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { type OidcLoginQuery, oidcLoginQuerySchema } from '@clearroom/contracts';
import type { Response } from 'express';
import { AppError } from '../../../common/app-error.js';
import type { AppRequest } from '../../../common/request.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { Public } from '../../../common/public.decorator.js';
import { setSessionCookie } from '../session-cookie.js';
import { SessionService } from '../session.service.js';
import { LoginStateCookie } from './login-state.cookie.js';
import { OidcAccounts } from './oidc-accounts.service.js';
import {
  type LoginChecks,
  SINGLE_SIGN_ON,
  type SingleSignOn,
} from '../../../infra/identity/identity.port.js';
import { identityFrom } from './provider-identity.js';

/**
 * Single sign-on (AUTH_DRIVER=oidc): the authorization code flow with PKCE, run by the server for
 * the browser (the backend-for-frontend pattern), and the provider's back-channel logout.
 */
@Public()
@Controller('auth/oidc')
export class OidcController {
  private readonly logger = new Logger('OidcController');

  constructor(
    @Inject(SINGLE_SIGN_ON) private readonly client: SingleSignOn | null,
    @Inject(LoginStateCookie) private readonly loginState: LoginStateCookie | null,
    private readonly accounts: OidcAccounts,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Sends the browser to the provider's sign-in page; `returnTo` is where it lands afterwards. */
  @Get('login')
  @Header('Cache-Control', 'no-store')
  async login(
    @Query({ schema: oidcLoginQuerySchema }) query: OidcLoginQuery,
    @Res() response: Response,
  ): Promise<void> {
    const { client, loginState } = this.enabled();
    const { url, checks } = await client.startLogin();
    loginState.set(response, checks, query.returnTo ?? '/dashboard');
    response.redirect(303, url.toString());
  }

  /** Where the provider sends the browser back: checks everything, then starts our session. */
  @Get('callback')
  @Header('Cache-Control', 'no-store')
  async callback(@Req() request: AppRequest, @Res() response: Response): Promise<void> {
    const { client, loginState } = this.enabled();
    // Whatever happens next, this sign-in attempt is used up.
    loginState.clear(response);
    const started = loginState.read(request);
    const query = request.originalUrl.split('?')[1] ?? '';
    const { userId, identity, tokens } = await this.signIn(client, query, started);
    if (request.sessionToken) await this.sessions.destroy(request.sessionToken);
    const { token, expiresAt } = await this.sessions.create(userId, {
      sid: identity.sid,
      subject: identity.subject,
      tokens,
    });
    setSessionCookie(response, this.config, token, expiresAt);
    response.redirect(303, started.returnTo);
  }

  /**
   * The provider ends sessions here, server to server (OpenID Connect Back-Channel Logout 1.0):
   * a form field `logout_token` naming a provider session (`sid`) or user (`sub`).
   */
  @Post('backchannel-logout')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async backchannelLogout(@Body() body: unknown): Promise<{ success: true }> {
    const { client } = this.enabled();
    const token = (body as { logout_token?: unknown } | undefined)?.logout_token;
    if (typeof token !== 'string' || token === '') {
      throw new AppError(
        'VALIDATION_FAILED',
        'logout_token is required (an application/x-www-form-urlencoded field)',
      );
    }
    const target = await client.verifyLogoutToken(token);
    const ended = target.sid
      ? await this.sessions.endProviderSession(target.sid)
      : await this.sessions.endProviderUser(target.subject!);
    this.logger.log({ sid: target.sid, sub: target.subject, ended }, 'Back-channel logout');
    return { success: true };
  }

  /** Redeems the code, reads who signed in and finds or creates their account. */
  private async signIn(client: SingleSignOn, callbackQuery: string, checks: LoginChecks) {
    const { tokens, idClaims, userinfo, accessClaims } = await client.finishLogin(
      callbackQuery,
      checks,
    );
    const identity = identityFrom(idClaims, { userinfo, accessToken: accessClaims });
    return { userId: await this.accounts.upsert(identity), identity, tokens };
  }

  private enabled() {
    if (!this.client || !this.loginState) {
      throw new AppError(
        'NOT_FOUND',
        'Single sign-on is not enabled on this server (AUTH_DRIVER=local)',
      );
    }
    return { client: this.client, loginState: this.loginState };
  }
}
