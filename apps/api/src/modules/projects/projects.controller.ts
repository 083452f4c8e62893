import { Body, Controller, Delete, Get, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  createProjectRequestSchema,
  type CreateProjectFields,
  idParamSchema,
  type ProjectResponse,
  type ProjectsResponse,
  type SuccessResponse,
  updateProjectRequestSchema,
  type UpdateProjectFields,
} from '@clearroom/contracts';
import type { AuthenticatedUser } from '../../common/request.js';
import { VersionedJson } from '../../common/versioned-json.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { ProjectsService } from './projects.service.js';

@Controller('projects')
export class ProjectsController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly versionedJson: VersionedJson,
  ) {}

  /** `{ projects }` the user is a member of, cached per user until their data changes. */
  @Get()
  async list(
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.versionedJson.send(
      request,
      response,
      `projects-${user.id}`,
      user.dataVersion,
      async (): Promise<ProjectsResponse> => ({ projects: await this.projects.list(user.id) }),
    );
  }

  @Post()
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @Body({ schema: createProjectRequestSchema }) body: CreateProjectFields,
  ): Promise<ProjectResponse> {
    return { project: await this.projects.create(user, body) };
  }

  @Patch(':id')
  async update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) id: number,
    @Body({ schema: updateProjectRequestSchema }) body: UpdateProjectFields,
  ): Promise<ProjectResponse> {
    return { project: await this.projects.update(user, id, body) };
  }

  @Delete(':id')
  async remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) id: number,
  ): Promise<SuccessResponse> {
    await this.projects.remove(user, id);
    return { success: true };
  }
}
