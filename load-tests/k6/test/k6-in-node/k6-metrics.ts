/** `k6/metrics`: every value added, by metric name. */
import { record } from './record.ts';

class Metric {
  readonly name: string;

  constructor(name: string) {
    this.name = name;
    record.metrics.set(name, record.metrics.get(name) ?? []);
  }

  add(value: number | boolean): void {
    record.metrics.get(this.name)!.push(Number(value));
  }
}

export class Trend extends Metric {}
export class Rate extends Metric {}
export class Counter extends Metric {}
export class Gauge extends Metric {}
