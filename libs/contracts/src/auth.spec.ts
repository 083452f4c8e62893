import { describe, expect, it } from 'vitest';
import { loginRequestSchema, registerRequestSchema, usernameKey } from './auth.js';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('auth request schemas', () => {
  it('makes one key of every spelling of a name: letter case, full-width letters, ligatures', () => {
    expect(usernameKey('Alice')).toBe('alice');
    expect(usernameKey('ＡＬＩＣＥ')).toBe('alice');
    expect(usernameKey('ﬃx')).toBe('ffix');
  });

  it.each([loginRequestSchema, registerRequestSchema])(
    'tells a missing username or password from one of the wrong type',
    (schema) => {
      expect(messages(schema.safeParse({}))).toEqual([
        'Username is required',
        'Password is required',
      ]);
      expect(messages(schema.safeParse({ username: 42, password: null }))).toEqual([
        'Username must be text',
        'Password must be text',
      ]);
    },
  );

  it.each([loginRequestSchema, registerRequestSchema])(
    'refuses a name whose key is longer than 64 characters, with one message',
    (schema) => {
      const password = 'long enough';
      expect(schema.safeParse({ username: `${'ﬃ'.repeat(21)}x`, password }).success).toBe(true);
      expect(messages(schema.safeParse({ username: 'ﬃ'.repeat(22), password }))).toEqual([
        'Username must be at most 64 characters once normalised (a ligature such as "ﬃ" counts as its letters)',
      ]);
      expect(messages(schema.safeParse({ username: 'x'.repeat(65), password }))).toEqual([
        'Username must be at most 64 characters',
      ]);
    },
  );
});
