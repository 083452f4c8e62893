import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { isOleContainer } from './ole.ts';
import { FileProblem, checkSize, corruptFile, passwordProtected } from './problems.ts';

/**
 * A zip reader for Office files that refuses zip bombs: it checks the sizes the archive declares
 * before inflating anything, and never inflates an entry beyond its declared size.
 */
const MB = 1024 * 1024;
const MAX_TOTAL_BYTES = 512 * MB;
/** Past this size, an archive that expands more than MAX_RATIO times its own size is refused. */
const RATIO_CHECK_BYTES = 64 * MB;
const MAX_RATIO = 100;
/** Entries are XML parts, parsed into trees many times their size. */
const XML_EXPANSION = 16;

type ZipEntry = {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
};

/** An entry to write: its bytes as stored (deflated when method is 8) and what they expand to. */
export type StoredEntry = {
  name: string;
  method: number;
  crc: number;
  stored: Buffer;
  size: number;
};

const ENCRYPTION_INFO = Buffer.from('EncryptionInfo', 'utf16le');

export class ZipArchive {
  private readonly data: Buffer;
  private readonly entries: Map<string, ZipEntry>;
  private readonly memoryMb: number;

  private constructor(data: Buffer, entries: Map<string, ZipEntry>, memoryMb: number) {
    this.data = data;
    this.entries = entries;
    this.memoryMb = memoryMb;
  }

  /** Reads the central directory; throws FileProblem for encrypted, corrupt or bomb archives. */
  static open(data: Buffer, memoryMb: number): ZipArchive {
    if (isOleContainer(data)) {
      throw data.includes(ENCRYPTION_INFO)
        ? passwordProtected()
        : new FileProblem(
            'this is a legacy Office file with a modern extension: save it again as .docx, .xlsx or .pptx',
          );
    }
    const entries = readCentralDirectory(data);
    let total = 0;
    for (const entry of entries.values()) total += entry.uncompressedSize;
    if (total > MAX_TOTAL_BYTES) {
      throw new FileProblem(
        `file is corrupt or a zip bomb: it would expand to more than ${MAX_TOTAL_BYTES / MB} MB`,
      );
    }
    if (total > RATIO_CHECK_BYTES && total > data.length * MAX_RATIO) {
      throw new FileProblem(
        `file is corrupt or a zip bomb: it would expand to more than ${RATIO_CHECK_BYTES / MB} MB, over ${MAX_RATIO} times its size`,
      );
    }
    return new ZipArchive(data, entries, memoryMb);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The size an entry expands to. */
  sizeOf(name: string): number {
    return this.entries.get(name)?.uncompressedSize ?? 0;
  }

  /** The entry's bytes, or null when the archive has no such entry. */
  read(name: string): Buffer | null {
    const entry = this.entries.get(name);
    if (!entry) return null;
    checkSize(entry.uncompressedSize, XML_EXPANSION, this.memoryMb);
    const compressed = this.compressedBytes(entry);
    if (entry.method === 0) return compressed;
    try {
      // maxOutputLength must be at least 1; an empty entry inflates to nothing anyway.
      return inflateRawSync(compressed, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch (error) {
      throw inflateProblem(error, name);
    }
  }

  readText(name: string): string | null {
    return this.read(name)?.toString('utf8') ?? null;
  }

  /**
   * The same archive with `added` entries, then the entries `first` selects, at its start (their
   * bytes unchanged): for readers that take entries in the order of the file, such as exceljs's
   * streaming reader.
   */
  withEntriesFirst(first: (name: string) => boolean, added: StoredEntry[] = []): Buffer {
    const entries = [...this.entries.values()].sort(
      (a, b) => Number(first(b.name)) - Number(first(a.name)),
    );
    return writeZip([
      ...added,
      ...entries.map((entry) => ({
        name: entry.name,
        method: entry.method,
        crc: entry.crc,
        stored: this.compressedBytes(entry),
        size: entry.uncompressedSize,
      })),
    ]);
  }

  /**
   * Inflates every entry without keeping the output, so that a reader that unzips on its own
   * (exceljs) is only handed an archive whose entries are as large as they claim to be.
   */
  async verifySizes(): Promise<void> {
    for (const entry of this.entries.values()) {
      if (entry.method === 0) continue;
      await inflateCounting(this.compressedBytes(entry), entry);
    }
  }

  private compressedBytes(entry: ZipEntry): Buffer {
    const offset = entry.localHeaderOffset;
    if (offset + 30 > this.data.length || this.data.readUInt32LE(offset) !== 0x04034b50) {
      throw corruptFile(`zip entry ${entry.name} has no local header`);
    }
    const start =
      offset + 30 + this.data.readUInt16LE(offset + 26) + this.data.readUInt16LE(offset + 28);
    const end = start + entry.compressedSize;
    if (end > this.data.length) throw corruptFile(`zip entry ${entry.name} is truncated`);
    if (entry.method !== 0 && entry.method !== 8) {
      throw corruptFile(`zip entry ${entry.name} uses unsupported compression ${entry.method}`);
    }
    return this.data.subarray(start, end);
  }
}

/** A zip file of these entries, in this order (sizes under 4 GB: no zip64). */
export function writeZip(entries: StoredEntry[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.stored.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    local.copy(central, 6, 4, 28); // version needed … name length: the same fields
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, entry.stored);
    directory.push(central, name);
    offset += local.length + name.length + entry.stored.length;
  }
  const centralDirectory = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, centralDirectory, end]);
}

function readCentralDirectory(data: Buffer): Map<string, ZipEntry> {
  const eocd = findEndOfCentralDirectory(data);
  let count = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || data.readUInt32LE(locator) !== 0x07064b50) {
      throw corruptFile('zip64 directory is missing');
    }
    const record = Number(data.readBigUInt64LE(locator + 8));
    if (record + 56 > data.length || data.readUInt32LE(record) !== 0x06064b50) {
      throw corruptFile('zip64 directory is damaged');
    }
    count = Number(data.readBigUInt64LE(record + 32));
    offset = Number(data.readBigUInt64LE(record + 48));
  }
  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) {
      throw corruptFile('zip directory is damaged');
    }
    const flags = data.readUInt16LE(offset + 8);
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    const name = data.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (flags & 1) {
      throw passwordProtected();
    }
    const entry: ZipEntry = {
      name,
      method: data.readUInt16LE(offset + 10),
      crc: data.readUInt32LE(offset + 16),
      compressedSize: data.readUInt32LE(offset + 20),
      uncompressedSize: data.readUInt32LE(offset + 24),
      localHeaderOffset: data.readUInt32LE(offset + 42),
    };
    applyZip64Extra(
      entry,
      data.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength),
    );
    if (!name.endsWith('/')) entries.set(name, entry);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function findEndOfCentralDirectory(data: Buffer): number {
  const earliest = Math.max(0, data.length - 22 - 0xffff);
  for (let offset = data.length - 22; offset >= earliest; offset--) {
    if (data.readUInt32LE(offset) === 0x06054b50) return offset;
  }
  throw corruptFile('not a zip archive (no central directory)');
}

/** Sizes and offsets of 0xffffffff are given in the zip64 extra field, in this order. */
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + size) throw corruptFile('zip64 field is damaged');
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}

function inflateCounting(compressed: Buffer, entry: ZipEntry): Promise<void> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let produced = 0;
    inflate.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > entry.uncompressedSize) {
        inflate.destroy();
        reject(inflateProblem(new RangeError('too large'), entry.name));
      }
    });
    inflate.on('error', (error) => reject(inflateProblem(error, entry.name)));
    inflate.on('end', () => resolve());
    inflate.end(compressed);
  });
}

function inflateProblem(error: unknown, name: string): FileProblem {
  return error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
    ? new FileProblem(
        `file is corrupt or a zip bomb: ${name} expands beyond the size the archive declares`,
      )
    : corruptFile(`zip entry ${name} cannot be inflated`);
}
