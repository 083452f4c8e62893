import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import {
  loginRequestSchema,
  type LoginRequest,
  registerRequestSchema,
  type RegisterRequest,
  type SuccessResponse,
  type UserResponse,
} from '@clearroom/contracts';
import type { Response } from 'express';
import { AppError } from '../../common/app-error.js';
import type { AppRequest } from '../../common/request.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AuthService } from './auth.service.js';
import { Public } from './public.decorator.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';
import { SessionService } from './session.service.js';

@Public()
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('register')
  async register(
    @Body({ schema: registerRequestSchema }) body: RegisterRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UserResponse> {
    const user = await this.auth.register(body);
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
    const user = await this.auth.login(body, request.ip ?? 'unknown');
    if (request.sessionToken) await this.sessions.destroy(request.sessionToken);
    await this.startSession(response, user.id);
    return { user };
  }

  @Post('logout')
  @HttpCode(200)
  async logout(
    @Req() request: AppRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SuccessResponse> {
    if (request.sessionToken) await this.sessions.destroy(request.sessionToken);
    clearSessionCookie(response, this.config);
    return { success: true };
  }

  @Get('user')
  user(@Req() request: AppRequest): UserResponse {
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Not signed in');
    return { user: { id: request.user.id, username: request.user.username } };
  }

  private async startSession(response: Response, userId: number): Promise<void> {
    const { token, expiresAt } = await this.sessions.create(userId);
    setSessionCookie(response, this.config, token, expiresAt);
  }
}
