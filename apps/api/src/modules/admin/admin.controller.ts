import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import {
  type AdminUserResponse,
  type AdminUsersResponse,
  type DeletedProjectsResponse,
  idParamSchema,
  updateAdminUserRequestSchema,
  type UpdateAdminUserRequest,
} from '@clearroom/contracts';
import type { AuthenticatedUser } from '../../common/request.js';
import { ActivityLog } from '../activity/activity-log.service.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { AdminService } from './admin.service.js';

/** The users page of instance administrators (others: 403). */
@Controller('admin')
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly activity: ActivityLog,
  ) {}

  @Get('users')
  async users(@CurrentUser() user: AuthenticatedUser): Promise<AdminUsersResponse> {
    this.admin.assertAdmin(user);
    return { users: await this.admin.list() };
  }

  @Patch('users/:id')
  async update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) id: number,
    @Body({ schema: updateAdminUserRequestSchema }) body: UpdateAdminUserRequest,
  ): Promise<AdminUserResponse> {
    this.admin.assertAdmin(user);
    return { user: await this.admin.update(user, id, body) };
  }

  /** Tombstones of deleted projects: who deleted which, when, with how many documents. */
  @Get('deleted-projects')
  async deletedProjects(@CurrentUser() user: AuthenticatedUser): Promise<DeletedProjectsResponse> {
    this.admin.assertAdmin(user);
    return { entries: await this.activity.tombstones() };
  }
}
