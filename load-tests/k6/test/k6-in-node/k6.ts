/** `k6`: check, fail, sleep. */
import { record } from './record.ts';
import { sleepSync } from './sync-http.ts';

export function check<T>(value: T, sets: Record<string, (value: T) => boolean>): boolean {
  let all = true;
  for (const [name, test] of Object.entries(sets)) {
    const passed = Boolean(test(value));
    record.checks.push({ name, passed });
    all &&= passed;
  }
  return all;
}

export function fail(message?: string): never {
  throw new Error(message);
}

export function sleep(seconds: number): void {
  sleepSync(seconds);
}
