import type { SqlEntityManager } from '@mikro-orm/sql';
import type { AuthenticatedUser } from '../../../common/request.js';
import { AppError } from '../../../common/app-error.js';
import { findAuthenticatedUser, type SingleSignOn } from '../../../infra/identity/identity.port.js';
import type { OidcAccounts } from './oidc-accounts.service.js';
import { identityFrom, type ProviderIdentity } from './provider-identity.js';

/** Identities already written to the database, so that a steady stream of calls writes nothing. */
const MAX_REMEMBERED = 10_000;

/**
 * Signs in a request that carries `Authorization: Bearer <Keycloak access token>` (automation,
 * load tests): the token is verified, the account is created or updated as at a browser sign-in,
 * and nothing is stored client-side (no cookie). Per request: one signature check and one
 * primary-key read; the account is written only when the token's username or roles differ from
 * what this process last wrote.
 */
export class BearerAuthenticator {
  private readonly written = new Map<string, { userId: number; fingerprint: string }>();

  constructor(
    private readonly sso: SingleSignOn,
    private readonly accounts: OidcAccounts,
    private readonly em: SqlEntityManager,
  ) {}

  async authenticate(token: string): Promise<AuthenticatedUser> {
    const identity = identityFrom(await this.sso.verifyAccessToken(token));
    const fingerprint = JSON.stringify([identity.username, identity.roles]);
    const known = this.written.get(identity.subject);
    const userId =
      known?.fingerprint === fingerprint ? known.userId : await this.write(identity, fingerprint);
    const user = await findAuthenticatedUser(this.em, userId);
    if (user) return user;
    // Deleted since this process wrote it: write it again.
    const recreated = await findAuthenticatedUser(this.em, await this.write(identity, fingerprint));
    if (!recreated) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
    return recreated;
  }

  private async write(identity: ProviderIdentity, fingerprint: string): Promise<number> {
    const userId = await this.accounts.upsert(identity);
    this.remember(identity.subject, { userId, fingerprint });
    return userId;
  }

  private remember(subject: string, entry: { userId: number; fingerprint: string }): void {
    this.written.delete(subject);
    this.written.set(subject, entry);
    if (this.written.size > MAX_REMEMBERED) {
      this.written.delete(this.written.keys().next().value!);
    }
  }
}
