import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { GroupCheckpoint } from '../../core/agent/checkpoint.js';
import { createBullMqDispatcher, jobIdOf } from '../../core/dispatch/bullmq/bullmq-dispatcher.js';
import { GROUPS_QUEUE } from '../../core/dispatch/bullmq/settings.js';
import { openSqliteStore } from '../../core/store/sqlite/sqlite-store.js';
import { silentLogger } from '../../core/util/logger.js';
import { redisOptions } from '../../core/util/redis.js';
import { bareCheckpoint as group } from '../support/checkpoints.js';
import { deletePrefix, freshPrefix, SHARED_REDIS_URL } from '../support/redis.js';

const settings = (prefix: string) => ({ redisUrl: SHARED_REDIS_URL, prefix, concurrency: 1, lockMs: 2_000, stalledCheckMs: 60_000, maxStalls: 1 });

describe('BullMQ dispatcher: the jobs of a group', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  function queueOf(prefix: string): Queue {
    const queue = new Queue(GROUPS_QUEUE, { connection: redisOptions(SHARED_REDIS_URL), prefix });
    cleanups.push(() => queue.close());
    return queue;
  }

  it('names a job after the run it is: the same run queued twice is one job; an answer and a re-dispatch are jobs of their own', async () => {
    const prefix = freshPrefix('job-ids');
    cleanups.push(() => deletePrefix(SHARED_REDIS_URL, prefix));
    // Supervising only: the jobs stay in the queue to be looked at.
    const boss = createBullMqDispatcher({ settings: settings(prefix), logger: silentLogger, work: false });
    cleanups.push(() => boss.stop());
    await boss.start({ onOutcome: async () => {}, onEvent: () => {} });
    const cp = group();
    const answered: GroupCheckpoint = { ...cp, resume: { questionId: `${cp.groupId}:a1:q1`, answer: 'yes' } };
    const again: GroupCheckpoint = { ...cp, dispatch: 1 };
    await boss.enqueue({ checkpoint: cp });
    await boss.enqueue({ checkpoint: cp });
    await boss.enqueue({ checkpoint: answered });
    await boss.enqueue({ checkpoint: again });

    const waiting = await queueOf(prefix).getJobs(['waiting']);
    expect(waiting.map((j) => j.id).sort()).toEqual([`${cp.groupId}.0`, `${cp.groupId}.0.a1.q1`, `${cp.groupId}.1`].sort());
    expect(jobIdOf(answered)).toBe(`${cp.groupId}.0.a1.q1`);
    expect((await boss.stats()).queued).toBe(3);
  });

  it('at start, queues again the stored groups Redis does not hold; one whose job failed for good gets a job of its own, the failed one is kept, one queued under another id is left be; an earlier version\'s group → job hash goes', async () => {
    const prefix = freshPrefix('job-ids');
    cleanups.push(() => deletePrefix(SHARED_REDIS_URL, prefix));
    const store = openSqliteStore({ path: ':memory:' });
    cleanups.push(() => store.close());
    const failed = group();
    const lost = group();
    const older = group();
    for (const cp of [failed, lost, older]) {
      const at = cp.createdAt;
      await store.createRequest({ id: cp.requestId, text: 'test', requester: cp.requester, status: 'running', plan: { groups: [] }, brain: 'test', createdAt: at, updatedAt: at }, [cp]);
    }
    // The first group's job failed for good while no supervisor ran (its failure was never reported).
    const queue = queueOf(prefix);
    await queue.add('group', { checkpoint: failed }, { jobId: jobIdOf(failed) });
    const breaker = new Worker(GROUPS_QUEUE, async () => {
      throw new UnrecoverableError('lost its worker too often');
    }, { connection: redisOptions(SHARED_REDIS_URL), prefix });
    const deadline = Date.now() + 10_000;
    while ((await queue.getJobState(jobIdOf(failed))) !== 'failed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await breaker.close();
    // The third waits in the queue under an id of the kind earlier versions made.
    await queue.add('group', { checkpoint: older }, { jobId: `${older.groupId}.0.mk3x9a1f` });

    // What an earlier version left: a hash of every group's latest job.
    const redis = new Redis(redisOptions(SHARED_REDIS_URL));
    cleanups.push(() => redis.quit());
    await redis.hset(`${prefix}:mj:group-jobs`, { [failed.groupId]: 'old-id' });

    const boss = createBullMqDispatcher({ settings: settings(prefix), logger: silentLogger, work: false, store });
    cleanups.push(() => boss.stop());
    await boss.start({ onOutcome: async () => {}, onEvent: () => {} });
    expect(await redis.exists(`${prefix}:mj:group-jobs`)).toBe(0);

    const waiting = await queue.getJobs(['waiting']);
    const byGroup = new Map(waiting.map((j) => [(j.data as { checkpoint: GroupCheckpoint }).checkpoint.groupId, j.id!]));
    expect(byGroup.get(lost.groupId)).toBe(jobIdOf(lost));
    // Already in the queue: not queued a second time under the new kind of id.
    expect(waiting.filter((j) => (j.data as { checkpoint: GroupCheckpoint }).checkpoint.groupId === older.groupId).map((j) => j.id)).toEqual([`${older.groupId}.0.mk3x9a1f`]);
    expect(byGroup.get(failed.groupId)).toMatch(new RegExp(`^${jobIdOf(failed).replaceAll('.', '\\.')}\\.again-`));
    expect(await queue.getJobState(jobIdOf(failed))).toBe('failed');
    // And a cancel finds the group under its new job all the same.
    expect(await boss.cancel(failed.groupId)).toBe(true);
    expect((await queue.getJob(byGroup.get(failed.groupId)!))?.data).toMatchObject({ stop: 'cancel' });
  });
});
