/** What a run recorded: checks, requests (with whether k6 would count them failed) and metrics. */
export type Record = {
  checks: { name: string; passed: boolean }[];
  requests: { method: string; name: string; status: number; failed: boolean }[];
  metrics: Map<string, number[]>;
};

export const record: Record = { checks: [], requests: [], metrics: new Map() };

export function resetRecord(): void {
  record.checks.length = 0;
  record.requests.length = 0;
  record.metrics.clear();
}
