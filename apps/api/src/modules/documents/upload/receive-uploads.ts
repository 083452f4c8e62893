import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { FileStore } from '../../../infra/file-store/file-store.port.js';
import { fileNameProblem, type FileNameProblem } from './file-names.js';
import { PartHeaderInspector } from './part-header-inspector.js';

/** One file part of a multipart upload, as received (nothing about its content judged yet). */
export type ReceivedPart =
  | { kind: 'file'; originalName: string; size: number; sha256: string; incomingId: string }
  | { kind: 'empty'; originalName: string }
  | { kind: 'too-large'; originalName: string; size: number }
  | { kind: 'too-many'; originalName: string; size: number }
  | { kind: 'bad-name'; originalName: string; problem: FileNameProblem };

/** Why an upload could not be read to its end. */
export class UploadReadError extends Error {
  constructor(
    readonly reason: 'interrupted' | 'malformed',
    message: string,
  ) {
    super(message);
  }
}

export type UploadLimits = { maxFileBytes: number; maxFiles: number };

export const UPLOAD_FIELD = 'files';

/**
 * Streams each `files` part of a multipart request to the file store, hashing it on the way; no
 * whole file is ever held in memory. Parts are handed to `onPart` one at a time, in order, while
 * the next one streams in. A dropped connection rejects, and the part being received is removed.
 * A part whose file name cannot be accepted (control characters, too long, unreadable) is a
 * `bad-name` part, whether busboy reads the name or skips the part (see PartHeaderInspector).
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
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(
      request.headers['content-type'] ?? '',
    );
    const inspector = new PartHeaderInspector(boundary?.[1] ?? boundary?.[2] ?? '');
    let skippedHeaders = 0;
    const parser = busboy({
      headers: request.headers,
      defParamCharset: 'utf8',
      limits: { fileSize: limits.maxFileBytes, fields: 20, fieldSize: 4096 },
    });

    const fail = (error: UploadReadError) => {
      if (failed) return;
      failed = true;
      request.unpipe(inspector);
      inspector.off('data', feedParser);
      // Whatever was still streaming in is incomplete: it must not survive.
      for (const id of incoming) void fileStore.discardIncoming(id);
      handled.then(() => reject(error), reject);
    };

    parser.on('file', (field, stream, info) => {
      const originalName = info.filename ?? '';
      if (field !== UPLOAD_FIELD || !originalName) {
        stream.resume();
        return;
      }
      fileCount += 1;
      const problem = fileNameProblem(originalName);
      if (problem) {
        stream.resume();
        const part: ReceivedPart = { kind: 'bad-name', originalName, problem };
        handled = handled.then(() => onPart(part));
        return;
      }
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
      incoming.add(target.id);
      const received = pipeline(stream, measure, target.stream).then(
        (): ReceivedPart | null => {
          incoming.delete(target.id);
          if (stream.truncated) {
            void fileStore.discardIncoming(target.id);
            return { kind: 'too-large', originalName, size };
          }
          if (size === 0) {
            void fileStore.discardIncoming(target.id);
            return { kind: 'empty', originalName };
          }
          return {
            kind: 'file',
            originalName,
            size,
            sha256: hash.digest('hex'),
            incomingId: target.id,
          };
        },
        (error: unknown) => {
          fail(new UploadReadError('interrupted', String(error)));
          return null;
        },
      );
      handled = handled.then(async () => {
        const part = await received;
        if (part && !failed) await onPart(part);
        else if (part?.kind === 'file') await fileStore.discardIncoming(part.incomingId);
      });
    });
    parser.on('error', (error: Error) => {
      // busboy skips a part whose header it cannot parse and reads on. When the inspector has
      // seen why (a name it could not read), that part is reported at the end; otherwise the
      // body is not what it claims to be.
      const explained = inspector.unreadable.filter(
        ({ problem }) => problem.kind !== 'unescaped-quote',
      ).length;
      if (error.message === 'Malformed part header' && ++skippedHeaders <= explained) return;
      fail(new UploadReadError('malformed', error.message));
    });
    parser.on('close', () => {
      if (failed) return;
      for (const { name, problem } of inspector.unreadable) {
        const part: ReceivedPart = { kind: 'bad-name', originalName: name, problem };
        handled = handled.then(() => onPart(part));
      }
      handled.then(resolve, reject);
    });
    request.on('aborted', () =>
      fail(new UploadReadError('interrupted', 'The client closed the connection')),
    );
    // Written by hand rather than piped: a pipe stops at the first 'error' busboy emits, and
    // busboy emits one for a part it skips and then reads on.
    function feedParser(chunk: Buffer) {
      if (!parser.write(chunk)) inspector.pause();
    }
    parser.on('drain', () => inspector.resume());
    inspector.on('data', feedParser);
    inspector.on('end', () => parser.end());
    request.pipe(inspector);
  });
}
