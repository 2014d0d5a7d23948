import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { redisOptions, type RedisTarget } from '../../core/util/redis.js';

/** The Redis the tests share (`REDIS_URL`, else 127.0.0.1:6379). Never flushed: use {@link freshPrefix}. */
export const SHARED_REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** A key prefix no other test uses. */
export function freshPrefix(what = 'test'): string {
  return `mj-${what}-${randomBytes(5).toString('hex')}`;
}

/** Deletes every key under a prefix, and nothing else: the Redis is shared. */
export async function deletePrefix(target: string | RedisTarget, prefix: string): Promise<void> {
  const redis = new Redis(typeof target === 'string' ? redisOptions(target) : target);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
