import { describe, expect, it } from '@jest/globals';
import { loadConfig } from './app-config.js';
import { startupWarnings } from './startup-warnings.js';

describe('startupWarnings', () => {
  it.each(['0.0.0.0', '::', '10.0.0.5', 'clearroom.internal'])(
    'warns when PUBLIC_URL is unset and HOST=%s reaches beyond this machine',
    (host) => {
      const [warning, ...more] = startupWarnings(loadConfig({ HOST: host }));
      expect(more).toEqual([]);
      expect(warning).toMatch(
        new RegExp(
          `^PUBLIC_URL is not set, and Clearroom listens on ${host.replace(/\./g, '\\.')}, beyond this machine`,
        ),
      );
      expect(warning).toContain('Set PUBLIC_URL to the address people open');
    },
  );

  it.each(['127.0.0.1', '127.0.1.1', 'localhost', '::1'])(
    'stays quiet on loopback (%s)',
    (host) => {
      expect(startupWarnings(loadConfig({ HOST: host }))).toEqual([]);
    },
  );

  it('stays quiet with PUBLIC_URL set, and for a worker, which serves only its probes', () => {
    expect(
      startupWarnings(loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://deals.example.com' })),
    ).toEqual([]);
    expect(startupWarnings(loadConfig({ HOST: '0.0.0.0', APP_ROLE: 'worker' }))).toEqual([]);
  });
});
