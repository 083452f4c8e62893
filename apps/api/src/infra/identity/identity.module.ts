import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { Argon2PasswordHasher } from './local/argon2.password-hasher.js';
import { PASSWORD_HASHER, SINGLE_SIGN_ON } from './identity.port.js';
import { OidcSingleSignOn } from './oidc/oidc.single-sign-on.js';

/**
 * Provides PASSWORD_HASHER (local accounts, always: the first administrator may sign in with a
 * password) and SINGLE_SIGN_ON: the OpenID Connect adapter when AUTH_DRIVER=oidc, else null.
 */
@Global()
@Module({})
export class IdentityModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: IdentityModule,
      providers: [
        { provide: PASSWORD_HASHER, useClass: Argon2PasswordHasher },
        {
          provide: SINGLE_SIGN_ON,
          useFactory: () => (config.auth.oidc ? new OidcSingleSignOn(config.auth.oidc) : null),
        },
      ],
      exports: [PASSWORD_HASHER, SINGLE_SIGN_ON],
    };
  }
}
