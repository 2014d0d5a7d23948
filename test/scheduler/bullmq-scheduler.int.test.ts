import { randomBytes } from 'node:crypto';
import type { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { redisInstance, type RedisInstance } from '../support/redis-instance.js';
import { deletePrefix } from '../support/redis.js';
import { redisOptions, type RedisTarget } from '../../core/util/redis.js';
import { sunTimes } from '../../core/util/sun.js';
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
    const porch: ScheduledJob = { id: 'porch', kind: 'routine', at: new Date(), text: 'turn on the porch light', deliverTo, run: true, repeat: { cron: '0 0 * * *', timeZone: 'Europe/London', sun: { event: 'sunset', latitude: 51.5, longitude: -0.12 } } };

    const before = await jobs.open();
    for (const job of [soon, later, daily, porch]) await before.scheduler.schedule(job);
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
      ['porch', 'pending'],
      ['soon', 'fired'],
    ]);
    const routine = listed.find((j) => j.id === 'daily')!;
    expect(routine.repeat).toEqual(daily.repeat);
    // The next 08:00 in Paris, as BullMQ will fire it.
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(routine.at)).toBe('08:00');
    const queue = after.scheduler as unknown as { queues(): Queue[] };
    expect(await queue.queues()[0]!.getJobScheduler('routine-daily')).toMatchObject({ pattern: '0 8 * * *', tz: 'Europe/Paris' });
    // The one that follows the sun is still waiting for its next sunset in London.
    const dusk = listed.find((j) => j.id === 'porch')!;
    expect(dusk).toMatchObject({ repeat: porch.repeat, run: true });
    const delayed = await queue.queues()[0]!.getDelayed();
    const waiting = delayed.filter((j) => j.data.id === 'porch');
    expect(waiting.map((j) => j.data.at)).toEqual([dusk.at.getTime()]);
    // Due then (BullMQ stamps the job a moment after its delay was worked out).
    expect(Math.abs(waiting[0]!.timestamp + waiting[0]!.delay - dusk.at.getTime())).toBeLessThan(1_000);
    await jobs.dispose();
  });
});

describe('BullMQ scheduler: a routine that follows the sun', () => {
  it('keeps one delayed job, for its next time: queued again each time it fires, removed when it is cancelled or changed', async () => {
    const jobs = space(shared);
    const { scheduler } = await jobs.open({ lateAfterMs: 10_000 });
    const queue = (scheduler as unknown as { queues(): Queue[] }).queues()[0]!;
    const deliverTo = { channel: 'console', conversationId: 'c1', userId: 'ada' };
    const fired: ScheduledJob[] = [];
    await scheduler.start(async (job) => void fired.push(job));
    // Sunset at 0° 0°, shifted to come in a second and a half: of yesterday, today or tomorrow, the one within half a day.
    const now = new Date();
    const sunsets = [-1, 0, 1].map((d) => sunTimes({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() + d }, { latitude: 0, longitude: 0 }).sunset!.getTime());
    const offsetSeconds = sunsets.map((s) => Math.round((Date.now() + 1_500 - s) / 1000)).find((o) => Math.abs(o) <= 12 * 3600)!;
    const repeat = { cron: '0 0 * * *', timeZone: 'UTC', sun: { event: 'sunset' as const, offsetSeconds, latitude: 0, longitude: 0 } };
    await scheduler.schedule({ id: 'dusk', kind: 'routine', at: new Date(), text: 'lights', deliverTo, repeat });
    const waiting = async () => (await queue.getDelayed()).map((j) => j.data.at);
    const [first] = await scheduler.list();
    expect(await waiting()).toEqual([first!.at.getTime()]);

    await expect.poll(() => fired.length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await scheduler.list())[0]!.at.getTime()).toBeGreaterThan(first!.at.getTime());
    const [next] = await scheduler.list();
    expect(await waiting()).toEqual([next!.at.getTime()]);

    // Scheduled again: the new time's job only (the old one would fire nothing, and is not left waiting for it either).
    // An hour nearer the sunset's own time, so that the shift stays within the half a day it may be.
    const moveBy = offsetSeconds > 0 ? -3600 : 3600;
    await scheduler.schedule({ id: 'dusk', kind: 'routine', at: new Date(), text: 'lights', deliverTo, repeat: { ...repeat, sun: { ...repeat.sun, offsetSeconds: offsetSeconds + moveBy } } });
    const [moved] = await scheduler.list();
    await expect.poll(waiting).toEqual([moved!.at.getTime()]);
    expect(await scheduler.cancel('dusk')).toBe(true);
    expect(await waiting()).toEqual([]);
    expect(fired).toHaveLength(1);
    await jobs.dispose();
  });
});
