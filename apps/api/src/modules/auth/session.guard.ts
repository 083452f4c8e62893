import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { AppError } from '../../common/app-error.js';
import type { AppRequest } from '../../common/request.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { BearerAuthenticator } from './oidc/bearer-authenticator.js';
import { IS_PUBLIC } from '../../common/public.decorator.js';
import { SESSION_COOKIE, setSessionCookie } from './session-cookie.js';
import { SessionService } from './session.service.js';

/**
 * Global guard: identifies the caller from the session cookie or, with single sign-on, from an
 * `Authorization: Bearer` access token; every route needs one unless @Public.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(BearerAuthenticator) private readonly bearer: BearerAuthenticator | null,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AppRequest>();
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    const bearerToken = this.bearer ? bearerTokenOf(request) : null;
    if (bearerToken !== null) {
      try {
        request.user = await this.bearer!.authenticate(bearerToken);
      } catch (error) {
        // A public route answers anonymously rather than refuse a caller it does not need.
        if (!isPublic || !(error instanceof AppError) || error.status !== 401) throw error;
      }
    } else {
      await this.identifyBySession(context, request);
    }
    if (request.user?.disabled) {
      // A disabled account is anonymous on public routes (it may still see the sign-in page).
      request.user = undefined;
      request.accountDisabled = true;
      if (!isPublic) throw accountDisabled();
    }
    if (request.user) request.user.address = request.ip ?? null;
    if (!isPublic && !request.user)
      throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
    return true;
  }

  private async identifyBySession(context: ExecutionContext, request: AppRequest): Promise<void> {
    const token = (request.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
    if (!token) return;
    const session = await this.sessions.resolve(token);
    if (!session) return;
    request.user = session.user;
    request.sessionToken = token;
    if (session.renewed) {
      setSessionCookie(
        context.switchToHttp().getResponse<Response>(),
        this.config,
        token,
        session.expiresAt,
      );
    }
  }
}

export const accountDisabled = () =>
  new AppError(
    'ACCOUNT_DISABLED',
    'Your account has been disabled. Please ask your administrator.',
  );

/** The token of an `Authorization: Bearer <token>` header, or null. */
function bearerTokenOf(request: AppRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.get('authorization') ?? '');
  return match ? match[1]! : null;
}
