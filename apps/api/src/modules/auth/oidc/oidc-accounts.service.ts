import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable } from '@nestjs/common';
import { usernameKey } from '@clearroom/contracts';
import { AppError } from '../../../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { User } from '../../../infra/identity/identity.port.js';
import type { ProviderIdentity } from './provider-identity.js';

/**
 * Accounts of people who sign in through the identity provider, keyed by its subject (`sub`).
 *
 * First sign-in creates the account under `preferred_username`, or adopts a local account of that
 * name that no provider user has claimed yet (what an installation switching from passwords to
 * Keycloak wants: people keep their projects). Later sign-ins follow a rename in Keycloak and keep
 * the realm roles current.
 */
@Injectable()
export class OidcAccounts {
  constructor(
    private readonly em: SqlEntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The account's id, created or updated to match the identity. */
  async upsert(identity: ProviderIdentity): Promise<number> {
    try {
      return await this.apply(identity);
    } catch (error) {
      // The same person's first two requests at once (two bearer calls): the other one created it.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      return this.apply(identity);
    }
  }

  private apply(identity: ProviderIdentity): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      const key = usernameKey(identity.username);
      const linked = await em.findOne(User, { oidcSubject: identity.subject });
      const named =
        linked?.usernameKey === key ? linked : await em.findOne(User, { usernameKey: key });
      if (named && named !== linked && named.oidcSubject !== null) {
        throw new AppError(
          'USERNAME_TAKEN',
          `The username "${identity.username}" already belongs to another single sign-on account on ` +
            'this server. Please ask your administrator.',
        );
      }
      if (linked && named && named !== linked) {
        throw new AppError(
          'USERNAME_TAKEN',
          `Your username changed to "${identity.username}", which another account on this server ` +
            'already uses. Please ask your administrator.',
        );
      }
      const user =
        linked ??
        named ??
        em.create(User, { username: identity.username, usernameKey: key, passwordHash: null });
      user.oidcSubject = identity.subject;
      user.username = identity.username;
      user.usernameKey = key;
      if (!sameRoles(user.roles, identity.roles)) user.roles = identity.roles;
      // The realm role OIDC_ADMIN_ROLE makes an administrator, as of this sign-in.
      const isAdmin = identity.roles.includes(this.config.auth.adminRole);
      if (user.isAdmin !== isAdmin) user.isAdmin = isAdmin;
      await em.flush();
      return user.id;
    });
  }
}

const sameRoles = (stored: string[] | null | undefined, roles: string[]) =>
  !!stored && stored.length === roles.length && stored.every((role, i) => role === roles[i]);
