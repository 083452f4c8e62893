import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AppError } from '../../common/app-error.js';
import { LoginThrottle } from './login-throttle.entity.js';

/** Counted attempts under one key ("pair:…", "ip:…", "user:…", "register:…") within a window. */
export type ThrottleRule = { key: string; limit: number; windowMs: number };

/** The first delay once a username has reached its soft limit; it doubles with each failure. */
const FIRST_DELAY_MS = 1000;
const LONGEST_DELAY_MS = 10_000;

/**
 * Counts attempts per key in the database (so every API process shares the count). A rule at
 * its limit refuses further attempts until its window ends (429); a soft rule only slows them
 * down (see {@link delayBeforeAttempt}).
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    private readonly em: SqlEntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Throws 429 when any of the rules has used up its attempts; `refusal` words the message. */
  async assertAllowed(
    rules: ThrottleRule[],
    refusal: (wait: string) => string = (wait) =>
      `Too many failed sign-in attempts. Please try again in ${wait}.`,
  ): Promise<void> {
    const rows = await this.rowsOf(this.em.fork(), rules);
    const now = Date.now();
    const blockedUntil = rules.flatMap((rule) => {
      const row = rows.get(rule.key);
      const until = row ? row.windowStartedAt.getTime() + rule.windowMs : 0;
      return row && row.failures >= rule.limit && until > now ? [until] : [];
    });
    if (blockedUntil.length === 0) return;
    const waitSeconds = Math.ceil((Math.max(...blockedUntil) - now) / 1000);
    const minutes = Math.ceil(waitSeconds / 60);
    throw new AppError(
      'TOO_MANY_ATTEMPTS',
      refusal(`${minutes} minute${minutes === 1 ? '' : 's'}`),
      {
        'Retry-After': String(waitSeconds),
      },
    );
  }

  /**
   * How long to hold an attempt under a soft rule: nothing below its limit, then 1 s, doubling
   * with each further failure up to 10 s. Slows guessing without locking the real user out.
   */
  async delayBeforeAttempt(rule: ThrottleRule): Promise<number> {
    const row = (await this.rowsOf(this.em.fork(), [rule])).get(rule.key);
    if (!row || row.windowStartedAt.getTime() + rule.windowMs <= Date.now()) return 0;
    const excess = row.failures - rule.limit;
    return excess < 0 ? 0 : Math.min(FIRST_DELAY_MS * 2 ** excess, LONGEST_DELAY_MS);
  }

  /** Counts one attempt against each rule (a failed sign-in, a registration). */
  async record(rules: ThrottleRule[]): Promise<void> {
    try {
      await this.increment(rules);
    } catch (error) {
      // Another process created the same row at the same moment: count on top of its row.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      await this.increment(rules);
    }
  }

  private async increment(rules: ThrottleRule[]): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const now = new Date();
      const rows = await this.rowsOf(em, rules);
      for (const { key, windowMs } of rules) {
        const row = rows.get(key);
        if (!row) {
          em.create(LoginThrottle, { key, failures: 1, windowStartedAt: now });
        } else if (row.windowStartedAt.getTime() + windowMs <= now.getTime()) {
          row.failures = 1;
          row.windowStartedAt = now;
        } else {
          row.failures += 1;
        }
      }
    });
  }

  private async rowsOf(
    em: SqlEntityManager,
    rules: ThrottleRule[],
  ): Promise<Map<string, LoginThrottle>> {
    const rows = await em.find(LoginThrottle, { key: { $in: rules.map((rule) => rule.key) } });
    return new Map(rows.map((row) => [row.key, row]));
  }

  async clear(key: string): Promise<void> {
    await this.em.fork().nativeDelete(LoginThrottle, { key });
  }

  /** Rows whose window has ended under every rule that may use them. */
  async deleteStale(): Promise<number> {
    const longestWindow = Math.max(this.config.login.windowMs, this.config.registration.windowMs);
    const cutoff = new Date(Date.now() - longestWindow);
    return this.em.fork().nativeDelete(LoginThrottle, { windowStartedAt: { $lte: cutoff } });
  }
}
