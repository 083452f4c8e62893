/**
 * Settings shared by the k6 scripts, from `k6 run -e NAME=value …` or the environment (k6 reads
 * both into `__ENV`). Every VU reads them in its init context, so a wrong value stops the test
 * before any request is sent, with one line naming the setting.
 */

/** How the load test signs in: a local account, or an access token from Keycloak. */
export type AuthSettings =
  | { kind: 'local'; username: string; password: string; register: boolean }
  | { kind: 'bearer-token'; token: string }
  | { kind: 'client-credentials'; tokenUrl: string; clientId: string; clientSecret: string };

const CYTODYN_CONTRACT = 'CytodynInc_20200109_10-Q_EX-10.5_11941634_EX-10.5_License Agreement.pdf';

function text(name: string, fallback: string): string {
  const value = __ENV[name];
  return value === undefined || value === '' ? fallback : value;
}

function required(name: string, why: string): string {
  const value = text(name, '');
  if (!value) throw new Error(`${name} is required ${why}`);
  return value;
}

function positiveNumber(name: string, fallback: number): number {
  const raw = text(name, String(fallback));
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number (got "${raw}")`);
  }
  return value;
}

function whole(name: string, fallback: number): number {
  const value = positiveNumber(name, fallback);
  if (!Number.isInteger(value)) throw new Error(`${name} must be a whole number (got "${value}")`);
  return value;
}

function flag(name: string, fallback: boolean): boolean {
  const raw = text(name, String(fallback));
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new Error(`${name} must be true or false (got "${raw}")`);
}

/** A k6 duration such as 30s, 5m or 1h30m. */
function duration(name: string, fallback: string): string {
  const raw = text(name, fallback);
  if (!/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(raw)) {
    throw new Error(`${name} must be a duration such as 30s, 5m or 1h30m (got "${raw}")`);
  }
  return raw;
}

function originOf(url: string): string {
  const match = /^https?:\/\/[^/?#]+/i.exec(url);
  if (!match) {
    throw new Error(
      `BASE_URL must be an http(s) URL such as https://clearroom.example.com (got "${url}")`,
    );
  }
  return match[0];
}

function readAuth(): AuthSettings {
  const token = text('K6_BEARER_TOKEN', '');
  if (token) return { kind: 'bearer-token', token };
  const tokenUrl = text('OIDC_TOKEN_URL', '');
  if (tokenUrl) {
    const because = 'with OIDC_TOKEN_URL (a Keycloak client with a service account)';
    return {
      kind: 'client-credentials',
      tokenUrl,
      clientId: required('OIDC_CLIENT_ID', because),
      clientSecret: required('OIDC_CLIENT_SECRET', because),
    };
  }
  return {
    kind: 'local',
    username: text('USERNAME', 'k6-load-test'),
    password: required(
      'PASSWORD',
      'for a local account (with single sign-on, set K6_BEARER_TOKEN or OIDC_TOKEN_URL instead)',
    ),
    register: flag('REGISTER', true),
  };
}

/** The product's address as k6 reaches it, e.g. http://clearroom.clearroom.svc:3000 in-cluster. */
export const baseUrl = text('BASE_URL', 'http://127.0.0.1:3000').replace(/\/+$/, '');
/**
 * The Origin state-changing requests carry. It must equal the server's PUBLIC_URL when that is
 * set, even when BASE_URL is another address of the same server (a Service inside the cluster).
 */
export const origin = originOf(text('ORIGIN', baseUrl));
export const auth = readAuth();

/** The contract uploaded (ingest.ts) and asked about (ask*.ts); relative to this folder. */
export const contractFile = text('CONTRACT_FILE', `../../../shared/corpus/${CYTODYN_CONTRACT}`);
/**
 * The contract's bytes. k6 reads files only while a VU initialises: scripts call this at their
 * top level.
 */
export function openContract(): ArrayBuffer {
  try {
    return open(contractFile, 'b');
  } catch (error) {
    throw new Error(
      `CONTRACT_FILE: cannot read ${contractFile} (${String(error)}); it is the 50-page CytoDyn ` +
        'licence agreement of the CUAD corpus (see load-tests/README.md)',
      { cause: error },
    );
  }
}

/** The name it is uploaded under: the file's own name unless CONTRACT_NAME says otherwise. */
export const contractName = text(
  'CONTRACT_NAME',
  contractFile.split('/').pop() ?? CYTODYN_CONTRACT,
);
/** The project the ask scripts question: found by name (created with the contract if missing), or PROJECT_ID. */
export const projectName = text('PROJECT_NAME', 'k6 load test: CytoDyn licence agreement');
export const projectId = text('PROJECT_ID', '') ? whole('PROJECT_ID', 1) : null;

/** How often a waiting upload's status is read, and how long analysis may take. */
export const pollIntervalSeconds = positiveNumber('POLL_INTERVAL_MS', 250) / 1000;
export const ingestTimeoutSeconds = positiveNumber('INGEST_TIMEOUT_SECONDS', 600);
/** ingest.ts deletes each project it made once measured (false keeps them). */
export const cleanup = flag('CLEANUP', true);
/** Longest an answer may take before k6 gives up on it (counted as an error). */
export const answerTimeout = duration('ANSWER_TIMEOUT', '120s');

/** The ramp shared by the scenarios: up to the peak, held, then down. */
export const ramp = {
  up: duration('RAMP_UP', '1m'),
  hold: duration('HOLD', '3m'),
  down: duration('RAMP_DOWN', '30s'),
};
/** Peak concurrent askers (ask*.ts) and uploaders (ingest.ts). */
export const askers = whole('ASKERS', 20);
export const uploaders = whole('UPLOADERS', 2);
/** Dashboard and project page views per second at the peak (browse.ts). */
export const browseRate = whole('BROWSE_RATE', 50);
