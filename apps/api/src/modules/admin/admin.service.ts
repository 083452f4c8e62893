import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable } from '@nestjs/common';
import type { AdminUser, UpdateAdminUserRequest } from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';
import type { AuthenticatedUser } from '../../common/request.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { User } from '../../infra/identity/identity.port.js';
import { AccessRevocations } from '../projects/access-revocations.js';

type UserRow = {
  id: number;
  username: string;
  password_hash: string | null;
  oidc_subject: string | null;
  is_admin: number | boolean;
  disabled: number | boolean;
  created_at: Date | string | number;
  project_count: number | string;
};

const USERS =
  'select u.id, u.username, u.password_hash, u.oidc_subject, u.is_admin, u.disabled, u.created_at, ' +
  '(select count(*) from project_members m where m.user_id = u.id) as project_count from users u';

function toDto(row: UserRow): AdminUser {
  const at = row.created_at;
  return {
    id: Number(row.id),
    username: row.username,
    source: row.oidc_subject !== null || row.password_hash === null ? 'oidc' : 'local',
    isAdmin: Boolean(row.is_admin),
    disabled: Boolean(row.disabled),
    createdAt: (at instanceof Date
      ? at
      : new Date(typeof at === 'number' || /^\d+$/.test(at) ? Number(at) : at)
    ).toISOString(),
    projectCount: Number(row.project_count),
  };
}

/**
 * Instance administration (issue 17): the accounts, and turning them off and on. Nothing here
 * reads a project: administrators see only the projects they are members of, like anyone.
 */
@Injectable()
export class AdminService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly revocations: AccessRevocations,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  assertAdmin(user: AuthenticatedUser): void {
    if (!user.isAdmin) {
      throw new AppError('FORBIDDEN', 'Only administrators can manage users');
    }
  }

  async list(): Promise<AdminUser[]> {
    const rows = await this.em
      .getConnection()
      .execute<UserRow[]>(`${USERS} order by u.username_key`);
    return rows.map(toDto);
  }

  async update(
    admin: AuthenticatedUser,
    userId: number,
    changes: UpdateAdminUserRequest,
  ): Promise<AdminUser> {
    const em = this.em.fork();
    const user = await em.findOne(User, userId);
    if (!user) throw new AppError('NOT_FOUND', 'User not found');
    if (userId === admin.id && (changes.disabled === true || changes.admin === false)) {
      throw new AppError(
        'VALIDATION_FAILED',
        'You cannot disable your own account or remove your own administrator rights: ask another administrator',
      );
    }
    if (changes.admin !== undefined) {
      if (this.config.auth.driver === 'oidc') {
        throw new AppError(
          'VALIDATION_FAILED',
          `With single sign-on, administrators are those with the realm role "${this.config.auth.adminRole}": change it in the identity provider`,
        );
      }
      user.isAdmin = changes.admin;
    }
    if (changes.disabled !== undefined) user.disabled = changes.disabled;
    await em.flush();
    // Their sessions, tokens and signed URLs fail from the next request; open streams end now.
    if (user.disabled) this.revocations.revoke(userId, null);
    const [row] = await em.getConnection().execute<UserRow[]>(`${USERS} where u.id = ?`, [userId]);
    return toDto(row!);
  }
}
