import { deletePrefix, freshPrefix, SHARED_REDIS_URL } from '../support/redis.js';
import { silentLogger } from '../../core/util/logger.js';
import { dispatcherConformance } from '../../core/dispatch/conformance.js';
import { createBullMqDispatcher } from '../../core/dispatch/bullmq/bullmq-dispatcher.js';

dispatcherConformance(
  'BullMQ',
  async () => {
    const prefix = freshPrefix('dispatch');
    return {
      create: (concurrency) =>
        createBullMqDispatcher({
          settings: { redisUrl: SHARED_REDIS_URL, prefix, concurrency, lockMs: 2_000, stalledCheckMs: 1_000, maxStalls: 10 },
          logger: silentLogger,
        }),
      seed: async () => {},
      dispose: () => deletePrefix(SHARED_REDIS_URL, prefix),
    };
  },
  { distributed: true },
);
