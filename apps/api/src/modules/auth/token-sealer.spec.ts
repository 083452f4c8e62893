import { describe, expect, it } from '@jest/globals';
import { TokenSealer } from './token-sealer.js';

const SECRET = 'a-client-secret-of-32-characters';

describe('TokenSealer', () => {
  const sealer = new TokenSealer(SECRET, 'session tokens');
  const tokens = { refreshToken: 'rt-123', idToken: 'eyJ.id.token', accessTokenExpiresAt: 1 };

  it('opens what it sealed for the same context, without showing the value', () => {
    const sealed = sealer.seal(tokens, 'session-a');
    expect(sealed).toMatch(/^v1\.[\w-]+$/);
    expect(sealed).not.toContain('rt-123');
    expect(sealer.open(sealed, 'session-a')).toEqual(tokens);
    expect(sealer.seal(tokens, 'session-a')).not.toBe(sealed);
  });

  it('is opened by another replica with the same secret', () => {
    const sealed = sealer.seal(tokens, 'session-a');
    expect(new TokenSealer(SECRET, 'session tokens').open(sealed, 'session-a')).toEqual(tokens);
  });

  it.each([
    ['another context (moved to another session)', (s: string) => sealer.open(s, 'session-b')],
    ['another purpose', (s: string) => new TokenSealer(SECRET, 'login state').open(s, 'session-a')],
    [
      'another secret',
      (s: string) => new TokenSealer(`${SECRET}!`, 'session tokens').open(s, 'session-a'),
    ],
    [
      'an altered value',
      (s: string) => sealer.open(`${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`, 'session-a'),
    ],
    ['something else', () => sealer.open('v1.short', 'session-a')],
  ])('refuses %s: null', (_case, open) => {
    expect(open(sealer.seal(tokens, 'session-a'))).toBeNull();
  });
});
