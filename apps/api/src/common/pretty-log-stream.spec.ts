import { PassThrough } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { prettyLogStream } from './pretty-log-stream.js';

async function format(line: object, colors = false): Promise<string> {
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const stream = prettyLogStream(output, colors);
  await new Promise<void>((resolve) => stream.write(`${JSON.stringify(line)}\n`, () => resolve()));
  return text;
}

const time = new Date(2026, 0, 2, 9, 5, 7).getTime();

describe('prettyLogStream', () => {
  it('writes time, level, context and message, other fields as key=value', async () => {
    expect(
      await format({
        level: 30,
        time,
        pid: 1,
        hostname: 'h',
        context: 'Migrations',
        msg: 'Applied',
        count: 2,
      }),
    ).toBe('09:05:07 INFO  [Migrations] Applied count=2\n');
  });

  it('writes an access log as method, path, status and time, with its request id', async () => {
    expect(
      await format({
        level: 30,
        time,
        requestId: 'req-1',
        req: { id: 'req-1', method: 'GET', url: '/api/projects' },
        res: { statusCode: 200 },
        responseTime: 12,
        msg: 'request completed',
      }),
    ).toBe('09:05:07 INFO  GET /api/projects 200 12 ms (request req-1)\n');
  });

  it("indents an error's stack under its line, and colours the level on a terminal", async () => {
    const text = await format(
      {
        level: 50,
        time,
        msg: 'Unhandled error',
        err: { message: 'boom', stack: 'Error: boom\n    at x' },
      },
      true,
    );
    expect(text).toBe(
      '\u001b[90m09:05:07\u001b[0m \u001b[31mERROR\u001b[0m Unhandled error\n    Error: boom\n        at x\n',
    );
  });

  it('passes a line that is not JSON through as it is', async () => {
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => (text += chunk.toString()));
    await new Promise<void>((resolve) =>
      prettyLogStream(output, false).write('plain\n', () => resolve()),
    );
    expect(text).toBe('plain\n');
  });
});
