import { Writable } from 'node:stream';

type Line = Record<string, unknown> & {
  level?: number;
  time?: number;
  context?: string;
  msg?: string;
  requestId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
};

const LEVELS: Record<number, { name: string; color: number }> = {
  10: { name: 'TRACE', color: 90 },
  20: { name: 'DEBUG', color: 90 },
  30: { name: 'INFO ', color: 32 },
  40: { name: 'WARN ', color: 33 },
  50: { name: 'ERROR', color: 31 },
  60: { name: 'FATAL', color: 35 },
};

/** Fields every line has, or that the layout already shows. */
const SHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'context',
  'msg',
  'requestId',
  'req',
  'res',
  'responseTime',
  'err',
]);

/**
 * The log lines for a person at a terminal (LOG_FORMAT=pretty): time, level, context and
 * message on one line, an access log as "GET /api/projects 200 12 ms", other fields as
 * key=value, and an error's stack below it. Production keeps pino's JSON lines.
 */
export function prettyLogStream(output: NodeJS.WritableStream, colors: boolean): Writable {
  const paint = (color: number, text: string) =>
    colors ? `\u001b[${color}m${text}\u001b[0m` : text;
  return new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      const text = chunk
        .toString()
        .split('\n')
        .filter((raw) => raw.trim())
        .map((raw) => formatLine(raw, paint))
        .join('');
      output.write(text, () => callback());
    },
  });
}

function formatLine(raw: string, paint: (color: number, text: string) => string): string {
  let line: Line;
  try {
    line = JSON.parse(raw) as Line;
  } catch {
    return `${raw}\n`;
  }
  const level = LEVELS[line.level ?? 30] ?? { name: String(line.level), color: 0 };
  const time = new Date(line.time ?? Date.now()).toTimeString().slice(0, 8);
  const context = line.context ? `${paint(36, `[${line.context}]`)} ` : '';
  const message =
    line.req && line.res
      ? `${line.req.method} ${line.req.url} ${line.res.statusCode} ${line.responseTime ?? '?'} ms`
      : (line.msg ?? '');
  const extras = Object.entries(line)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('');
  const request = line.requestId ? paint(90, ` (request ${line.requestId})`) : '';
  const stack = line.err?.stack
    ? `\n${line.err.stack.replace(/^/gm, '    ')}`
    : line.err?.message
      ? ` ${line.err.message}`
      : '';
  return `${paint(90, time)} ${paint(level.color, level.name)} ${context}${message}${extras}${request}${stack}\n`;
}
