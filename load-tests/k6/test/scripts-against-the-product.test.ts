/**
 * The k6 scripts' journeys, run against the built product (dist/, as `npm start` runs it) through
 * k6-in-node: a few iterations of each, with every request checked as k6 would count it in
 * http_req_failed. No k6 binary exists here; this checks what the scripts do, not k6's runtime.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, test } from 'node:test';
import { type BuiltServer, startBuiltServer } from '../../bench/built-server.ts';
import { runScript } from './k6-in-node/run-script.ts';

const PASSWORD = 'correct horse battery staple';
const AGREEMENT = `SUPPLY AGREEMENT

This Supply Agreement is made between Northwind Components Ltd and Contoso Manufacturing Inc.

Assignment. Neither party may assign this Agreement without the prior written consent of the other party.

Royalty. Contoso shall pay Northwind a royalty of five percent of net sales of the products.

Governing law. This Agreement shall be governed by the laws of the State of Delaware.
`;

let server: BuiltServer;
let work: string;
let env: { [name: string]: string };

before(async () => {
  server = await startBuiltServer({ METRICS_PORT: '0' });
  work = mkdtempSync(path.join(tmpdir(), 'clearroom-k6-'));
  const contract = path.join(work, 'agreement.txt');
  writeFileSync(contract, AGREEMENT);
  env = {
    BASE_URL: server.baseUrl,
    USERNAME: 'k6-load-test',
    PASSWORD,
    CONTRACT_FILE: contract,
    POLL_INTERVAL_MS: '50',
  };
});

after(() => {
  server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

type Run = Awaited<ReturnType<typeof runScript>>;

function assertClean(run: Run): void {
  const failedChecks = run.checks.filter((check) => !check.passed);
  assert.deepEqual(failedChecks, [], 'every check passes');
  const failed = run.requests.filter((request) => request.failed);
  assert.deepEqual(failed, [], 'no request counts in http_req_failed');
}

const count = (run: Run, name: string) => run.requests.filter((r) => r.name === name).length;
const values = (run: Run, metric: string) => run.metrics.get(metric) ?? [];

void test('ingest.ts: setup creates the account; each iteration uploads into a new project, waits for completed, deletes it', async () => {
  const run = await runScript('ingest.ts', { env, iterations: 2 });
  assertClean(run);
  assert.equal(count(run, 'POST /api/auth/register'), 1, 'the account is created once');
  assert.equal(
    count(run, 'POST /api/auth/login'),
    2,
    'setup tries to sign in, then the VU signs in',
  );
  assert.equal(count(run, 'POST /api/projects/:id/files'), 2);
  assert.equal(count(run, 'DELETE /api/projects/:id'), 2);
  assert.equal(values(run, 'clearroom_upload_to_completed').length, 2);
  assert.deepEqual(values(run, 'clearroom_analysis_failures'), [0, 0]);
});

void test('ask.ts: setup uploads the contract into the named project; each VU asks in its own chat session', async () => {
  const run = await runScript('ask.ts', { env, vus: 2, iterations: 3 });
  assertClean(run);
  assert.equal(count(run, 'POST /api/auth/register'), 0, 'the account exists by now');
  assert.equal(count(run, 'POST /api/projects'), 1, 'the project is created once');
  assert.equal(count(run, 'POST /api/projects/:id/files'), 1);
  assert.equal(count(run, 'POST /api/qa/sessions/:projectId'), 2, 'one chat session per VU');
  assert.equal(count(run, 'POST /api/qa/ask-stream'), 6);
  assert.deepEqual(values(run, 'clearroom_answer_errors'), [0, 0, 0, 0, 0, 0]);
  assert.equal(values(run, 'clearroom_answer_complete').length, 6);
  assert.equal(values(run, 'clearroom_answer_first_byte').length, 6);
  assert.ok(run.checks.some((check) => check.name === 'ask-stream: complete'));
});

void test('ask-sse.ts: finds the analysed project; reads the events of each answer', async () => {
  const run = await runScript('ask-sse.ts', { env, iterations: 2 });
  assertClean(run);
  assert.equal(count(run, 'POST /api/projects'), 0, 'the project from ask.ts is reused');
  assert.equal(count(run, 'POST /api/projects/:id/files'), 0, 'its contract is already analysed');
  assert.equal(count(run, 'POST /api/qa/ask-stream'), 2);
  assert.deepEqual(values(run, 'clearroom_answer_errors'), [0, 0]);
  for (const metric of [
    'clearroom_answer_first_event',
    'clearroom_answer_first_chunk',
    'clearroom_answer_complete',
  ]) {
    assert.equal(values(run, metric).length, 2, metric);
  }
});

void test('browse.ts: each VU signs in once and loads the dashboard and a project page', async () => {
  const run = await runScript('browse.ts', { env, vus: 2, iterations: 2 });
  assertClean(run);
  assert.equal(count(run, 'POST /api/auth/login'), 3, 'setup, then each VU once');
  for (const route of [
    'GET /api/auth/user',
    'GET /api/dashboard/stats',
    'GET /api/projects/:id/files',
    'GET /api/qa/sessions/:projectId',
  ]) {
    assert.ok(count(run, route) >= 4, route);
  }
  assert.equal(values(run, 'clearroom_sign_in').length, 3);
});

void test('a wrong password stops the test in setup with the reason', async () => {
  await assert.rejects(
    runScript('browse.ts', { env: { ...env, PASSWORD: 'not the password at all' } }),
    /The account k6-load-test exists with another password/,
  );
  await assert.rejects(
    runScript('browse.ts', { env: { ...env, USERNAME: 'nobody-yet', REGISTER: 'false' } }),
    /Sign-in as nobody-yet refused \(REGISTER=false\): HTTP 401/,
  );
});

void test('an ORIGIN other than the server origin is refused, and setup says so', async () => {
  await assert.rejects(
    runScript('browse.ts', { env: { ...env, ORIGIN: 'https://elsewhere.example.com' } }),
    /Sign-in as k6-load-test failed: HTTP 403 .*FORBIDDEN_ORIGIN/,
  );
});

void test('a setting with a wrong value stops the script before any request', async () => {
  await assert.rejects(
    runScript('ask.ts', { env: { ...env, ASKERS: 'many' } }),
    /ASKERS must be a positive number \(got "many"\)/,
  );
  await assert.rejects(
    runScript('ask.ts', { env: { ...env, HOLD: '5 minutes' } }),
    /HOLD must be a duration/,
  );
  const { PASSWORD: _omitted, ...withoutPassword } = env;
  await assert.rejects(
    runScript('browse.ts', { env: withoutPassword }),
    /PASSWORD is required for a local account/,
  );
});

/** A stand-in token endpoint in a process of its own (k6-in-node blocks this thread's event loop). */
const TOKEN_ENDPOINT = `
  const server = require('node:http').createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      process.stdout.write(JSON.stringify(request.method + ' ' + request.headers['content-type'] + ' ' + body) + '\\n');
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ access_token: 'a.b.c', expires_in: 300, token_type: 'Bearer' }));
    });
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
`;

void test('with a Keycloak client, setup asks the token endpoint for client credentials; a refused token stops it with the reason', async () => {
  const endpoint = spawn(process.execPath, ['-e', TOKEN_ENDPOINT], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const port = await new Promise<string>((resolve, reject) => {
    endpoint.on('exit', (code) => reject(new Error(`the token endpoint exited (${code})`)));
    createInterface({ input: endpoint.stdout }).on('line', (line) => {
      if (lines.length === 0) resolve(line);
      lines.push(line);
    });
  });
  const { PASSWORD: _password, ...withoutPassword } = env;
  try {
    // This server signs in with local accounts, so it refuses the token, and setup says so.
    await assert.rejects(
      runScript('browse.ts', {
        env: {
          ...withoutPassword,
          OIDC_TOKEN_URL: `http://127.0.0.1:${port}/realms/clearroom/protocol/openid-connect/token`,
          OIDC_CLIENT_ID: 'clearroom-load-test',
          OIDC_CLIENT_SECRET: 'a secret of the load test client',
        },
      }),
      /does not accept the load test's credentials: HTTP 401/,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(
      lines.slice(1).map((line) => JSON.parse(line) as string),
      [
        'POST application/x-www-form-urlencoded grant_type=client_credentials&client_id=clearroom-load-test&client_secret=a+secret+of+the+load+test+client',
      ],
    );
  } finally {
    endpoint.kill();
  }
  await assert.rejects(
    runScript('browse.ts', { env: { ...withoutPassword, K6_BEARER_TOKEN: 'a.b.c' } }),
    /does not accept the load test's credentials: HTTP 401/,
  );
});
