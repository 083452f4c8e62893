import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import {
  type ByteRange,
  FILE_STORE,
  type FileStore,
} from '../../infra/file-store/file-store.port.js';
import type { Document } from './document.entity.js';
import { DocumentReader, fileNotFound } from './document-reader.service.js';

/** A stored file and what the viewer needs to send it. */
export type StoredFile = {
  documentId: number;
  projectId: number;
  storedName: string;
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

  /** The file's size as stored (NOT_FOUND when its bytes are gone). */
  async sizeOrThrow(file: StoredFile): Promise<number> {
    return this.files.size(file.storedName).catch(() => {
      throw fileNotFound();
    });
  }

  /** The file's bytes, all or a range. */
  open(file: StoredFile, range?: ByteRange): Readable {
    return this.files.openRead(file.storedName, range);
  }

  private toStoredFile(document: Document): StoredFile {
    return {
      documentId: document.id,
      projectId: document.project.id,
      storedName: document.storedName,
      originalName: document.originalName,
      mimeType: document.mimeType,
      size: Number(document.size),
    };
  }
}
