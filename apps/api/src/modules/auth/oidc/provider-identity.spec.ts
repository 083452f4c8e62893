import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../../common/app-error.js';
import { identityFrom } from './provider-identity.js';

describe('identityFrom', () => {
  const idToken = { sub: 'u-1', sid: 's-1', preferred_username: 'alice' };

  it('takes the subject and session from the primary claims, the username from userinfo first', () => {
    expect(
      identityFrom(idToken, {
        userinfo: { sub: 'u-1', preferred_username: 'alice.renamed' },
        accessToken: { preferred_username: 'stale' },
      }),
    ).toEqual({ subject: 'u-1', sid: 's-1', username: 'alice.renamed', roles: [] });
  });

  it('unites the realm roles of every claim set, sorted, once each', () => {
    const identity = identityFrom(
      { ...idToken, realm_access: { roles: ['b', 'a'] } },
      {
        userinfo: { realm_access: { roles: ['c', 'a'] } },
        accessToken: { realm_access: { roles: ['d', 42, null] } },
      },
    );
    expect(identity.roles).toEqual(['a', 'b', 'c', 'd']);
  });

  it('falls back to the access token for the username, and to no sid', () => {
    expect(identityFrom({ sub: 'u-2' }, { accessToken: { preferred_username: 'bot' } })).toEqual({
      subject: 'u-2',
      sid: null,
      username: 'bot',
      roles: [],
    });
  });

  it.each([
    [
      { sub: 'u-3' },
      'The identity provider sent no preferred_username for this account: request the profile scope (OIDC_SCOPES) or add a username mapper to the client in Keycloak.',
    ],
    [
      { sub: 'u-3', preferred_username: 'has space' },
      /^Your identity provider username "has space" cannot be used here/,
    ],
    [{ sub: 'u-3', preferred_username: 'x'.repeat(65) }, /at most 64 characters/],
    [{ sub: 'u-3', preferred_username: 'bob\u202eadmin' }, /without spaces, control or invisible/],
    [{ preferred_username: 'nobody' }, 'The identity provider sent no subject (sub)'],
  ])('refuses %j with a message that says why', (claims, message) => {
    let error: unknown;
    try {
      identityFrom(claims);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    if (typeof message === 'string') expect((error as Error).message).toBe(message);
    else expect((error as Error).message).toMatch(message);
  });
});
