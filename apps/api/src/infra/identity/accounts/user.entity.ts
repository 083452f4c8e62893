import { defineEntity, p } from '@mikro-orm/core';

const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.integer().primary().autoincrement(),
    username: p.string().length(64),
    /** Case-folded username: makes "Alice" and "alice" the same account. */
    usernameKey: p.string().length(64).unique(),
    passwordHash: p.string().length(255).nullable(),
    /** The identity provider's `sub` for accounts made by single sign-on (null for local ones). */
    oidcSubject: p.string().length(255).nullable().unique(),
    /** The provider's realm roles at the last sign-in, kept for authorisation. */
    roles: p.json<string[]>().nullable(),
    createdAt: p.datetime(3).onCreate(() => new Date()),
    /**
     * Bumped in the same transaction as every change to the user's data; responses derived from
     * that data are cached and validated against it (see common/versioned-json.ts).
     */
    dataVersion: p.integer().default(0),
    /** Disabled by an administrator: no session, token or signed URL of theirs works. */
    disabled: p.boolean().default(false),
    /**
     * An instance administrator (issue 17): the first local account and whoever an administrator
     * promotes; with single sign-on, set at each sign-in from the realm role OIDC_ADMIN_ROLE.
     */
    isAdmin: p.boolean().default(false),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
export { UserSchema };
