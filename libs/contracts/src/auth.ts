import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from './constants.js';
import { hasInvisibleCharacters, noControlCharacters } from './text.js';

/**
 * The key that makes "Alice", "ALICE" and "ａｌｉｃｅ" one account: NFKC, then lower case. It can be
 * longer than the name as typed ("ﬃ" becomes "ffi"), and it is what the database stores.
 */
export const usernameKey = (username: string) => username.normalize('NFKC').toLowerCase();

/** A missing field is "required"; a value of another type (a number, null) is "must be text". */
const requiredText = (label: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined ? `${label} is required` : `${label} must be text`,
  });

const usernameTooLong = `Username must be at most ${USERNAME_MAX_LENGTH} characters`;

/**
 * A username as sent: required, trimmed, and short enough both as typed and as its key (see
 * {@link usernameKey}), which must fit the stored column.
 */
const usernameField = () =>
  requiredText('Username')
    .trim()
    .min(1, { message: 'Username is required', abort: true })
    .refine(...noControlCharacters('Username', 'single-line'))
    .max(USERNAME_MAX_LENGTH, { message: usernameTooLong, abort: true })
    .refine((name) => usernameKey(name).length <= USERNAME_MAX_LENGTH, {
      message: `${usernameTooLong} once normalised (a ligature such as "ﬃ" counts as its letters)`,
      abort: true,
    });

export const loginRequestSchema = z.strictObject({
  username: usernameField(),
  password: requiredText('Password')
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const invisibleCharactersMessage =
  'Username cannot contain invisible characters or text-direction controls ' +
  '(such as a zero-width space or a right-to-left override): type it with visible characters only';

/**
 * Registration also refuses spaces and invisible characters, so that no two names look alike.
 * (Sign-in checks neither: an account made before a rule existed can still sign in.)
 */
export const registerRequestSchema = z.strictObject({
  username: usernameField()
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\s\u0000-\u001f\u007f]+$/, 'Username cannot contain spaces or control characters')
    .refine((name) => !hasInvisibleCharacters(name), invisibleCharactersMessage),
  password: requiredText('Password')
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** An instance administrator (issue 17): may open the users page (`/api/admin/*`). */
  isAdmin: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

export const successResponseSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successResponseSchema>;

/** How people sign in on this server: local accounts, or single sign-on through an OpenID provider. */
export const authConfigResponseSchema = z.object({ mode: z.enum(['local', 'oidc']) });
export type AuthConfigResponse = z.infer<typeof authConfigResponseSchema>;
export type AuthMode = AuthConfigResponse['mode'];

/**
 * Logout: the server has ended its session. With single sign-on, `redirectUrl` is the identity
 * provider's end-session address, which the browser opens to end the provider's session too.
 */
export const logoutResponseSchema = z.object({
  success: z.literal(true),
  redirectUrl: z.url().optional(),
});
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** Where to land after single sign-on: a path on this site only (never another origin). */
export const oidcLoginQuerySchema = z.strictObject({
  returnTo: z
    .string()
    .regex(
      // eslint-disable-next-line no-control-regex
      /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]*$/,
      'returnTo must be a path on this site, such as /dashboard',
    )
    .max(2000, 'returnTo must be at most 2000 characters')
    .optional(),
});
export type OidcLoginQuery = z.infer<typeof oidcLoginQuerySchema>;
