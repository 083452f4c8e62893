import { Module } from '@nestjs/common';
import { VersionedJson } from '../../common/versioned-json.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardService } from './dashboard.service.js';

@Module({
  imports: [ProjectsModule, DocumentsModule],
  controllers: [DashboardController],
  providers: [DashboardService, VersionedJson],
})
export class DashboardModule {}
