import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { LoginThrottleService } from './login-throttle.service.js';
import { SessionService } from './session.service.js';

const EVERY_HOUR = 3_600_000;

/** Removes expired sessions and spent sign-in counters, at start and then hourly. */
@Injectable()
export class SessionCleanup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SessionCleanup');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly sessions: SessionService,
    private readonly throttle: LoginThrottleService,
  ) {}

  onApplicationBootstrap(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), EVERY_HOUR).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async run(): Promise<void> {
    try {
      await this.sessions.deleteExpired();
      await this.throttle.deleteStale();
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not remove expired sessions');
    }
  }
}
