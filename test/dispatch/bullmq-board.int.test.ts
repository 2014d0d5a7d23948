import { describe, expect, it } from 'vitest';
import { QueueBoard } from '../../apps/dashboard/queues.js';
import { initialCheckpoint } from '../../core/agent/records.js';
import { createBullMqDispatcher } from '../../core/dispatch/bullmq/bullmq-dispatcher.js';
import { silentLogger } from '../../core/util/logger.js';
import { deletePrefix, freshPrefix, SHARED_REDIS_URL } from '../support/redis.js';

describe('the BullMQ dispatcher on the dashboard', () => {
  it('hands its real queues to the queue board, which counts their jobs', async () => {
    const prefix = freshPrefix('board');
    const dispatcher = createBullMqDispatcher({ settings: { redisUrl: SHARED_REDIS_URL, prefix, concurrency: 1, lockMs: 2_000, stalledCheckMs: 1_000, maxStalls: 5 }, logger: silentLogger });
    try {
      // Supervising only: nothing runs the group, so it stays queued where the board sees it.
      await dispatcher.start({ onOutcome: async () => {} });
      const checkpoint = initialCheckpoint({
        requestId: 'r-board',
        group: { id: 'g1', actions: [{ id: 'a1', text: 't', dependsOn: [], optional: false, decision: { kind: 'none', reason: 'test' } }] },
        requester: { address: { channel: 'console', conversationId: 'c', userId: 'u' } },
        requestText: 't',
        brain: 'test',
        at: new Date(),
      });
      await dispatcher.enqueue({ checkpoint });
      const board = QueueBoard.of(dispatcher, silentLogger)!;
      expect(board).toBeDefined();
      const counts = await board.counts();
      expect(counts.map((c) => c.name)).toEqual(['groups', 'reports']);
      expect(counts[0]!.counts['waiting']).toBe(1);
      expect(await dispatcher.stats()).toEqual({ queued: 1, running: 0 });
    } finally {
      await dispatcher.stop();
      await deletePrefix(SHARED_REDIS_URL, prefix);
    }
  });
});
