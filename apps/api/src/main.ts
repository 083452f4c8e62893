import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { Logger } from 'nestjs-pino';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config.js';
import { createApp } from './app.factory.js';
import { prepareDataDir } from './config/data-dir.js';
import { startupWarnings } from './config/startup-warnings.js';
import { installGracefulShutdown } from './graceful-shutdown.js';
import { Metrics } from './infra/metrics/metrics.port.js';
import { closeMetricsServer, startMetricsServer } from './infra/metrics/metrics.server.js';
import { startBanner, startRecord } from './start-banner.js';

/** Where `nx build web` puts the SPA, relative to this file in dist/apps/api. */
const BUILT_WEB_DIR = fileURLToPath(new URL('../web', import.meta.url));

function readConfig(): AppConfig {
  try {
    return loadConfig(process.env, BUILT_WEB_DIR, process.stdout.isTTY);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
prepareDataDir(config);
const app = await createApp(config);
await app.listen(config.port, config.host);
const metricsServer =
  config.metricsPort === null
    ? null
    : await startMetricsServer(app.get(Metrics), config.host, config.metricsPort);
installGracefulShutdown(app, {
  timeoutMs: config.shutdownTimeoutMs,
  logger: app.get(Logger),
  closeLast: metricsServer ? () => closeMetricsServer(metricsServer) : undefined,
});
process.stdout.write(
  config.logFormat === 'pretty'
    ? startBanner(config, process.version)
    : startRecord(config, process.version),
);
for (const warning of startupWarnings(config)) app.get(Logger).warn(warning, 'Configuration');
