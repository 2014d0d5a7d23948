import { UnrecoverableError, Worker } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { createBullMqDispatcher } from '../../core/dispatch/bullmq/bullmq-dispatcher.js';
import { GROUPS_QUEUE } from '../../core/dispatch/bullmq/settings.js';
import type { GroupOutcome } from '../../core/dispatch/dispatcher.js';
import { silentLogger } from '../../core/util/logger.js';
import { redisOptions } from '../../core/util/redis.js';
import { bareCheckpoint as group } from '../support/checkpoints.js';
import { deletePrefix, freshPrefix, SHARED_REDIS_URL } from '../support/redis.js';

describe('BullMQ dispatcher: a group job that failed for good', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('reports the group as broken to the supervising process, once', async () => {
    const prefix = freshPrefix('failed');
    cleanups.push(() => deletePrefix(SHARED_REDIS_URL, prefix));
    const boss = createBullMqDispatcher({ settings: { redisUrl: SHARED_REDIS_URL, prefix, concurrency: 1, lockMs: 2_000, stalledCheckMs: 200, maxStalls: 1 }, logger: silentLogger, work: false });
    cleanups.push(() => boss.stop());
    const outcomes: GroupOutcome[] = [];
    await boss.start({ onOutcome: async (o) => void outcomes.push(o), onEvent: () => {} });
    const cp = group();
    await boss.enqueue({ checkpoint: cp });

    // Some worker takes the job and it fails for good (no retry left), the way a job lost too often does.
    const taken: string[] = [];
    const worker = new Worker(
      GROUPS_QUEUE,
      async (job) => {
        taken.push(job.data.checkpoint.groupId);
        throw new UnrecoverableError('job stalled more than allowable limit');
      },
      { connection: redisOptions(SHARED_REDIS_URL), prefix },
    );
    cleanups.push(() => worker.close());
    const deadline = Date.now() + 10_000;
    while (outcomes.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(taken).toEqual([cp.groupId]);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ kind: 'crashed', checkpoint: { groupId: cp.groupId }, error: { code: 'MJ_ERR_GROUP_JOB_FAILED', message: 'job stalled more than allowable limit' } });
    // Later looks do not report it again.
    await new Promise((r) => setTimeout(r, 600));
    expect(outcomes).toHaveLength(1);
  });
});
