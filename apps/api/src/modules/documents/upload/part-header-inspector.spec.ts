import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from '@jest/globals';
import { PartHeaderInspector } from './part-header-inspector.js';

const BOUNDARY = 'b0undary';
const part = (disposition: string, content: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; ${disposition}\r\n` +
  `Content-Type: text/plain\r\n\r\n${content}\r\n`;
const BODY = Buffer.from(
  part('filename="fine.txt"', `--${BOUNDARY.slice(0, 4)} not a boundary`) +
    part('filename="nul\u0000.txt"', 'x') +
    part('filename="quote"d.txt"', 'y') +
    part(`filename="${'n'.repeat(17_000)}"`, 'z') +
    part('filename="tab\tname.txt"', 'w') +
    `--${BOUNDARY}--\r\n`,
  'latin1',
);

async function inspect(chunkSize: number) {
  const inspector = new PartHeaderInspector(BOUNDARY);
  const chunks: Buffer[] = [];
  for (let at = 0; at < BODY.length; at += chunkSize)
    chunks.push(BODY.subarray(at, at + chunkSize));
  const passed = await buffer(Readable.from(chunks).pipe(inspector));
  return { passed, unreadable: inspector.unreadable };
}

describe('PartHeaderInspector', () => {
  it.each([1, 7, 64, 4096, BODY.length])(
    'passes the body through unchanged and finds the names busboy cannot read (chunks of %i bytes)',
    async (chunkSize) => {
      const { passed, unreadable } = await inspect(chunkSize);
      expect(passed.equals(BODY)).toBe(true);
      expect(unreadable).toEqual([
        { name: 'nul\u0000.txt', problem: { kind: 'nul' } },
        { name: 'quote"d.txt', problem: { kind: 'unescaped-quote' } },
        { name: 'n'.repeat(17_000), problem: { kind: 'too-long', length: 17_000 } },
      ]);
    },
  );
});
