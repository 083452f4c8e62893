import { Module } from '@nestjs/common';
import { VersionedJson } from '../../common/versioned-json.js';
import { ActivityModule } from '../activity/activity.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { AccessRevocations } from './access-revocations.js';
import { ActivityController } from './activity.controller.js';
import { MembersController } from './members.controller.js';
import { MembersService } from './members.service.js';
import { ProjectAccess } from './project-access.service.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsRepository } from './projects.repository.js';
import { ProjectsService } from './projects.service.js';

@Module({
  imports: [AuthModule, ActivityModule],
  controllers: [ProjectsController, MembersController, ActivityController],
  providers: [
    ProjectsService,
    ProjectsRepository,
    ProjectAccess,
    MembersService,
    AccessRevocations,
    VersionedJson,
  ],
  exports: [ProjectsService, ProjectAccess, AccessRevocations, MembersService, ActivityModule],
})
export class ProjectsModule {}
