import { defineEntity, p } from '@mikro-orm/core';

/** Failed sign-ins counted per key ("user:<name>" or "ip:<address>") within a window. */
const LoginThrottleSchema = defineEntity({
  name: 'LoginThrottle',
  tableName: 'login_throttles',
  properties: {
    key: p.string().length(191).primary(),
    failures: p.integer(),
    windowStartedAt: p.datetime(),
  },
});

export class LoginThrottle extends LoginThrottleSchema.class {}
LoginThrottleSchema.setClass(LoginThrottle);
export { LoginThrottleSchema };
