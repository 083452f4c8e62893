import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { ProjectSearchModule } from '../search/search.module.js';
import { AskRepository } from './ask.repository.js';
import { AskService } from './ask.service.js';
import { ChatSessionsService } from './chat-sessions.service.js';
import { ClauseEvidenceReader } from '../clauses/clause-evidence.reader.js';
import { ClauseAnswerService } from './clause-answers.service.js';
import { PassageRetriever } from './passage-retriever.js';
import { QaController } from './qa.controller.js';

@Module({
  imports: [ProjectsModule, DocumentsModule, ProjectSearchModule],
  controllers: [QaController],
  providers: [
    ChatSessionsService,
    AskService,
    AskRepository,
    PassageRetriever,
    ClauseAnswerService,
    ClauseEvidenceReader,
  ],
})
export class QaModule {}
