import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../identity/accounts/user.entity.js';

const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    /** sha256 of the cookie token: a leaked database row cannot be replayed as a cookie. */
    id: p.string().length(64).primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime().index(),
    /** Single sign-on only: the identity provider's session id, for its back-channel logout. */
    oidcSid: p.string().length(255).nullable().index(),
    /** Single sign-on only: the provider's tokens, encrypted (see token-sealer.ts). */
    oidcData: p.text().nullable(),
  },
});

export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session);
export { SessionSchema };
