import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { AppError } from '../../common/app-error.js';
import type { AppRequest } from '../../common/request.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { IS_PUBLIC } from './public.decorator.js';
import { SESSION_COOKIE, setSessionCookie } from './session-cookie.js';
import { SessionService } from './session.service.js';

/** Global guard: identifies the caller from the session cookie; every route needs one unless @Public. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AppRequest>();
    const token = (request.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
    if (token) {
      const session = await this.sessions.resolve(token);
      if (session) {
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
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!isPublic && !request.user)
      throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
    return true;
  }
}
