import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Drives Debian's chromium (no browser is ever downloaded) against the product exactly as
 * `npm start` runs it: the built API serving the built web app, on a fresh SQLite data directory.
 */
const port = Number(process.env['E2E_PORT'] ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'clearroom-e2e-'));
const executablePath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',

  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  // One retry in CI: a flaky step then shows up as "flaky" in the log instead of blocking a
  // landing; a test that fails twice still fails the run.
  retries: process.env['CI'] ? 1 : 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./page-snapshot-reporter.ts']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
      testIgnore: /phone/,
    },
    { name: 'phone', use: { ...devices['Pixel 7'] }, testMatch: /phone/ },
  ],
  webServer: {
    command: 'npm start',
    cwd: path.resolve(import.meta.dirname, '../..'),
    url: `${baseURL}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    // Every journey signs up from 127.0.0.1: beyond the per-address registration limit.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REGISTER_MAX_PER_ADDRESS: '1000',
      // The journeys need no /metrics, and its fixed port may be taken by another local server.
      METRICS_PORT: '0',
    },
  },
});
