import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { FileStore } from '../../../infra/file-store/file-store.js';

/** One file part of a multipart upload, as received (nothing about its content judged yet). */
export type ReceivedPart =
  | { kind: 'file'; originalName: string; size: number; sha256: string; incomingPath: string }
  | { kind: 'empty'; originalName: string }
  | { kind: 'too-large'; originalName: string; size: number }
  | { kind: 'too-many'; originalName: string; size: number };

export type UploadLimits = { maxFileBytes: number; maxFiles: number };

export const UPLOAD_FIELD = 'files';

/**
 * Streams each `files` part of a multipart request to the file store, hashing it on the way; no
 * whole file is ever held in memory. Parts are handed to `onPart` one at a time, in order, while
 * the next one streams in. A dropped connection rejects, and the part being received is removed.
 */
export function receiveUploads(
  request: IncomingMessage,
  limits: UploadLimits,
  fileStore: FileStore,
  onPart: (part: ReceivedPart) => Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let handled = Promise.resolve();
    let fileCount = 0;
    let failed = false;
    const incoming = new Set<string>();
    const parser = busboy({
      headers: request.headers,
      defParamCharset: 'utf8',
      limits: { fileSize: limits.maxFileBytes, fields: 20, fieldSize: 4096 },
    });

    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      request.unpipe(parser);
      // Whatever was still streaming in is incomplete: it must not survive.
      for (const path of incoming) void fileStore.discardIncoming(path);
      handled.then(() => reject(error), reject);
    };

    parser.on('file', (field, stream, info) => {
      const originalName = info.filename ?? '';
      if (field !== UPLOAD_FIELD || !originalName) {
        stream.resume();
        return;
      }
      fileCount += 1;
      if (fileCount > limits.maxFiles) {
        let size = 0;
        stream.on('data', (chunk: Buffer) => (size += chunk.length));
        stream.on('end', () => {
          handled = handled.then(() => onPart({ kind: 'too-many', originalName, size }));
        });
        return;
      }
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      const target = fileStore.createIncoming();
      incoming.add(target.path);
      const received = pipeline(stream, measure, target.stream).then(
        (): ReceivedPart | null => {
          incoming.delete(target.path);
          if (stream.truncated) {
            void fileStore.discardIncoming(target.path);
            return { kind: 'too-large', originalName, size };
          }
          if (size === 0) {
            void fileStore.discardIncoming(target.path);
            return { kind: 'empty', originalName };
          }
          return {
            kind: 'file',
            originalName,
            size,
            sha256: hash.digest('hex'),
            incomingPath: target.path,
          };
        },
        (error: unknown) => {
          fail(error instanceof Error ? error : new Error(String(error)));
          return null;
        },
      );
      handled = handled.then(async () => {
        const part = await received;
        if (part && !failed) await onPart(part);
        else if (part?.kind === 'file') await fileStore.discardIncoming(part.incomingPath);
      });
    });
    parser.on('error', (error: Error) => fail(error));
    parser.on('close', () => {
      if (!failed) handled.then(resolve, reject);
    });
    request.on('aborted', () => fail(new Error('The upload was interrupted')));
    request.pipe(parser);
  });
}
