import { randomBytes } from 'node:crypto';
import type { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { redisInstance, type RedisInstance } from '../support/redis-instance.js';
import { deletePrefix } from '../support/redis.js';
import { redisOptions, type RedisTarget } from '../../core/util/redis.js';
import { schedulerConformance, type OpenedScheduler } from '../../core/scheduler/conformance.js';
import type { ScheduledJob } from '../../core/scheduler/scheduler.js';
import { createBullmqScheduler, type BullmqSchedulerOptions } from '../../core/scheduler/bullmq/bullmq-scheduler.js';

/** The Redis the tests share (`REDIS_URL`, else 127.0.0.1:6379): fresh prefixes only, never flushed. */
const shared = redisOptions(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');

function space(connection: RedisTarget, extra: Partial<BullmqSchedulerOptions> = {}) {
  const prefix = `mj-test-sched-${randomBytes(4).toString('hex')}`;
  const open: OpenedScheduler[] = [];
  return {
    prefix,
    async open(options: Partial<BullmqSchedulerOptions> = {}): Promise<OpenedScheduler> {
      const scheduler = createBullmqScheduler({ connection, prefix, ...extra, ...options });
      const opened = { scheduler, close: () => scheduler.close() };
      open.push(opened);
      return opened;
    },
    async dispose(): Promise<void> {
      await Promise.all(open.splice(0).map((o) => o.close()));
      await deletePrefix(connection, prefix);
    },
  };
}

schedulerConformance('BullMQ (real Redis)', { shared: true, space: async () => space(shared) });

describe('BullMQ scheduler across a restart of Redis (AOF)', () => {
  let redis: RedisInstance | undefined;
  afterAll(async () => redis?.dispose());

  it('keeps reminders and routines through a restart of Redis and of every process', async () => {
    redis = await redisInstance();
    await redis.start();
    const connection = redisOptions(redis.url);
    const jobs = space(connection);
    const deliverTo = { channel: 'console', conversationId: 'c1', userId: 'ada' };
    const soon: ScheduledJob = { id: 'soon', kind: 'reminder', at: new Date(Date.now() + 300), text: 'take out the trash', deliverTo, requestId: 'r-1' };
    const later: ScheduledJob = { id: 'later', kind: 'reminder', at: new Date(Date.now() + 3_600_000), text: 'water the plants', deliverTo };
    const daily: ScheduledJob = { id: 'daily', kind: 'routine', at: new Date(), text: 'stretch', deliverTo, repeat: { cron: '0 8 * * *', timeZone: 'Europe/Paris' } };

    const before = await jobs.open();
    for (const job of [soon, later, daily]) await before.scheduler.schedule(job);
    await before.scheduler.cancel('later');
    await before.scheduler.schedule(later);
    await before.close();
    await redis.stop();
    // Everything is down while the reminder falls due.
    await new Promise((r) => setTimeout(r, 600));
    await redis.start();

    const after = await jobs.open({ lateAfterMs: 200 });
    const fired: Array<{ job: ScheduledJob; late: boolean }> = [];
    await after.scheduler.start(async (job, info) => void fired.push({ job, late: info.late }));
    await expect.poll(() => fired.length, { timeout: 10_000 }).toBe(1);
    expect(fired).toEqual([{ job: soon, late: true }]);
    const listed = await after.scheduler.list();
    expect(listed.map((j) => [j.id, j.status]).sort()).toEqual([
      ['daily', 'pending'],
      ['later', 'pending'],
      ['soon', 'fired'],
    ]);
    const routine = listed.find((j) => j.id === 'daily')!;
    expect(routine.repeat).toEqual(daily.repeat);
    // The next 08:00 in Paris, as BullMQ will fire it.
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(routine.at)).toBe('08:00');
    const queue = after.scheduler as unknown as { queues(): Queue[] };
    expect(await queue.queues()[0]!.getJobScheduler('routine-daily')).toMatchObject({ pattern: '0 8 * * *', tz: 'Europe/Paris' });
    await jobs.dispose();
  });
});
