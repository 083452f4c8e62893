/**
 * `npm run bench:api`, against the built API on SQLite:
 *
 * 1. Latency and throughput of the dashboard's two reads for a member of 1,000 projects shared
 *    with them by 50 owners (20 each, as editor or viewer), at 50 concurrent connections
 *    (autocannon). Each endpoint is measured RUNS times; the figures are the medians of the runs.
 * 2. The activity log of a project with 1,000,000 entries (inserted directly in bulk): its first
 *    page, unfiltered and filtered by person, action and document, and the per-document views,
 *    each read REQUESTS times one after another (p50/p95).
 */
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBuiltServer } from './built-server.ts';

const OWNERS = 50;
const PROJECTS_PER_OWNER = 20;
const CONNECTIONS = 50;
const DURATION_S = 10;
const RUNS = Number(process.env['RUNS'] ?? 5);
const ENDPOINTS = ['/api/projects', '/api/dashboard/stats'];
const ACTIVITY_ENTRIES = 1_000_000;
const REQUESTS = 200;

const server = await startBuiltServer({ REGISTER_MAX_PER_ADDRESS: '100000' });
const base = server.baseUrl;

try {
  const member = await signUp('bench');
  const owners: { id: number; cookie: string }[] = [];
  for (let i = 0; i < OWNERS; i++) owners.push(await signUp(`owner${i}`));
  const projectIds = await seedSharedProjects(owners, 'bench');
  console.log(
    `Node ${process.version}, a member of ${projectIds.length} projects of ${OWNERS} owners, ` +
      `${CONNECTIONS} connections, ${DURATION_S}s x ${RUNS} runs each (SQLite)\n`,
  );
  for (const endpoint of ENDPOINTS) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(endpoint, member.cookie));
    const errors = runs.reduce((sum, r) => sum + r.errors, 0);
    console.log(
      `GET ${endpoint.padEnd(22)} p50 ${median(runs.map((r) => r.p50)).toFixed(1)} ms   ` +
        `p95 ${median(runs.map((r) => r.p95)).toFixed(1)} ms   ` +
        `${Math.round(median(runs.map((r) => r.requestsPerSecond)))} req/s   ` +
        `${median(runs.map((r) => r.kilobytesPerResponse)).toFixed(1)} KB/response (as sent)   errors ${errors}`,
    );
  }

  const owner = owners[0]!;
  const projectId = projectIds[0]!;
  const seeded = seedActivity(
    projectId,
    owners.map((o) => o.id),
  );
  console.log(
    `\nActivity log: ${ACTIVITY_ENTRIES.toLocaleString('en')} entries in one project ` +
      `(inserted in ${(seeded / 1000).toFixed(1)} s), ${REQUESTS} sequential requests each`,
  );
  const activity = `/api/projects/${projectId}/activity`;
  for (const [label, query] of [
    ['first page (50)', ''],
    ['first page, one person', `?actor=${owners[7]!.id}`],
    ['first page, one action', '?action=document.downloaded'],
    ['first page, one document', '?documentId=42'],
    ['a page deep in the log', '?before=500000'],
  ] as const) {
    const times = await sequential(`${activity}${query}`, owner.cookie);
    console.log(
      `GET activity ${label.padEnd(26)} p50 ${pct(times, 0.5)} ms   p95 ${pct(times, 0.95)} ms`,
    );
  }
  const summary = await sequential(`${activity}/documents`, owner.cookie, 20);
  console.log(
    `GET activity/documents (views per doc)   p50 ${pct(summary, 0.5)} ms   p95 ${pct(summary, 0.95)} ms (20 requests)`,
  );
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

/** Response times (ms) of `count` requests one after another, each checked for 200. */
async function sequential(url: string, cookie: string, count = REQUESTS): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(`${base}${url}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function signUp(username: string): Promise<{ id: number; cookie: string }> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'bench password' }),
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status}`);
  const { user } = (await response.json()) as { user: { id: number } };
  return { id: user.id, cookie: response.headers.get('set-cookie')!.split(';')[0]! };
}

/** Each owner creates their projects and shares each with `member` (editor or viewer). */
async function seedSharedProjects(owners: { cookie: string }[], member: string): Promise<number[]> {
  const stages = ['Initial Review', 'Due Diligence', 'Negotiation', 'Legal Review', 'Closing'];
  const ids: number[] = [];
  for (const [o, { cookie }] of owners.entries()) {
    const created = await Promise.all(
      Array.from({ length: PROJECTS_PER_OWNER }, async (_, j) => {
        const n = o * PROJECTS_PER_OWNER + j;
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
        const { project } = (await response.json()) as { project: { id: number } };
        const shared = await fetch(`${base}/api/projects/${project.id}/members`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ username: member, role: n % 3 === 0 ? 'editor' : 'viewer' }),
        });
        if (shared.status !== 201) throw new Error(`share failed: ${shared.status}`);
        return project.id;
      }),
    );
    ids.push(...created);
  }
  return ids;
}

/**
 * Writes ACTIVITY_ENTRIES entries straight into the database (one transaction): views, downloads
 * and questions by the owners over 200 documents, a year back to now. Answers the time taken (ms).
 */
function seedActivity(projectId: number, actorIds: number[]): number {
  const started = performance.now();
  const db = new DatabaseSync(path.join(server.dataDir, 'clearroom.sqlite'));
  db.exec('pragma busy_timeout = 10000');
  const insert = db.prepare(
    'insert into activity_log (project_id, actor_id, actor_name, action, document_id, document_name, address, details, created_at) ' +
      'values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const actions = [
    'document.viewed',
    'document.viewed',
    'document.viewed',
    'document.downloaded',
    'question.asked',
  ];
  const now = Date.now();
  db.exec('begin');
  for (let i = 0; i < ACTIVITY_ENTRIES; i++) {
    const action = actions[i % actions.length]!;
    const actor = actorIds[i % actorIds.length]!;
    const documentId = action === 'question.asked' ? null : (i % 200) + 1;
    insert.run(
      projectId,
      actor,
      `owner${actor}`,
      action,
      documentId,
      documentId === null ? null : `Document ${documentId}.pdf`,
      '10.0.0.7',
      action === 'question.asked'
        ? JSON.stringify({ question: `What is the term of contract ${i}?` })
        : null,
      now - (ACTIVITY_ENTRIES - i) * 30_000,
    );
  }
  db.exec('commit');
  db.close();
  return performance.now() - started;
}

function pct(sorted: number[], p: number): string {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!.toFixed(1);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
