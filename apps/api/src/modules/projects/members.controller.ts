import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import {
  addProjectMemberRequestSchema,
  idParamSchema,
  type ProjectMemberResponse,
  type ProjectMembersResponse,
  type ProjectRole,
  type SuccessResponse,
  updateProjectMemberRequestSchema,
} from '@clearroom/contracts';
import type { AuthenticatedUser } from '../../common/request.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { MembersService } from './members.service.js';

/** A project's members: any member reads the list, owners change it. */
@Controller('projects/:id/members')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get()
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) id: number,
  ): Promise<ProjectMembersResponse> {
    return this.members.list(user, id);
  }

  @Post()
  async add(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) id: number,
    @Body({ schema: addProjectMemberRequestSchema }) body: { username: string; role: ProjectRole },
  ): Promise<ProjectMemberResponse> {
    return { member: await this.members.add(user, id, body.username, body.role) };
  }

  @Patch(':userId')
  async changeRole(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) id: number,
    @Param('userId', { schema: idParamSchema }) userId: number,
    @Body({ schema: updateProjectMemberRequestSchema }) body: { role: ProjectRole },
  ): Promise<ProjectMemberResponse> {
    return { member: await this.members.changeRole(user, id, userId, body.role) };
  }

  @Delete(':userId')
  async remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) id: number,
    @Param('userId', { schema: idParamSchema }) userId: number,
  ): Promise<SuccessResponse> {
    await this.members.remove(user, id, userId);
    return { success: true };
  }
}
