import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { access, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  type ByteRange,
  type FileSource,
  type FileStore,
  type IncomingFile,
  isStoredName,
} from './file-store.port.js';
import { localFileSource } from './local-file-source.js';

const INCOMING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Files in one directory; uploads arrive in its `incoming/` folder and are renamed once accepted. */
export class LocalDirectoryFileStore implements FileStore {
  readonly health = null;
  private readonly incomingDir: string;

  constructor(private readonly dir: string) {
    this.incomingDir = path.join(dir, 'incoming');
    mkdirSync(this.incomingDir, { recursive: true });
  }

  /** The directory is this process's own: the data directory was checked at start. */
  async ping(): Promise<void> {
    await access(this.dir);
  }

  createIncoming(): IncomingFile {
    const id = randomUUID();
    return { id, stream: createWriteStream(this.incomingPath(id), { flags: 'wx' }) };
  }

  async commit(incomingId: string, extension: string): Promise<string> {
    const storedName = `${randomUUID()}${extension ? `.${extension}` : ''}`;
    await rename(this.incomingPath(incomingId), this.storedPath(storedName));
    return storedName;
  }

  async discardIncoming(incomingId: string): Promise<void> {
    await rm(this.incomingPath(incomingId), { force: true });
  }

  openIncoming(incomingId: string, range?: ByteRange): Readable {
    return createReadStream(this.incomingPath(incomingId), range);
  }

  openRead(storedName: string, range?: ByteRange): Readable {
    return createReadStream(this.storedPath(storedName), range);
  }

  async size(storedName: string): Promise<number> {
    return (await stat(this.storedPath(storedName))).size;
  }

  source(storedName: string): FileSource {
    return localFileSource(this.storedPath(storedName), storedName);
  }

  async exists(storedName: string): Promise<boolean> {
    return stat(this.storedPath(storedName)).then(
      () => true,
      () => false,
    );
  }

  async remove(storedName: string): Promise<void> {
    await rm(this.storedPath(storedName), { force: true });
  }

  private storedPath(storedName: string): string {
    if (!isStoredName(storedName)) throw new Error(`Not a stored file name: ${storedName}`);
    return path.join(this.dir, storedName);
  }

  private incomingPath(id: string): string {
    if (!INCOMING_ID.test(id)) throw new Error(`Not an incoming file id: ${id}`);
    return path.join(this.incomingDir, id);
  }
}
