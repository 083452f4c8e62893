import { SqlEntityManager } from '@mikro-orm/sql';
import {
  Inject,
  Logger,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  type OnApplicationBootstrap,
  RequestMethod,
} from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { urlencoded } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { DataVersionService } from './data-version.service.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { BearerAuthenticator } from './oidc/bearer-authenticator.js';
import { LoginStateCookie } from './oidc/login-state.cookie.js';
import { OidcAccounts } from './oidc/oidc-accounts.service.js';
import { OidcSessionTokens } from './oidc/oidc-session-tokens.js';
import { OidcController } from './oidc/oidc.controller.js';
import { SessionCleanup } from './session-cleanup.js';
import { SESSION_STORE, type SessionStore } from '../../infra/session-store/session-store.port.js';
import { SINGLE_SIGN_ON, type SingleSignOn } from '../../infra/identity/identity.port.js';
import { SessionGuard } from './session.guard.js';
import { SessionService } from './session.service.js';
import { TokenSealer } from './token-sealer.js';

/** Single sign-on pieces: each is null when AUTH_DRIVER=local. */
const whenOidc =
  <T>(make: (client: SingleSignOn) => T) =>
  (client: SingleSignOn | null) =>
    client ? make(client) : null;

@Module({
  controllers: [AuthController, OidcController],
  providers: [
    AuthService,
    SessionService,
    LoginThrottleService,
    SessionCleanup,
    DataVersionService,
    OidcAccounts,
    {
      provide: OidcSessionTokens,
      useFactory: (client: SingleSignOn | null, store: SessionStore) =>
        whenOidc(
          (oidc) =>
            new OidcSessionTokens(
              oidc,
              new TokenSealer(oidc.settings.clientSecret, 'session tokens'),
              store,
            ),
        )(client),
      inject: [SINGLE_SIGN_ON, SESSION_STORE],
    },
    {
      provide: LoginStateCookie,
      useFactory: (client: SingleSignOn | null, config: AppConfig) =>
        whenOidc(
          (oidc) =>
            new LoginStateCookie(
              new TokenSealer(oidc.settings.clientSecret, 'login state'),
              config,
            ),
        )(client),
      inject: [SINGLE_SIGN_ON, APP_CONFIG],
    },
    {
      provide: BearerAuthenticator,
      useFactory: (client: SingleSignOn | null, accounts: OidcAccounts, em: SqlEntityManager) =>
        whenOidc((oidc) => new BearerAuthenticator(oidc, accounts, em))(client),
      inject: [SINGLE_SIGN_ON, OidcAccounts, SqlEntityManager],
    },
    { provide: APP_GUARD, useClass: SessionGuard },
  ],
  exports: [DataVersionService, SessionService],
})
export class AuthModule implements NestModule, OnApplicationBootstrap {
  private readonly logger = new Logger('AuthModule');

  constructor(@Inject(SINGLE_SIGN_ON) private readonly oidc: SingleSignOn | null) {}

  /** Keycloak's back-channel logout posts a form; the app otherwise parses JSON only. */
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(urlencoded({ extended: false, limit: '16kb' }))
      .forRoutes({ path: 'auth/oidc/backchannel-logout', method: RequestMethod.POST });
  }

  onApplicationBootstrap(): void {
    if (!this.oidc) return;
    if (this.oidc.settings.issuerUrl.startsWith('http:')) {
      this.logger.warn(
        'OIDC_ISSUER_URL uses plain HTTP: tokens and the client secret travel unencrypted. ' +
          'Use it only inside the cluster network.',
      );
    }
    // Discover now so that the first sign-in is quick; a failure is retried on first use.
    this.oidc.discover().catch((error: unknown) => {
      this.logger.warn(
        { err: error },
        `The identity provider at ${this.oidc!.settings.issuerUrl} does not answer yet; sign-in will retry`,
      );
    });
  }
}
