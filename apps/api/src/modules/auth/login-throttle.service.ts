import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AppError } from '../../common/app-error.js';
import { LoginThrottle } from './login-throttle.entity.js';

/**
 * Counts failed sign-ins per username and per client address in the database (so every API process
 * shares the count) and refuses further attempts once either key reaches the limit in its window.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    private readonly em: SqlEntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Throws 429 when any of the keys has used up its attempts. */
  async assertAllowed(keys: string[]): Promise<void> {
    const rows = await this.em.fork().find(LoginThrottle, { key: { $in: keys } });
    const now = Date.now();
    const blockedUntil = rows
      .filter((row) => row.failures >= this.config.login.maxFailures)
      .map((row) => row.windowStartedAt.getTime() + this.config.login.windowMs)
      .filter((until) => until > now);
    if (blockedUntil.length === 0) return;
    const waitSeconds = Math.ceil((Math.max(...blockedUntil) - now) / 1000);
    const minutes = Math.ceil(waitSeconds / 60);
    throw new AppError(
      'TOO_MANY_ATTEMPTS',
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { 'Retry-After': String(waitSeconds) },
    );
  }

  async recordFailure(keys: string[]): Promise<void> {
    try {
      await this.incrementFailures(keys);
    } catch (error) {
      // Another process created the same row at the same moment: count on top of its row.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      await this.incrementFailures(keys);
    }
  }

  private async incrementFailures(keys: string[]): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const now = new Date();
      const rows = await em.find(LoginThrottle, { key: { $in: keys } });
      for (const key of keys) {
        const row = rows.find((candidate) => candidate.key === key);
        if (!row) {
          em.create(LoginThrottle, { key, failures: 1, windowStartedAt: now });
        } else if (row.windowStartedAt.getTime() + this.config.login.windowMs <= now.getTime()) {
          row.failures = 1;
          row.windowStartedAt = now;
        } else {
          row.failures += 1;
        }
      }
    });
  }

  async clear(key: string): Promise<void> {
    await this.em.fork().nativeDelete(LoginThrottle, { key });
  }

  async deleteStale(): Promise<number> {
    const cutoff = new Date(Date.now() - this.config.login.windowMs);
    return this.em.fork().nativeDelete(LoginThrottle, { windowStartedAt: { $lte: cutoff } });
  }
}
