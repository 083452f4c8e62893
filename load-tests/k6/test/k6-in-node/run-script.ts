/**
 * Runs a k6 script of load-tests/k6 in Node against a real server: the k6 modules it imports are
 * the small implementations beside this file, and each VU gets a module graph of its own (as in
 * k6, where every VU is a separate JavaScript runtime). setup() runs once in a VU of its own,
 * then each VU runs the default function `iterations` times, one VU after another.
 *
 * This checks what the scripts do (routes, bodies, sign-in, parsing the stream, the waits); it
 * says nothing about k6 itself, its executors, thresholds or timings.
 */
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { record, type Record, resetRecord } from './record.ts';

const k6Folder = path.resolve(import.meta.dirname, '../..');
const implementations: { [specifier: string]: string } = {
  k6: new URL('./k6.ts', import.meta.url).href,
  'k6/http': new URL('./k6-http.ts', import.meta.url).href,
  'k6/metrics': new URL('./k6-metrics.ts', import.meta.url).href,
  'k6/x/sse': new URL('./k6-x-sse.ts', import.meta.url).href,
};

registerHooks({
  resolve(specifier, context, nextResolve) {
    const implementation = implementations[specifier];
    if (implementation) return { url: implementation, shortCircuit: true };
    const resolved = nextResolve(specifier, context);
    // A VU's relative imports stay in that VU's module graph.
    const vu = context.parentURL ? new URL(context.parentURL).searchParams.get('vu') : null;
    if (!vu || !specifier.startsWith('.')) return resolved;
    const url = new URL(resolved.url);
    url.searchParams.set('vu', vu);
    return { ...resolved, url: url.href };
  },
});

type Globals = {
  __ENV: { [name: string]: string };
  __VU: number;
  __ITER: number;
  open: typeof open;
};
const globals = globalThis as unknown as Globals;

/** k6's open(): relative paths are read from the scripts' folder. */
function open(file: string, mode?: 'b'): ArrayBuffer | string {
  const bytes = readFileSync(path.resolve(k6Folder, file));
  return mode === 'b'
    ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
    : bytes.toString('utf8');
}
globals.open = open;

type Script = { setup?: () => unknown; default: (data: unknown) => void; options?: unknown };

let runs = 0;

export async function runScript(
  script: string,
  {
    env,
    vus = 1,
    iterations = 1,
  }: { env: { [name: string]: string }; vus?: number; iterations?: number },
): Promise<Record & { options: unknown }> {
  resetRecord();
  globals.__ENV = env;
  const url = pathToFileURL(path.join(k6Folder, script)).href;
  const run = ++runs;
  const load = async (vu: string) => (await import(`${url}?vu=${run}-${vu}`)) as Script;

  globals.__VU = 0;
  globals.__ITER = 0;
  const setupVu = await load('setup');
  const data = setupVu.setup?.();
  for (let vu = 1; vu <= vus; vu++) {
    globals.__VU = vu;
    const instance = await load(String(vu));
    for (let iteration = 0; iteration < iterations; iteration++) {
      globals.__ITER = iteration;
      instance.default(data);
    }
  }
  return {
    checks: [...record.checks],
    requests: [...record.requests],
    metrics: new Map(record.metrics),
    options: setupVu.options,
  };
}
