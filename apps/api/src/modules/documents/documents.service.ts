import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { ProjectFile } from '@clearroom/contracts';
import { FILE_STORE, type FileStore } from '../../infra/file-store/file-store.port.js';
import { SEARCH_INDEX, type SearchIndex } from '../../infra/search-index/search-index.port.js';
import { DataVersionService } from '../auth/data-version.service.js';
import { ProjectAccess } from '../projects/project-access.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import { Document } from './document.entity.js';
import { DocumentReader } from './document-reader.service.js';

/**
 * A project's documents as its owner manages them: the list, deleting one, and removing the
 * files and index entries of a deleted project. Upload intake, file serving and the read API of
 * other modules are services of their own beside this one.
 */
@Injectable()
export class DocumentsService implements OnModuleInit {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly projects: ProjectsService,
    private readonly access: ProjectAccess,
    private readonly reader: DocumentReader,
    @Inject(FILE_STORE) private readonly files: FileStore,
    private readonly dataVersion: DataVersionService,
    @Inject(SEARCH_INDEX) private readonly searchIndex: SearchIndex,
  ) {}

  onModuleInit(): void {
    this.projects.onProjectDeleted(async (projectId) => {
      const storedNames = await this.reader.storedNamesIn(projectId);
      return async () => {
        await this.searchIndex.deleteProject(projectId);
        await Promise.all(storedNames.map((name) => this.files.remove(name)));
      };
    });
  }

  /** Newest first; any member. */
  async list(userId: number, projectId: number): Promise<ProjectFile[]> {
    await this.access.require({ id: userId }, projectId, 'read');
    return this.reader.filesOf(projectId);
  }

  /** Editors and owners; answers the deleted document (for the activity log). */
  async remove(userId: number, documentId: number): Promise<Document> {
    await this.access.requireForDocument({ id: userId }, documentId, 'deleteDocuments');
    const document = await this.reader.requireOwnedDocument(userId, documentId);
    await this.em.fork().transactional(async (em) => {
      await em.nativeDelete(Document, { id: document.id });
      await this.dataVersion.bumpProjectMembers(em, document.project.id);
    });
    await this.searchIndex.deleteDocument(document.id);
    await this.files.remove(document.storedName);
    return document;
  }
}
