import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { DocumentReader } from './document-reader.service.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsService } from './documents.service.js';
import { FileServingService } from './file-serving.service.js';
import { FileUrlSigner } from './file-url-signer.js';
import { UploadIntakeService } from './upload-intake.service.js';

/** Exports the read API (DocumentReader) only: other modules never write documents. */
@Module({
  imports: [AuthModule, ProjectsModule],
  controllers: [DocumentsController],
  providers: [
    DocumentReader,
    DocumentsService,
    UploadIntakeService,
    FileServingService,
    FileUrlSigner,
  ],
  exports: [DocumentReader],
})
export class DocumentsModule {}
