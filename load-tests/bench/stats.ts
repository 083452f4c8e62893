import { availableParallelism, cpus } from 'node:os';
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
