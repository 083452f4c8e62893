import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { DataVersionService } from './data-version.service.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { PasswordHasher } from './password-hasher.js';
import { SessionCleanup } from './session-cleanup.js';
import { SessionGuard } from './session.guard.js';
import { SessionService } from './session.service.js';

@Module({
  controllers: [AuthController],
  providers: [
    AuthService,
    SessionService,
    LoginThrottleService,
    PasswordHasher,
    SessionCleanup,
    DataVersionService,
    { provide: APP_GUARD, useClass: SessionGuard },
  ],
  exports: [DataVersionService],
})
export class AuthModule {}
