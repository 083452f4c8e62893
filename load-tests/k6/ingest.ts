/**
 * Uploading the data room: UPLOADERS people each upload the 50-page contract into a new project
 * and wait until it is `completed`, over and over; the trend is the time from the upload's
 * response to `completed` (to within POLL_INTERVAL_MS). Each project is deleted afterwards
 * (CLEANUP=false keeps them). Local equivalent: `npm run bench:ingest` (its first figure, the
 * same contract, polled every 10 ms).
 *
 *   k6 run -e BASE_URL=https://clearroom.example.com -e PASSWORD=… load-tests/k6/ingest.ts
 */
import { check } from 'k6';
import { Rate, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import {
  createProject,
  deleteProject,
  ensureAccount,
  uploadDocument,
  waitForAnalysis,
} from './clearroom.ts';
import {
  cleanup,
  contractName,
  ingestTimeoutSeconds,
  openContract,
  ramp,
  uploaders,
} from './config.ts';

const contract = openContract();
const uploadToCompleted = new Trend('clearroom_upload_to_completed', true);
const pagesPerSecond = new Trend('clearroom_pages_per_second');
const analysisFailures = new Rate('clearroom_analysis_failures');

export const options: Options = {
  scenarios: {
    ingest: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: ramp.up, target: uploaders },
        { duration: ramp.hold, target: uploaders },
        { duration: ramp.down, target: 0 },
      ],
      gracefulRampDown: `${ingestTimeoutSeconds}s`,
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    clearroom_analysis_failures: ['rate<0.01'],
  },
};

export function setup(): void {
  ensureAccount();
}

export default function ingest(): void {
  const projectId = createProject(`k6 ingest ${__VU}-${__ITER} ${new Date().toISOString()}`);
  try {
    const upload = uploadDocument(projectId, contract, contractName);
    const analysis = waitForAnalysis(projectId, upload.file.id);
    const completed = analysis.file?.processingStatus === 'completed';
    analysisFailures.add(!completed);
    check(analysis, {
      'analysis: completed': () => completed,
      'analysis: within INGEST_TIMEOUT_SECONDS': (a) => !a.timedOut,
    });
    if (completed) {
      uploadToCompleted.add(analysis.ms);
      const pages = analysis.file?.pageCount ?? 0;
      if (pages > 0 && analysis.ms > 0) pagesPerSecond.add(pages / (analysis.ms / 1000));
    }
  } finally {
    if (cleanup) deleteProject(projectId);
  }
}
