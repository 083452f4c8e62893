/**
 * `npm run bench:api`: latency and throughput of the dashboard's two reads for a user who owns
 * 1,000 projects, at 50 concurrent connections (autocannon), against the built API on SQLite.
 * Each endpoint is measured RUNS times; the figures printed are the medians of the runs.
 */
import autocannon from 'autocannon';
import { startBuiltServer } from './built-server.ts';

const PROJECTS = 1000;
const CONNECTIONS = 50;
const DURATION_S = 10;
const RUNS = 5;
const ENDPOINTS = ['/api/projects', '/api/dashboard/stats'];

const server = await startBuiltServer();
const base = server.baseUrl;

try {
  const cookie = await signUp();
  await seedProjects(cookie);
  console.log(
    `Node ${process.version}, ${PROJECTS} projects, ${CONNECTIONS} connections, ${DURATION_S}s x ${RUNS} runs each (SQLite)\n`,
  );
  for (const endpoint of ENDPOINTS) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(endpoint, cookie));
    const errors = runs.reduce((sum, r) => sum + r.errors, 0);
    console.log(
      `GET ${endpoint.padEnd(22)} p50 ${median(runs.map((r) => r.p50)).toFixed(1)} ms   ` +
        `p95 ${median(runs.map((r) => r.p95)).toFixed(1)} ms   ` +
        `${Math.round(median(runs.map((r) => r.requestsPerSecond)))} req/s   ` +
        `${median(runs.map((r) => r.kilobytesPerResponse)).toFixed(1)} KB/response (as sent)   errors ${errors}`,
    );
  }
} finally {
  server.stop();
}

type Run = {
  p50: number;
  p95: number;
  requestsPerSecond: number;
  kilobytesPerResponse: number;
  errors: number;
};

/** One autocannon run; every response time is kept, so p95 is exact (autocannon itself reports p90/p97.5). */
async function measure(endpoint: string, cookie: string): Promise<Run> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}${endpoint}`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        // What a browser sends: the session cookie and the encodings it accepts.
        headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
      },
      (error: Error | null, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(times.length * 0.5)]!,
    p95: times[Math.floor(times.length * 0.95)]!,
    requestsPerSecond: result.requests.average,
    kilobytesPerResponse: result.throughput.total / result.requests.total / 1024,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function signUp(): Promise<string> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench password' }),
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

async function seedProjects(cookie: string): Promise<void> {
  const stages = ['Initial Review', 'Due Diligence', 'Negotiation', 'Legal Review', 'Closing'];
  for (let i = 0; i < PROJECTS; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, PROJECTS - i) }, async (_, j) => {
        const n = i + j;
        const response = await fetch(`${base}/api/projects`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({
            name: `Project ${n} — acquisition of Target ${n} Holdings`,
            description:
              'Carve-out of a regional distribution business with two manufacturing sites.',
            companyName: `Target ${n} Holdings Ltd`,
            industry: 'Industrial distribution',
            ceoName: 'Jordan Example',
            revenue: `$${(n % 90) + 10}M`,
            profitMargin: `${(n % 20) + 5}%`,
            employeeCount: String(100 + n),
            valuation: `$${(n % 400) + 50}.5M`,
            dealStage: stages[n % stages.length],
          }),
        });
        if (response.status !== 201) throw new Error(`create failed: ${response.status}`);
      }),
    );
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
