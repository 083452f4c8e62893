import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

/** Stored names are ours alone: a UUID and a short extension. Nothing a request sends is a path. */
const STORED_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,5})?$/;

export const isStoredName = (name: string): boolean => STORED_NAME.test(name);

/**
 * Uploaded files in one directory (DATA_DIR/files; a shared volume in Kubernetes). Uploads are
 * written to a temporary name first and renamed once accepted, so a half-received file is never
 * mistaken for a stored one.
 */
@Injectable()
export class FileStore {
  private readonly dir: string;
  private readonly incomingDir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.dir = config.filesDir;
    this.incomingDir = path.join(config.filesDir, 'incoming');
    mkdirSync(this.incomingDir, { recursive: true });
  }

  /** A new temporary file to stream an upload into. */
  createIncoming(): { path: string; stream: WriteStream } {
    const file = path.join(this.incomingDir, randomUUID());
    return { path: file, stream: createWriteStream(file, { flags: 'wx' }) };
  }

  /** Moves an accepted upload into place under a new generated name, which it returns. */
  async commit(incomingPath: string, extension: string): Promise<string> {
    const storedName = `${randomUUID()}${extension ? `.${extension}` : ''}`;
    await rename(incomingPath, this.pathOf(storedName));
    return storedName;
  }

  pathOf(storedName: string): string {
    if (!isStoredName(storedName)) throw new Error(`Not a stored file name: ${storedName}`);
    return path.join(this.dir, storedName);
  }

  async exists(storedName: string): Promise<boolean> {
    return stat(this.pathOf(storedName)).then(
      () => true,
      () => false,
    );
  }

  async remove(storedName: string): Promise<void> {
    await rm(this.pathOf(storedName), { force: true });
  }

  async discardIncoming(incomingPath: string): Promise<void> {
    await rm(incomingPath, { force: true });
  }
}
