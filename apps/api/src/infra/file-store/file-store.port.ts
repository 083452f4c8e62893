import type { Readable, Writable } from 'node:stream';
import type { HealthProbe } from '../../common/health-probe.js';

/** An upload being received: bytes go to `stream`; `id` names it to commit or discard it. */
export type IncomingFile = { id: string; stream: Writable };

/**
 * Uploaded files, stored under generated names (a UUID and a short extension); nothing a request
 * sends is ever a path. Uploads are received under a temporary id and committed once accepted, so
 * a half-received file is never mistaken for a stored one.
 */
export interface FileStore extends HealthProbe {
  createIncoming(): IncomingFile;
  /** Moves an accepted upload into place under a new generated name, which it returns. */
  commit(incomingId: string, extension: string): Promise<string>;
  discardIncoming(incomingId: string): Promise<void>;
  /** The stored file's bytes. */
  openRead(storedName: string): Readable;
  exists(storedName: string): Promise<boolean>;
  remove(storedName: string): Promise<void>;
  /**
   * A path on this machine holding the file (stored name or incoming id), for the readers that
   * need random access: type detection, the extractor's parse processes and HTTP range serving.
   */
  pathOf(name: string): string;
}

export const FILE_STORE = Symbol('FILE_STORE');

/** Stored names are ours alone: a UUID and a short extension. */
const STORED_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,5})?$/;

export const isStoredName = (name: string): boolean => STORED_NAME.test(name);
