import { Transform, type TransformCallback } from 'node:stream';
import { fileNameProblem, type FileNameProblem } from './file-names.js';

/** busboy refuses a part whose header block is longer than this (Node's own header limit). */
const BUSBOY_MAX_HEADER_BYTES = 16 * 1024;
/** Header bytes kept for reading a file name; a longer block is only measured. */
const KEPT_HEADER_BYTES = 256 * 1024;
const HEADER_END = Buffer.from('\r\n\r\n');

export type UnreadableName = { name: string; problem: FileNameProblem };

/**
 * Watches a multipart body stream past, unchanged, and reads the file name in each part's
 * header itself. busboy skips a part whose header holds a control character or a line break, or
 * is longer than 16 KB (with an error), or whose name has an unescaped quote (silently); either
 * way the part's name never reaches us through busboy, but it does through here, so the upload
 * can say what is wrong with it instead of "interrupted" or "no files".
 */
export class PartHeaderInspector extends Transform {
  /** Names busboy cannot read, in the order of their parts. */
  readonly unreadable: UnreadableName[] = [];
  private readonly delimiter: Buffer;
  private state: 'body' | 'header' = 'body';
  private pending: Buffer = Buffer.alloc(0);
  private header: Buffer[] = [];
  private headerBytes = 0;

  constructor(boundary: string) {
    super();
    this.delimiter = Buffer.from(`--${boundary}`, 'latin1');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.scan(chunk);
    callback(null, chunk);
  }

  private scan(chunk: Buffer): void {
    const data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = Buffer.alloc(0);
    let position = 0;
    for (;;) {
      if (this.state === 'body') {
        const found = data.indexOf(this.delimiter, position);
        if (found === -1) {
          // Keep what could be the start of a delimiter cut by the chunk's end.
          this.pending = data.subarray(Math.max(position, data.length - this.delimiter.length - 2));
          return;
        }
        const after = found + this.delimiter.length;
        if (data.length < after + 2) {
          this.pending = data.subarray(found);
          return;
        }
        position = after + 2;
        // "--boundary--" closes the body; "--boundary\r\n" opens a part's header.
        if (data[after] === 0x0d && data[after + 1] === 0x0a) this.startHeader();
      } else {
        const end = data.indexOf(HEADER_END, position);
        if (end === -1) {
          const keepFrom = Math.max(position, data.length - (HEADER_END.length - 1));
          this.addHeader(data.subarray(position, keepFrom));
          this.pending = data.subarray(keepFrom);
          return;
        }
        this.addHeader(data.subarray(position, end));
        this.finishHeader();
        position = end + HEADER_END.length;
      }
    }
  }

  private startHeader(): void {
    this.state = 'header';
    this.header = [];
    this.headerBytes = 0;
  }

  private addHeader(bytes: Buffer): void {
    const room = KEPT_HEADER_BYTES - Math.min(this.headerBytes, KEPT_HEADER_BYTES);
    if (room > 0) this.header.push(bytes.subarray(0, room));
    this.headerBytes += bytes.length;
  }

  private finishHeader(): void {
    this.state = 'body';
    const block = Buffer.concat(this.header).toString('latin1');
    const quoted = quotedFileName(block);
    if (!quoted) return;
    const name = Buffer.from(quoted.raw, 'latin1').toString('utf8');
    if (!quoted.closed) {
      this.unreadable.push({ name, problem: { kind: 'unescaped-quote' } });
      return;
    }
    // Only what busboy cannot parse: a name it reads is judged where it arrives.
    const problem = fileNameProblem(name.replaceAll('\t', ''));
    const unparsed =
      problem?.kind === 'too-long' ? this.headerBytes > BUSBOY_MAX_HEADER_BYTES : problem !== null;
    if (problem && unparsed) this.unreadable.push({ name, problem });
  }
}

/**
 * The raw value of `filename="…"` in a part's header block, and whether its closing quote is
 * where a closing quote must be (before `;`, the end of the line or of the block).
 */
function quotedFileName(block: string): { raw: string; closed: boolean } | null {
  const start = /(?:^|[;\s])filename="/i.exec(block);
  if (!start) return null;
  const from = start.index + start[0].length;
  for (let index = from; index < block.length; index++) {
    if (block[index] === '\\') {
      index++;
    } else if (block[index] === '"') {
      if (/^[ \t]*(;|\r\n|$)/.test(block.slice(index + 1))) {
        return { raw: block.slice(from, index).replace(/\\(.)/g, '$1'), closed: true };
      }
      break;
    }
  }
  // Unclosed: show the line up to its last quote.
  const lineEnd = block.indexOf('\r\n', from) === -1 ? block.length : block.indexOf('\r\n', from);
  const lastQuote = block.lastIndexOf('"', lineEnd);
  return { raw: block.slice(from, lastQuote > from ? lastQuote : lineEnd), closed: false };
}
