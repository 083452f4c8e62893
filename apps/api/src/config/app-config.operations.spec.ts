import { describe, expect, it } from '@jest/globals';
import { loadConfig } from './app-config.js';
import { configError } from './fixtures/config-error.js';

describe('loadConfig: operations', () => {
  it('serves metrics on 9464 and allows 30 s for a graceful shutdown by default', () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: 9464, shutdownTimeoutMs: 30_000 });
  });

  it('reads METRICS_PORT and SHUTDOWN_TIMEOUT_SECONDS; METRICS_PORT=0 turns metrics off', () => {
    expect(loadConfig({ METRICS_PORT: '9100', SHUTDOWN_TIMEOUT_SECONDS: '5' })).toMatchObject({
      metricsPort: 9100,
      shutdownTimeoutMs: 5_000,
    });
    expect(loadConfig({ METRICS_PORT: '0' }).metricsPort).toBeNull();
  });

  it.each([
    [
      { METRICS_PORT: '-1' },
      'Invalid configuration: METRICS_PORT must be 0 (off) or a port number (got "-1")',
    ],
    [
      { METRICS_PORT: '70000' },
      'Invalid configuration: METRICS_PORT must be at most 65535 (got "70000")',
    ],
    [
      { METRICS_PORT: 'metrics' },
      'Invalid configuration: METRICS_PORT must be a whole number (got "metrics")',
    ],
    [
      { PORT: '8080', METRICS_PORT: '8080' },
      'Invalid configuration: METRICS_PORT must differ from PORT (both are 8080)',
    ],
    [
      { SHUTDOWN_TIMEOUT_SECONDS: '0' },
      'Invalid configuration: SHUTDOWN_TIMEOUT_SECONDS must be at least 1 (got "0")',
    ],
    [
      { SHUTDOWN_TIMEOUT_SECONDS: '2.5' },
      'Invalid configuration: SHUTDOWN_TIMEOUT_SECONDS must be a whole number (got "2.5")',
    ],
  ])('stops on %j with one line naming the variable', (env, message) => {
    expect(configError(env)).toBe(message);
  });
});

describe('loadConfig: activity log retention', () => {
  it('keeps entries forever unless ACTIVITY_RETENTION_DAYS is set', () => {
    expect(loadConfig({}).activityRetentionMs).toBeNull();
    expect(loadConfig({ ACTIVITY_RETENTION_DAYS: '30' }).activityRetentionMs).toBe(30 * 86_400_000);
    expect(() => loadConfig({ ACTIVITY_RETENTION_DAYS: '0' })).toThrow(
      'Invalid configuration: ACTIVITY_RETENTION_DAYS must be at least 1',
    );
  });
});
