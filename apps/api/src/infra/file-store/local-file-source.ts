import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ByteRange, FileSource } from './file-store.port.js';

/**
 * A file of this machine as a FileSource: what the local directory store hands out, and what
 * offline tools and tests give the extractor for a file of their own (a corpus PDF).
 */
export function localFileSource(filePath: string, name = path.basename(filePath)): FileSource {
  return {
    name,
    size: async () => (await stat(filePath)).size,
    open: (range?: ByteRange): Readable => createReadStream(filePath, range),
    withLocalPath: <T>(use: (path: string) => Promise<T>) => use(filePath),
  };
}
