import { hasInvisibleCharacters, USERNAME_MAX_LENGTH } from '@clearroom/contracts';
import { AppError } from '../../../common/app-error.js';

/** Who the provider says signed in, as Clearroom keeps it. */
export type ProviderIdentity = {
  subject: string;
  username: string;
  /** Realm roles (`realm_access.roles`), sorted, without duplicates. */
  roles: string[];
  /** The provider's session id, when it sends one (Keycloak does, in the ID token). */
  sid: string | null;
};

type Claims = Record<string, unknown>;

/**
 * Reads the identity from every claim set the provider gave. `primary` (the ID token, or a bearer
 * access token) names the subject and session; the username comes from userinfo first (the
 * freshest), then `primary`, then the access token; realm roles from all of them, since Keycloak
 * puts them in the access token by default and in the ID token or userinfo only when a mapper says so.
 */
export function identityFrom(
  primary: Claims,
  extra: { userinfo?: Claims | null; accessToken?: Claims | null } = {},
): ProviderIdentity {
  const sets = [extra.userinfo, primary, extra.accessToken].filter((set): set is Claims => !!set);
  const subject = text(primary['sub']);
  if (!subject)
    throw new AppError('UNAUTHENTICATED', 'The identity provider sent no subject (sub)');
  const preferred = sets.map((set) => text(set['preferred_username'])).find(Boolean);
  if (!preferred) {
    throw new AppError(
      'FORBIDDEN',
      'The identity provider sent no preferred_username for this account: request the profile ' +
        'scope (OIDC_SCOPES) or add a username mapper to the client in Keycloak.',
    );
  }
  return {
    subject,
    username: checkedUsername(preferred),
    roles: [...new Set(sets.flatMap(realmRoles))].sort(),
    sid: text(primary['sid']) ?? null,
  };
}

function checkedUsername(name: string): string {
  const username = name.trim();
  // The same rules as a registered username (libs/contracts auth.ts).
  if (
    username.length > USERNAME_MAX_LENGTH ||
    // eslint-disable-next-line no-control-regex
    !/^[^\s\u0000-\u001f\u007f]+$/.test(username) ||
    hasInvisibleCharacters(username)
  ) {
    throw new AppError(
      'FORBIDDEN',
      `Your identity provider username "${username.slice(0, 80)}" cannot be used here: it must be ` +
        `at most ${USERNAME_MAX_LENGTH} characters, without spaces, control or invisible characters.`,
    );
  }
  return username;
}

function realmRoles(claims: Claims): string[] {
  const access = claims['realm_access'];
  if (typeof access !== 'object' || access === null) return [];
  const roles = (access as { roles?: unknown }).roles;
  return Array.isArray(roles)
    ? roles.filter((role): role is string => typeof role === 'string')
    : [];
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;
