import { Module } from '@nestjs/common';
import { VersionedJson } from '../../common/versioned-json.js';
import { AuthModule } from '../auth/auth.module.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsRepository } from './projects.repository.js';
import { ProjectsService } from './projects.service.js';

@Module({
  imports: [AuthModule],
  controllers: [ProjectsController],
  providers: [ProjectsService, ProjectsRepository, VersionedJson],
  exports: [ProjectsService],
})
export class ProjectsModule {}
