import { Inject, Injectable } from '@nestjs/common';
import { FILE_STORE, type FileStore } from '../../infra/file-store/file-store.port.js';
import type { Document } from './document.entity.js';
import { DocumentReader } from './document-reader.service.js';

/** A stored file and what the viewer needs to send it. */
export type StoredFile = {
  documentId: number;
  path: string;
  originalName: string;
  mimeType: string;
  size: number;
};

/** Finds the file behind `/api/files/:filename` for a user, or for a signed URL's holder. */
@Injectable()
export class FileServingService {
  constructor(
    private readonly reader: DocumentReader,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /** The stored file, if the user may read it. */
  async findStoredFileOrThrow(ownerId: number, storedName: string): Promise<StoredFile> {
    return this.toStoredFile(await this.reader.requireOwnedStoredFile(ownerId, storedName));
  }

  /** The same, for a caller holding a signed URL instead of a session. */
  async findStoredFileByNameOrThrow(storedName: string): Promise<StoredFile> {
    return this.toStoredFile(await this.reader.requireStoredFile(storedName));
  }

  private toStoredFile(document: Document): StoredFile {
    return {
      documentId: document.id,
      path: this.files.pathOf(document.storedName),
      originalName: document.originalName,
      mimeType: document.mimeType,
      size: Number(document.size),
    };
  }
}
