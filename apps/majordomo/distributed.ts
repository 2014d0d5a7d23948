import { Redis } from 'ioredis';
import type { Config } from '../../core/config/load.js';
import { createBullMqDispatcher } from '../../core/dispatch/bullmq/bullmq-dispatcher.js';
import { redisLabel, redisOptions } from '../../core/util/redis.js';
import type { BullMqSettings } from '../../core/dispatch/bullmq/settings.js';
import type { Dispatcher } from '../../core/dispatch/dispatcher.js';
import type { PluginState } from '../../core/store/plugin-state.js';
import { RedisPluginStates } from '../../core/store/redis/redis-plugin-state.js';
import type { Store } from '../../core/store/store.js';
import type { Logger } from '../../core/util/logger.js';

/** The settings of distributed mode, or undefined when REDIS_URL is not set. */
export function bullMqSettings(config: Config, concurrency = config.core.MAJORDOMO_CONCURRENCY): BullMqSettings | undefined {
  const c = config.core;
  if (c.REDIS_URL === undefined) return undefined;
  return Object.freeze({
    redisUrl: c.REDIS_URL,
    prefix: c.MAJORDOMO_QUEUE_PREFIX,
    concurrency,
    lockMs: c.MAJORDOMO_QUEUE_LOCK_MS,
    stalledCheckMs: c.MAJORDOMO_QUEUE_STALL_CHECK_MS,
    maxStalls: c.MAJORDOMO_QUEUE_MAX_STALLS,
  });
}

/** What distributed mode puts in place of the embedded parts. */
export interface DistributedParts {
  dispatcher: Dispatcher;
  /** Plugin state in Redis: every process sees the same home and calendar. */
  pluginState: (namespace: string) => PluginState;
  /** Where Redis is, without credentials. */
  label: string;
  /** Stops the dispatcher (if it still runs) and lets go of Redis. */
  close(): Promise<void>;
}

/**
 * The BullMQ dispatcher and Redis plugin state. The supervising process passes its store
 * (it stays the only writer of it); a worker passes none.
 */
export function distributedParts(settings: BullMqSettings, logger: Logger, role: { store?: Store; work: boolean }): DistributedParts {
  const redis = new Redis(redisOptions(settings.redisUrl));
  redis.on('error', (error: Error) => logger.warn({ err: error }, 'Redis error (plugin state)'));
  const states = new RedisPluginStates(redis, settings.prefix);
  const dispatcher = createBullMqDispatcher({ settings, logger: logger.child({ part: 'dispatcher' }), work: role.work, ...(role.store ? { store: role.store } : {}) });
  return {
    dispatcher,
    pluginState: (namespace) => states.forNamespace(namespace),
    label: redisLabel(settings.redisUrl),
    async close() {
      await dispatcher.stop();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
