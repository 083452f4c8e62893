import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const MAIN = path.resolve('dist/apps/api/main.js');

/** The built API (and the contracts it imports), as `npm start` runs it; nx skips what is current. */
export function ensureBuilt(): void {
  execFileSync('npx', ['nx', 'run', 'api:build', '--output-style=static'], { stdio: 'ignore' });
  if (!existsSync(MAIN)) throw new Error(`nx run api:build did not produce ${MAIN}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export type ProductProcess = { child: ChildProcess; url: string; output: () => string };

/** Starts the product in a child process (Node 24, the same binary that runs the tests). */
export async function startProduct(env: Record<string, string>): Promise<ProductProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    // METRICS_PORT=0 unless asked: several products may run at once, and 9464 is one port.
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      LOG_LEVEL: 'warn',
      METRICS_PORT: '0',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!output.includes('Clearroom is running')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`The product did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}

export async function killHard(product: ProductProcess): Promise<void> {
  const exited = new Promise((resolve) => product.child.once('exit', resolve));
  product.child.kill('SIGKILL');
  await exited;
}

export async function stopGracefully(product: ProductProcess): Promise<void> {
  if (product.child.exitCode !== null) return;
  const exited = new Promise((resolve) => product.child.once('exit', resolve));
  product.child.kill('SIGTERM');
  await exited;
}
