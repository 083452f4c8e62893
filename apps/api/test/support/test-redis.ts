import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { inCi } from './environment.js';

export const testRedisUrl = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/**
 * Whether the suites that need Redis can run. Unreachable Redis fails CI (those suites must run
 * there) and elsewhere skips them with a visible notice.
 */
export async function redisIsAvailable(): Promise<boolean> {
  const client = new Redis(testRedisUrl, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (inCi) {
      throw new Error(
        `Redis is not reachable at ${testRedisUrl} (${reason}); CI must run the Redis suites`,
        { cause: error },
      );
    }
    console.warn(
      `*** NOTICE: Redis is not reachable at ${testRedisUrl} (${reason}): the Redis suites are SKIPPED. Set TEST_REDIS_URL or start Redis.`,
    );
    return false;
  } finally {
    client.disconnect();
  }
}

/** A key prefix of its own, so concurrent runs never see each other's jobs. */
export const uniqueRedisPrefix = () => `clearroom-test-${randomBytes(5).toString('hex')}`;

/** Deletes every key under a prefix. */
export async function deleteRedisPrefix(prefix: string): Promise<void> {
  const client = new Redis(testRedisUrl);
  try {
    const keys = await client.keys(`${prefix}:*`);
    if (keys.length > 0) await client.del(...keys);
  } finally {
    client.disconnect();
  }
}
