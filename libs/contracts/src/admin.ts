import { z } from 'zod';
import type { ActivityEntry } from './activity.js';

/**
 * Instance administration (issue 17). Administrators: with local accounts, the first registered
 * user, and whoever an administrator promotes; with single sign-on, the users holding the realm
 * role `OIDC_ADMIN_ROLE` (default `clearroom-admin`) at their last sign-in. Administrators manage
 * accounts; they do not read projects they are not members of.
 */
export type AdminUser = {
  id: number;
  username: string;
  /** `local` accounts have a password; `oidc` ones were made at a first single sign-on. */
  source: 'local' | 'oidc';
  isAdmin: boolean;
  disabled: boolean;
  createdAt: string;
  /** Projects the user is a member of. */
  projectCount: number;
};

/** `GET /api/admin/users` (administrators; others 403): by username. */
export type AdminUsersResponse = { users: AdminUser[] };

/**
 * `PATCH /api/admin/users/:id` (administrators): disable or re-enable an account (a disabled
 * account's sessions, bearer tokens and signed URLs stop working at once; sign-in answers 401
 * ACCOUNT_DISABLED), or, with local accounts, grant or withdraw administration. An administrator
 * cannot disable or demote themselves (400). With single sign-on `admin` is refused (400: the
 * realm role decides).
 */
export const updateAdminUserRequestSchema = z
  .strictObject({
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
    admin: z.boolean({ error: 'admin must be true or false' }).optional(),
  })
  .refine((body) => body.disabled !== undefined || body.admin !== undefined, {
    message: 'Nothing to update: send disabled or admin',
  });
export type UpdateAdminUserRequest = z.input<typeof updateAdminUserRequestSchema>;
export type AdminUserResponse = { user: AdminUser };

/**
 * `GET /api/admin/deleted-projects` (administrators): the tombstones of deleted projects (action
 * `project.deleted`, `details`: `{ name, documentCount }`), newest first, at most 500.
 */
export type DeletedProjectsResponse = { entries: ActivityEntry[] };
