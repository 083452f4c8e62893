import type { AppConfig } from './app-config.js';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3})$/i;

/** What an operator should fix, said once at start (see main.ts). */
export function startupWarnings(config: AppConfig): string[] {
  const warnings: string[] = [];
  if (config.publicOrigin === null && config.role !== 'worker' && !LOOPBACK.test(config.host)) {
    warnings.push(
      `PUBLIC_URL is not set, and Clearroom listens on ${config.host}, beyond this machine: ` +
        'state-changing requests are then checked against the Host header each request names, ' +
        'which the client chooses. Set PUBLIC_URL to the address people open, such as ' +
        'https://clearroom.example.com.',
    );
  }
  return warnings;
}
