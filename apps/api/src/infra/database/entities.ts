import { LoginThrottleSchema } from '../../modules/auth/login-throttle.entity.js';
import { SessionSchema } from '../../modules/auth/session.entity.js';
import { UserSchema } from '../../modules/auth/user.entity.js';
import { ProjectSchema } from '../../modules/projects/project.entity.js';

/** Every entity of the relational schema; the migrations create exactly these tables. */
export const entities = [UserSchema, SessionSchema, LoginThrottleSchema, ProjectSchema];
