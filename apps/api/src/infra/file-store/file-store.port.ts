import type { Readable, Writable } from 'node:stream';
import type { HealthProbe } from '../../common/health-probe.js';

/** An upload being received: bytes go to `stream`; `id` names it to commit or discard it. */
export type IncomingFile = { id: string; stream: Writable };

/** Bytes `start` to `end` of a file, both included (as HTTP ranges count them). */
export type ByteRange = { start: number; end: number };

/**
 * One stored file, for a reader that hands it on (ingestion to the extractor): its bytes as a
 * stream, or, for an adapter whose library or child process can only read a path (the embedded
 * extractor's parse processes, OCR), a local path that exists while `use` runs.
 */
export interface FileSource {
  /** The stored name, for logs. */
  readonly name: string;
  size(): Promise<number>;
  open(range?: ByteRange): Readable;
  /**
   * The local directory lends its own file; a store that keeps files elsewhere (object storage)
   * downloads it to a temporary file and removes that once `use` settles. Only adapters in infra/
   * call this: modules read streams.
   */
  withLocalPath<T>(use: (path: string) => Promise<T>): Promise<T>;
}

/**
 * Uploaded files, stored under generated names (a UUID and a short extension); nothing a request
 * sends is ever a path. Uploads are received under a temporary id and committed once accepted, so
 * a half-received file is never mistaken for a stored one. Files are read as streams, never as
 * paths, so that the files can live elsewhere than on this machine.
 */
export interface FileStore extends HealthProbe {
  createIncoming(): IncomingFile;
  /** The bytes of a received upload not committed yet (type detection reads them). */
  openIncoming(incomingId: string, range?: ByteRange): Readable;
  /** Moves an accepted upload into place under a new generated name, which it returns. */
  commit(incomingId: string, extension: string): Promise<string>;
  discardIncoming(incomingId: string): Promise<void>;
  /** The stored file's bytes, all of them or a range (HTTP range requests of the viewer). */
  openRead(storedName: string, range?: ByteRange): Readable;
  /** The stored file's size in bytes; rejects when there is no such file. */
  size(storedName: string): Promise<number>;
  /** The stored file, to hand on to a reader (the extractor). */
  source(storedName: string): FileSource;
  exists(storedName: string): Promise<boolean>;
  remove(storedName: string): Promise<void>;
}

export const FILE_STORE = Symbol('FILE_STORE');

/** Stored names are ours alone: a UUID and a short extension. */
const STORED_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,5})?$/;

export const isStoredName = (name: string): boolean => STORED_NAME.test(name);
