import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { ClauseModelModule } from './clause-model.module.js';
import { ClausesController } from './clauses.controller.js';
import { ClausesService } from './clauses.service.js';

/** The clauses API: what the clause model found in a project's documents. */
@Module({
  imports: [AuthModule, ProjectsModule, DocumentsModule, ClauseModelModule],
  controllers: [ClausesController],
  providers: [ClausesService],
})
export class ClausesModule {}
