import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.js';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';

/** Instance administration: accounts (list, disable, re-enable, promote) and project tombstones. */
@Module({
  imports: [ProjectsModule],
  controllers: [AdminController],
  providers: [AdminService],
})
export class AdminModule {}
