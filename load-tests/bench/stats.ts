import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
/** Percentiles over every measured value (nearest rank), and their printing. */
export type Summary = { count: number; p50: number; p95: number; max: number };

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? NaN;
  return { count: sorted.length, p50: rank(0.5), p95: rank(0.95), max: sorted.at(-1) ?? NaN };
}

export function formatMs({ p50, p95, max }: Summary): string {
  const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
  return `p50 ${ms(p50)} ms  p95 ${ms(p95)} ms  max ${ms(max)} ms`;
}

export function percent(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)} %`;
}

/** The machine the figures come from: CPU, cores and the Node that runs the server. */
export function describeMachine(): string {
  return `${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.version}`;
}

/** The median (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** "median 412 ms (runs: 400, 412, 430)" */
export function formatRuns(values: readonly number[], unit = 'ms', digits = 0): string {
  return `median ${median(values).toFixed(digits)} ${unit} (runs: ${values.map((v) => v.toFixed(digits)).join(', ')})`;
}

/** Resident memory of a process in MB, from /proc (0 where /proc is missing). */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak in MB. */
export function sampleRss(pid: number, everyMs = 20): { stop(): number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

/** The 1-, 5- and 15-minute load averages: the benchmarks share the machine. */
export function describeLoad(): string {
  return `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`;
}
