import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisOptions } from '../util/redis.js';
import { createRedisRateLimiter } from './rate-limit-redis.js';

const redis = new Redis(redisOptions(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379'));
const prefix = `mj-test-rate-${randomBytes(4).toString('hex')}`;
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe('rate limit in Redis (token bucket on Redis time)', () => {
  it('shares a bucket between limiters, refills it at the rate, and lets it expire once full', async () => {
    const limit = { perMinute: 600, burst: 2 };
    const [one, two] = [createRedisRateLimiter(redis, limit, prefix), createRedisRateLimiter(redis, limit, prefix)];
    expect(await one.take('console:ada')).toEqual({ allowed: true });
    expect(await two.take('console:ada')).toEqual({ allowed: true });
    const refused = await one.take('console:ada');
    expect(refused.allowed).toBe(false);
    const wait = (refused as { retryAfterMs: number }).retryAfterMs;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(100);
    // Another requester is not affected.
    expect(await two.take('discord:bob')).toEqual({ allowed: true });

    const ttl = await redis.pttl(`${prefix}:rate:console:ada`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(200 + 1_000);

    await new Promise((r) => setTimeout(r, wait + 20));
    expect(await two.take('console:ada')).toEqual({ allowed: true });
  });
});
