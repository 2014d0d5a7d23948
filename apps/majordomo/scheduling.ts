import { Redis } from 'ioredis';
import type { Config } from '../../core/config/load.js';
import { createRedisRateLimiter } from '../../core/gateway/rate-limit-redis.js';
import { createMemoryRateLimiter, type RateLimiter } from '../../core/gateway/rate-limit.js';
import { createBullmqScheduler } from '../../core/scheduler/bullmq/bullmq-scheduler.js';
import { createEmbeddedScheduler } from '../../core/scheduler/embedded.js';
import type { Scheduler } from '../../core/scheduler/scheduler.js';
import type { ScheduledJobStore } from '../../core/store/store.js';
import type { Logger } from '../../core/util/logger.js';
import { redisOptions } from '../../core/util/redis.js';

/** The scheduler and the rate limiter of this mode, and how to let go of their connections. */
export interface Scheduling {
  scheduler: Scheduler;
  rateLimiter: RateLimiter | undefined;
  maxQueued: number;
  close(): Promise<void>;
}

/**
 * Embedded (no REDIS_URL): the SQLite-backed scheduler and a rate limit counted in this
 * process. Distributed: reminders and routines on BullMQ, and a rate limit counted in Redis,
 * so that every gateway sharing the Redis shares each requester's count.
 */
export function createScheduling(config: Config, store: ScheduledJobStore, logger: Logger, clock?: () => Date): Scheduling {
  const c = config.core;
  const limit = { perMinute: c.MAJORDOMO_RATE_LIMIT, burst: c.MAJORDOMO_RATE_BURST };
  const clocked = clock ? { clock } : {};
  if (c.REDIS_URL === undefined) {
    return {
      scheduler: createEmbeddedScheduler({ store, logger: logger.child({ part: 'scheduler' }), ...clocked }),
      rateLimiter: limit.perMinute > 0 ? createMemoryRateLimiter(limit, clock) : undefined,
      maxQueued: c.MAJORDOMO_MAX_QUEUED,
      close: async () => {},
    };
  }
  const connection = redisOptions(c.REDIS_URL);
  const prefix = c.MAJORDOMO_QUEUE_PREFIX;
  const scheduler = createBullmqScheduler({ connection, prefix, logger: logger.child({ part: 'scheduler' }), ...clocked });
  let redis: Redis | undefined;
  if (limit.perMinute > 0) {
    redis = new Redis(connection);
    redis.on('error', (error) => logger.warn({ err: error }, 'the rate limit lost Redis; it reconnects'));
  }
  return {
    scheduler,
    rateLimiter: redis ? createRedisRateLimiter(redis, limit, prefix) : undefined,
    maxQueued: c.MAJORDOMO_MAX_QUEUED,
    async close() {
      await scheduler.close();
      await redis?.quit().catch(() => redis?.disconnect());
    },
  };
}
