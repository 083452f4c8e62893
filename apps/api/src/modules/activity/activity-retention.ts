import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ActivityLog } from './activity-log.service.js';

const EVERY_HOUR = 3_600_000;

/**
 * Enforces ACTIVITY_RETENTION_DAYS: removes older activity-log entries at start and then hourly.
 * Unset (the default), entries are kept forever and this does nothing.
 */
@Injectable()
export class ActivityRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ActivityRetention');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly log: ActivityLog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.activityRetentionMs === null) return;
    void this.run();
    this.timer = setInterval(() => void this.run(), EVERY_HOUR).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Answers how many entries were removed. */
  async run(now = Date.now()): Promise<number> {
    if (this.config.activityRetentionMs === null) return 0;
    try {
      const removed = await this.log.deleteOlderThan(
        new Date(now - this.config.activityRetentionMs),
      );
      if (removed > 0) this.logger.log(`Removed ${removed} activity entries past the retention`);
      return removed;
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not apply the activity retention');
      return 0;
    }
  }
}
