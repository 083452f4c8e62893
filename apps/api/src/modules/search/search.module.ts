import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { SearchController } from './search.controller.js';
import { SearchService } from './search.service.js';

@Module({
  imports: [ProjectsModule, DocumentsModule],
  controllers: [SearchController],
  providers: [SearchService],
  exports: [SearchService],
})
export class ProjectSearchModule {}
