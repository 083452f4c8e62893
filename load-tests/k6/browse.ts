/**
 * People moving around the app: each iteration is one dashboard visit (the user, the stats cards,
 * the project list) and one project's documents and chat pages, arriving at up to BROWSE_RATE
 * visits a second. Each VU signs in once, on its first visit (local account: the session cookie;
 * Keycloak: an access token). Local equivalent: `npm run bench:api` (the same two lists, for a
 * user with 1,000 projects, 50 connections).
 *
 *   k6 run -e BASE_URL=https://clearroom.example.com -e PASSWORD=… load-tests/k6/browse.ts
 */
import type { Options } from 'k6/options';
import {
  createProject,
  ensureAccount,
  findProjectByName,
  visitDashboard,
  visitProject,
} from './clearroom.ts';
import { browseRate, projectId, projectName, ramp } from './config.ts';

export const options: Options = {
  scenarios: {
    browse: {
      executor: 'ramping-arrival-rate',
      startRate: 0,
      timeUnit: '1s',
      preAllocatedVUs: Math.max(10, Math.ceil(browseRate / 2)),
      maxVUs: Math.max(50, browseRate * 4),
      stages: [
        { duration: ramp.up, target: browseRate },
        { duration: ramp.hold, target: browseRate },
        { duration: ramp.down, target: 0 },
      ],
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    // Pages should feel instant: README "Measured here" has p95 ≈ 30 ms on 2 cores; 1 s leaves
    // room for a busy cluster and still fails a test where people would notice.
    'http_req_duration{name:GET /api/projects}': ['p(95)<1000'],
    'http_req_duration{name:GET /api/dashboard/stats}': ['p(95)<1000'],
    checks: ['rate>0.99'],
  },
};

type Setup = { projectId: number };

export function setup(): Setup {
  ensureAccount();
  return { projectId: projectId ?? findProjectByName(projectName) ?? createProject(projectName) };
}

export default function browse({ projectId: project }: Setup): void {
  visitDashboard();
  visitProject(project);
}
