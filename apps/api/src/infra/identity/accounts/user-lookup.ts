import type { SqlEntityManager } from '@mikro-orm/sql';
import type { AuthenticatedUser } from '../../../common/request.js';

/** One primary-key read, written out once: it runs on every request that is not a database session. */
const USER_LOOKUP = 'select id, username, data_version, is_admin, disabled from users where id = ?';
type UserRow = {
  id: number;
  username: string;
  data_version: number | string;
  is_admin: number | boolean;
  disabled: number | boolean;
};

/** The user as a request sees it (with its current data version), or null when it is gone. */
export async function findAuthenticatedUser(
  em: SqlEntityManager,
  id: number,
): Promise<AuthenticatedUser | null> {
  const row = (await em.getConnection().execute(USER_LOOKUP, [id], 'get')) as UserRow | undefined;
  return row
    ? {
        id: row.id,
        username: row.username,
        dataVersion: Number(row.data_version),
        isAdmin: Boolean(row.is_admin),
        disabled: Boolean(row.disabled),
      }
    : null;
}
