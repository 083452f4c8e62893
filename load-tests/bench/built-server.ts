import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type BuiltServer = {
  baseUrl: string;
  pid: number;
  dataDir: string;
  /** True when the data directory is BENCH_DATA_DIR, kept between runs. */
  kept: boolean;
  stop(): void;
};

/**
 * The data directory the benchmarks share when `BENCH_DATA_DIR` is set (e.g. /work/bench-cuad):
 * it is kept after the run, so the CUAD project analysed once (about half an hour on two cores)
 * serves bench:clauses, bench:review and bench:query alike. Null: a temporary directory per run.
 * Only one server may use it at a time (SQLite and the local index live in it).
 */
export function keptDataDir(): string | null {
  const dir = process.env['BENCH_DATA_DIR'];
  if (!dir) return null;
  const resolved = path.resolve(dir);
  mkdirSync(resolved, { recursive: true });
  return resolved;
}

/**
 * Starts the built product (dist/apps/api/main.js, serving dist/apps/web) on a free port, as
 * `npm start` would, and waits until it is ready. Its data directory is an empty temporary one
 * (removed on stop), or with `reuseDataDir` (the CUAD benchmarks) `BENCH_DATA_DIR` when set (kept).
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  onLogLine?: (line: string) => void,
  { reuseDataDir = false }: { reuseDataDir?: boolean } = {},
): Promise<BuiltServer> {
  const kept = reuseDataDir ? keptDataDir() : null;
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), 'clearroom-bench-'));
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to profile the server.
  const nodeArgs = (process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(/\s+/).filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, 'dist/apps/api/main.js'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      METRICS_PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', onLogLine ? 'pipe' : 'ignore', 'inherit'],
  });
  if (onLogLine) {
    let pending = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(onLogLine);
    });
  }
  let stopping = false;
  server.on('exit', (code, signal) => {
    if (!stopping)
      console.error(`The server (pid ${server.pid}) exited: code ${code}, signal ${signal}`);
  });
  const stop = () => {
    stopping = true;
    server.kill('SIGTERM');
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForReady(baseUrl);
  return { baseUrl, pid: server.pid!, dataDir, kept: kept !== null, stop };
}

/** Up to two minutes: a kept data directory with 449 analysed contracts opens slower on a busy machine. */
async function waitForReady(baseUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 1200; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The server did not become ready (is it built? npm run build)');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}
