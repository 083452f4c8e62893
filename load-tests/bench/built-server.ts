import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type BuiltServer = { baseUrl: string; pid: number; dataDir: string; stop(): void };

/**
 * Starts the built product (dist/apps/api/main.js, serving dist/apps/web) on a free port with an
 * empty data directory, as `npm start` would, and waits until it is ready.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  onLogLine?: (line: string) => void,
): Promise<BuiltServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clearroom-bench-'));
  const port = await freePort();
  const server = spawn(process.execPath, ['dist/apps/api/main.js'], {
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
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForReady(baseUrl);
  return { baseUrl, pid: server.pid!, dataDir, stop };
}

async function waitForReady(baseUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
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
