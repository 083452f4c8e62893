import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsService } from './documents.service.js';
import { FileUrlSigner } from './file-url-signer.js';

@Module({
  imports: [AuthModule, ProjectsModule],
  controllers: [DocumentsController],
  providers: [DocumentsService, FileUrlSigner],
  exports: [DocumentsService],
})
export class DocumentsModule {}
