import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { redisOptions } from '../../core/util/redis.js';
import { pluginStateConformance } from '../../core/store/plugin-state-conformance.js';
import { RedisPluginStates } from '../../core/store/redis/redis-plugin-state.js';
import { deletePrefix, freshPrefix, SHARED_REDIS_URL } from '../support/redis.js';

pluginStateConformance('Redis', async () => {
  const prefix = freshPrefix('state');
  const redis = new Redis(redisOptions(SHARED_REDIS_URL));
  const states = new RedisPluginStates(redis, prefix);
  return {
    states: (namespace) => states.forNamespace(namespace),
    async close() {
      await redis.quit();
      await deletePrefix(SHARED_REDIS_URL, prefix);
    },
  };
});

describe('Redis plugin state across connections (as across worker processes)', () => {
  it('applies racing updates of one key from two connections each exactly once, losing none', async () => {
    const prefix = freshPrefix('state-race');
    const a = new Redis(redisOptions(SHARED_REDIS_URL));
    const b = new Redis(redisOptions(SHARED_REDIS_URL));
    try {
      const [left, right] = [new RedisPluginStates(a, prefix).forNamespace('lights'), new RedisPluginStates(b, prefix).forNamespace('lights')];
      const inc = (n: number | undefined) => ({ next: (n ?? 0) + 1, result: (n ?? 0) + 1 });
      // Keys 0..39 from both sides at once: each applies once, whichever side gets there first.
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => [left.apply('n', `k${i}`, inc), right.apply('n', `k${i}`, inc)]).flat());
      expect(results.filter((r) => !r.replayed)).toHaveLength(40);
      expect(await left.get('n')).toBe(40);
      expect(new Set(results.filter((r) => !r.replayed).map((r) => r.result)).size).toBe(40);
    } finally {
      await a.quit();
      await b.quit();
      await deletePrefix(SHARED_REDIS_URL, prefix);
    }
  });
});
