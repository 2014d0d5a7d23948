import { afterEach, describe, expect, it } from 'vitest';
import type { Address } from '../types.js';
import { sunTimes } from '../util/sun.js';
import type { FireHandler, ScheduledJob, Scheduler } from './scheduler.js';

/** Options every scheduler takes, so that the suite can make lateness and retries quick. */
export interface ConformanceSchedulerOptions {
  lateAfterMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
}

/** One scheduler as one process would have it; `close` ends that process's part. */
export interface OpenedScheduler {
  scheduler: Scheduler;
  close(): Promise<void>;
}

/**
 * A fresh place for jobs (a new database file, a new Redis prefix). Schedulers opened in the
 * same space share their jobs, as processes sharing one store or one Redis do.
 */
export interface SchedulerSpace {
  open(options?: ConformanceSchedulerOptions): Promise<OpenedScheduler>;
  /** Closes what is still open and removes the space. */
  dispose(): Promise<void>;
}

export interface SchedulerHarness {
  space(): Promise<SchedulerSpace>;
  /**
   * Several started schedulers may share one space, each due job firing once between them
   * (true of a Redis shared by processes; the embedded scheduler owns its data directory alone).
   */
  shared: boolean;
}

const deliverTo: Address = { channel: 'console', conversationId: 'c1', userId: 'ada' };
const reminder = (id: string, at: Date, text = `remember ${id}`): ScheduledJob => ({ id, kind: 'reminder', at, text, deliverTo });
const everySecond = (id: string, text = `routine ${id}`): ScheduledJob => ({
  id,
  kind: 'routine',
  at: new Date(),
  text,
  deliverTo,
  repeat: { cron: '* * * * * *', timeZone: 'UTC' },
});
const inMs = (ms: number): Date => new Date(Date.now() + ms);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

interface Call {
  job: ScheduledJob;
  late: boolean;
  /** When the handler was called (epoch ms). */
  at: number;
}

/** What a handler saw; `fail` decides, per job and call number, whether the handler throws. */
function recorder(fail: (job: ScheduledJob, call: number) => boolean = () => false): { calls: Call[]; onFire: FireHandler } {
  const calls: Call[] = [];
  const onFire: FireHandler = async (job, info) => {
    calls.push({ job, late: info.late, at: Date.now() });
    if (fail(job, calls.length)) throw new Error(`handler failed on call ${calls.length}`);
  };
  return { calls, onFire };
}

/**
 * Registers the behaviour every {@link Scheduler} must have, as one vitest suite, for one
 * implementation: firing at the time and not before, jobs that fell due while nothing ran
 * firing late at start, cancel, replacement by id, retries of a failing handler, stop
 * waiting for a fire in flight, list filters, routines (cron and time zone) that keep
 * firing and fire once for what they missed, bad input refused, and, for schedulers that
 * processes share, each job firing once between them.
 */
export function schedulerConformance(name: string, harness: SchedulerHarness): void {
  describe(`Scheduler conformance: ${name}`, () => {
    const spaces: SchedulerSpace[] = [];
    const space = async (): Promise<SchedulerSpace> => {
      const made = await harness.space();
      spaces.push(made);
      return made;
    };
    afterEach(async () => {
      await Promise.all(spaces.splice(0).map((s) => s.dispose()));
    });

    it('fires a job at its time, not before, and marks it fired', async () => {
      const { scheduler } = await (await space()).open();
      const { calls, onFire } = recorder();
      await scheduler.schedule(reminder('later', inMs(60 * 60_000)));
      await scheduler.start(onFire);
      const soon = reminder('soon', inMs(150));
      await scheduler.schedule(soon);
      await waitFor(() => calls.length === 1, 'the job to fire');
      expect(calls[0]!.job).toEqual(soon);
      expect(calls[0]!.late).toBe(false);
      expect(calls[0]!.at).toBeGreaterThanOrEqual(soon.at.getTime() - 5);
      await expect.poll(() => scheduler.list({ status: 'fired' })).toMatchObject([{ id: 'soon', status: 'fired', firedAt: expect.any(Date) }]);
      expect(await scheduler.list({ status: 'pending' })).toMatchObject([{ id: 'later' }]);
      expect(calls).toHaveLength(1);
    });

    it('fires jobs that fell due while no process ran, at start, marked late', async () => {
      const shared = await space();
      const before = await shared.open();
      const past = reminder('past', inMs(100));
      await before.scheduler.schedule(past);
      await before.scheduler.schedule(reminder('future', inMs(60 * 60_000)));
      await before.close();
      await sleep(Math.max(0, past.at.getTime() + 300 - Date.now()));

      const after = await shared.open({ lateAfterMs: 200 });
      const { calls, onFire } = recorder();
      await after.scheduler.start(onFire);
      await waitFor(() => calls.length === 1, 'the missed job to fire');
      expect(calls.map((c) => [c.job.id, c.job.text, c.late])).toEqual([['past', past.text, true]]);
      await expect.poll(async () => (await after.scheduler.list({ status: 'pending' })).map((j) => j.id)).toEqual(['future']);
      await sleep(100);
      expect(calls).toHaveLength(1);
    });

    it('does not fire a cancelled job, and says what it cancelled', async () => {
      const { scheduler } = await (await space()).open();
      const { calls, onFire } = recorder();
      await scheduler.start(onFire);
      await scheduler.schedule(reminder('j1', inMs(150)));
      expect(await scheduler.cancel('j1')).toBe(true);
      expect(await scheduler.cancel('j1')).toBe(false);
      expect(await scheduler.cancel('unknown')).toBe(false);
      await sleep(350);
      expect(calls).toEqual([]);
      expect(await scheduler.list()).toMatchObject([{ id: 'j1', status: 'cancelled' }]);
    });

    it('keeps one job per id: scheduling a pending one again replaces it, a fired one stays fired', async () => {
      const { scheduler } = await (await space()).open();
      const { calls, onFire } = recorder();
      await scheduler.schedule(reminder('j1', inMs(60 * 60_000), 'first'));
      await scheduler.start(onFire);
      await scheduler.schedule(reminder('j1', inMs(100), 'second'));
      expect(await scheduler.list()).toHaveLength(1);
      await waitFor(() => calls.length === 1, 'the replaced job to fire');
      await expect.poll(() => scheduler.list({ status: 'fired' })).toHaveLength(1);
      await scheduler.schedule(reminder('j1', inMs(10), 'third'));
      await sleep(300);
      expect(calls.map((c) => c.job.text)).toEqual(['second']);
      expect(await scheduler.list()).toMatchObject([{ id: 'j1', text: 'second', status: 'fired' }]);
    });

    it('retries a failing handler with a growing delay and never loses the job', async () => {
      const { scheduler } = await (await space()).open({ retryBaseMs: 40, retryMaxMs: 1_000 });
      const { calls, onFire } = recorder((job, call) => job.id === 'flaky' && call <= 2);
      await scheduler.schedule(reminder('flaky', inMs(-1)));
      await scheduler.start(onFire);
      await waitFor(() => calls.length === 3, 'the third try');
      // 40 ms, then 80 ms (less a little for timer granularity).
      expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(30);
      expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(70);
      await expect.poll(() => scheduler.list({ status: 'fired' })).toMatchObject([{ id: 'flaky' }]);
      await sleep(150);
      expect(calls).toHaveLength(3);
    });

    it('keeps firing other jobs while one keeps failing', async () => {
      const { scheduler } = await (await space()).open({ retryBaseMs: 10_000 });
      const { calls, onFire } = recorder((job) => job.id === 'broken');
      await scheduler.schedule(reminder('broken', inMs(-10)));
      await scheduler.start(onFire);
      await waitFor(() => calls.length === 1, 'the broken job to be tried');
      await scheduler.schedule(reminder('fine', inMs(50)));
      await waitFor(() => calls.some((c) => c.job.id === 'fine'), 'the fine job to fire');
      expect(calls.map((c) => c.job.id)).toEqual(['broken', 'fine']);
      expect(await scheduler.list({ status: 'pending' })).toMatchObject([{ id: 'broken' }]);
    });

    it('waits for a fire in flight when stopped, then fires nothing more', async () => {
      const { scheduler } = await (await space()).open();
      let release: () => void = () => {};
      const calls: string[] = [];
      await scheduler.schedule(reminder('slow', inMs(-1)));
      await scheduler.start(async (job) => {
        calls.push(job.id);
        await new Promise<void>((resolve) => (release = resolve));
      });
      await waitFor(() => calls.length === 1, 'the slow job to start');
      let stopped = false;
      const stopping = scheduler.stop().then(() => (stopped = true));
      await sleep(50);
      expect(stopped).toBe(false);
      release();
      await stopping;
      expect(await scheduler.list({ status: 'fired' })).toMatchObject([{ id: 'slow' }]);
      await scheduler.schedule(reminder('after-stop', inMs(-1)));
      await sleep(100);
      expect(calls).toEqual(['slow']);
      expect(await scheduler.list({ status: 'pending' })).toMatchObject([{ id: 'after-stop' }]);
    });

    it('refuses to start twice', async () => {
      const { scheduler } = await (await space()).open();
      await scheduler.start(async () => {});
      await expect(scheduler.start(async () => {})).rejects.toMatchObject({ code: 'MJ_ERR_CONFLICT' });
    });

    it('lists by status and time, earliest first', async () => {
      const { scheduler } = await (await space()).open();
      const t0 = Date.now() + 60 * 60_000;
      for (const [id, m] of [['c', 30], ['a', 10], ['b', 20], ['d', 40]] as const) await scheduler.schedule(reminder(id, new Date(t0 + m * 60_000)));
      await scheduler.cancel('b');
      const range = { from: new Date(t0 + 10 * 60_000), to: new Date(t0 + 40 * 60_000) };
      expect((await scheduler.list({ status: 'pending', ...range })).map((j) => j.id)).toEqual(['a', 'c']);
      expect((await scheduler.list(range)).map((j) => j.id)).toEqual(['a', 'b', 'c']);
      expect((await scheduler.list({ status: 'cancelled' })).map((j) => j.id)).toEqual(['b']);
      const [first] = await scheduler.list();
      expect(first).toEqual({ ...reminder('a', new Date(t0 + 10 * 60_000)), status: 'pending' });
      expect(first!.at).toBeInstanceOf(Date);
    });

    it('refuses bad jobs with a clear error and keeps nothing of them', async () => {
      const { scheduler } = await (await space()).open();
      const bad: Array<[ScheduledJob, RegExp]> = [
        [{ ...everySecond('r1'), repeat: { cron: 'every day', timeZone: 'UTC' } }, /cron pattern/],
        [{ ...everySecond('r2'), repeat: { cron: '0 8 * * *', timeZone: 'Mars/Olympus' } }, /time zone/],
        [{ ...everySecond('r3'), repeat: undefined }, /no repeat pattern/],
        [{ ...reminder('r4', new Date(Number.NaN)) }, /not a valid date/],
        [{ ...reminder('r5', inMs(1_000)), repeat: { cron: '0 8 * * *', timeZone: 'UTC' } }, /has a repeat pattern/],
        [{ ...everySecond('r6'), except: ['next monday'] }, /times to let pass that are not all times/],
        [{ ...reminder('r7', inMs(1_000)), except: ['2030-01-07T09:45:00.000Z'] }, /reminder r7 has times to let pass/],
        [{ ...everySecond('r8'), repeat: { cron: '0 0 * * *', timeZone: 'UTC', sun: { event: 'noon' as 'sunset', latitude: 51.5, longitude: 0 } } }, /says no time of it/],
        [{ ...everySecond('r9'), repeat: { cron: '0 0 * * *', timeZone: 'UTC', sun: { event: 'sunset', latitude: 95, longitude: 0 } } }, /at no valid place/],
        [{ ...everySecond('r10'), repeat: { cron: '0 0 * * *', timeZone: 'UTC', sun: { event: 'dawn', offsetSeconds: 86_400, latitude: 51.5, longitude: 0 } } }, /invalid while from the dawn/],
      ];
      for (const [job, message] of bad) {
        await expect(scheduler.schedule(job), job.id).rejects.toMatchObject({ code: 'MJ_ERR_INVALID_INPUT', message: expect.stringMatching(message) });
      }
      expect(await scheduler.list()).toEqual([]);
    });

    it('fires a routine at each occurrence of its pattern, keeps it pending, and stops when cancelled', async () => {
      // Lateness is another test's business: a loaded machine may fire an occurrence a little late.
      const { scheduler } = await (await space()).open({ lateAfterMs: 10_000 });
      const { calls, onFire } = recorder();
      await scheduler.start(onFire);
      // The times it lets pass are kept with it, and handed over when it fires (the engine passes over those).
      const routine = { ...everySecond('r1'), except: ['2030-01-07T09:45:00.000Z'] };
      await scheduler.schedule(routine);
      const [listed] = await scheduler.list();
      expect(listed).toMatchObject({ id: 'r1', kind: 'routine', status: 'pending', repeat: routine.repeat, except: routine.except });
      expect(listed!.at.getTime()).toBeGreaterThan(Date.now() - 1_000);
      expect(listed!.at.getMilliseconds()).toBe(0);
      await waitFor(() => calls.length >= 2, 'two occurrences');
      const occurrences = calls.map((c) => c.job.at.getTime());
      expect(new Set(occurrences).size).toBe(occurrences.length);
      for (const c of calls) {
        expect(c.job).toMatchObject({ id: 'r1', kind: 'routine', text: routine.text, deliverTo, repeat: routine.repeat, except: routine.except });
        expect(c.job.at.getMilliseconds()).toBe(0);
        expect(c.at).toBeGreaterThanOrEqual(c.job.at.getTime() - 5);
        expect(c.late).toBe(false);
      }
      await expect.poll(async () => (await scheduler.list())[0]?.firedAt).toBeInstanceOf(Date);
      const [after] = await scheduler.list();
      expect(after).toMatchObject({ id: 'r1', status: 'pending' });
      expect(after!.at.getTime()).toBeGreaterThan(occurrences[0]!);

      expect(await scheduler.cancel('r1')).toBe(true);
      const firedBeforeCancel = calls.length;
      await sleep(1_300);
      // At most an occurrence that was already being fired when it was cancelled.
      expect(calls.length).toBeLessThanOrEqual(firedBeforeCancel + 1);
      expect(await scheduler.list()).toMatchObject([{ id: 'r1', status: 'cancelled' }]);
    });

    it('changes a routine scheduled again from its next occurrence on, and turns it into a reminder', async () => {
      const { scheduler } = await (await space()).open({ lateAfterMs: 900 });
      const { calls, onFire } = recorder();
      await scheduler.start(onFire);
      await scheduler.schedule(everySecond('r1', 'first'));
      await waitFor(() => calls.length >= 1, 'the first occurrence');
      await scheduler.schedule(everySecond('r1', 'second'));
      await waitFor(() => calls.some((c) => c.job.text === 'second'), 'an occurrence of the changed routine');
      await waitFor(() => calls.filter((c) => c.job.text === 'second').length >= 2, 'another one');
      const firstSecond = calls.findIndex((c) => c.job.text === 'second');
      expect(calls.slice(firstSecond).map((c) => c.job.text)).not.toContain('first');
      expect(await scheduler.list()).toMatchObject([{ id: 'r1', kind: 'routine', text: 'second', status: 'pending' }]);

      await scheduler.schedule(reminder('r1', inMs(1_500), 'once'));
      const before = calls.length;
      await waitFor(() => calls.some((c) => c.job.text === 'once'), 'the reminder');
      await sleep(1_200);
      // At most an occurrence already being fired when it changed, then the reminder alone.
      expect(calls.slice(before).filter((c) => c.job.kind === 'routine').length).toBeLessThanOrEqual(1);
      expect(calls.slice(before).filter((c) => c.job.text === 'once')).toHaveLength(1);
      expect(calls.at(-1)!.job).toMatchObject({ kind: 'reminder', text: 'once' });
      await expect.poll(() => scheduler.list()).toMatchObject([{ id: 'r1', kind: 'reminder', status: 'fired' }]);
    });

    it('fires a routine that follows the sun when the sun does so, then at the next day\'s, and stops when cancelled', async () => {
      const { scheduler } = await (await space()).open({ lateAfterMs: 10_000 });
      const { calls, onFire } = recorder();
      await scheduler.start(onFire);
      // Sunset on the equator at Greenwich, shifted to come in two seconds: of yesterday, today or tomorrow, the one within half a day.
      const place = { latitude: 0, longitude: 0 };
      const target = Date.now() + 2_000;
      const today = new Date();
      const sunsets = [-1, 0, 1].map((d) => sunTimes({ year: today.getUTCFullYear(), month: today.getUTCMonth() + 1, day: today.getUTCDate() + d }, place).sunset!.getTime());
      const offsetSeconds = sunsets.map((s) => Math.round((target - s) / 1000)).find((o) => Math.abs(o) <= 12 * 3600)!;
      const repeat = { cron: '0 0 * * *', timeZone: 'UTC', sun: { event: 'sunset' as const, offsetSeconds, ...place } };
      await scheduler.schedule({ ...everySecond('dusk'), repeat });
      const [listed] = await scheduler.list();
      expect(listed).toMatchObject({ id: 'dusk', kind: 'routine', status: 'pending', repeat });
      expect(Math.abs(listed!.at.getTime() - target)).toBeLessThan(1_000);

      await waitFor(() => calls.length >= 1, 'the sunset');
      expect(calls[0]!.job).toMatchObject({ id: 'dusk', kind: 'routine', repeat, at: listed!.at });
      expect(calls[0]!.at).toBeGreaterThanOrEqual(listed!.at.getTime() - 5);
      await expect.poll(async () => (await scheduler.list())[0]?.firedAt).toBeInstanceOf(Date);
      const [after] = await scheduler.list();
      // The next is the next day's sunset, shifted as much: a day later, give or take the minutes the sunset moves by.
      expect(after).toMatchObject({ id: 'dusk', status: 'pending' });
      expect(Math.abs(after!.at.getTime() - listed!.at.getTime() - 24 * 3600_000)).toBeLessThan(5 * 60_000);
      await sleep(500);
      expect(calls).toHaveLength(1);
      expect(await scheduler.cancel('dusk')).toBe(true);
      expect(await scheduler.list()).toMatchObject([{ id: 'dusk', status: 'cancelled' }]);
    });

    it('fires a routine that comes every other day at its time, then not until two days later', async () => {
      const { scheduler } = await (await space()).open({ lateAfterMs: 10_000 });
      const { calls, onFire } = recorder();
      await scheduler.start(onFire);
      const target = new Date(Math.ceil((Date.now() + 2_000) / 1000) * 1000);
      const repeat = {
        cron: `${target.getUTCSeconds()} ${target.getUTCMinutes()} ${target.getUTCHours()} * * *`,
        timeZone: 'UTC',
        interval: { count: 2, unit: 'day' as const, from: target.toISOString().slice(0, 10) },
      };
      await scheduler.schedule({ ...everySecond('plants'), repeat });
      const [listed] = await scheduler.list();
      expect(listed).toMatchObject({ id: 'plants', kind: 'routine', status: 'pending', repeat, at: target });

      await waitFor(() => calls.length >= 1, 'the first time');
      expect(calls[0]!.job).toMatchObject({ id: 'plants', kind: 'routine', repeat, at: target });
      await expect.poll(async () => (await scheduler.list())[0]?.firedAt).toBeInstanceOf(Date);
      const [after] = await scheduler.list();
      // Not tomorrow, which its time of day alone would be: the day after.
      expect(after).toMatchObject({ id: 'plants', status: 'pending', at: new Date(target.getTime() + 2 * 24 * 3600_000) });
      await sleep(500);
      expect(calls).toHaveLength(1);
      expect(await scheduler.cancel('plants')).toBe(true);
    });

    it('fires a routine that comes on the n-th of its weekday in the month at its time, then not until that of a later month', async () => {
      const { scheduler } = await (await space()).open({ lateAfterMs: 10_000 });
      const { calls, onFire } = recorder();
      await scheduler.start(onFire);
      const target = new Date(Math.ceil((Date.now() + 2_000) / 1000) * 1000);
      const week = Math.ceil(target.getUTCDate() / 7);
      const repeat = { cron: `${target.getUTCSeconds()} ${target.getUTCMinutes()} ${target.getUTCHours()} * * ${target.getUTCDay()}`, timeZone: 'UTC', weekOfMonth: week };
      await scheduler.schedule({ ...everySecond('bills'), repeat });
      const [listed] = await scheduler.list();
      expect(listed).toMatchObject({ id: 'bills', kind: 'routine', status: 'pending', repeat, at: target });

      await waitFor(() => calls.length >= 1, 'the first time');
      expect(calls[0]!.job).toMatchObject({ id: 'bills', kind: 'routine', repeat, at: target });
      await expect.poll(async () => (await scheduler.list())[0]?.firedAt).toBeInstanceOf(Date);
      const [after] = await scheduler.list();
      // Not next week, which its weekday alone would be: the same week of a later month.
      let next = new Date(target.getTime() + 7 * 24 * 3600_000);
      while (Math.ceil(next.getUTCDate() / 7) !== week) next = new Date(next.getTime() + 7 * 24 * 3600_000);
      expect(after).toMatchObject({ id: 'bills', status: 'pending', at: next });
      await sleep(500);
      expect(calls).toHaveLength(1);
      expect(await scheduler.cancel('bills')).toBe(true);
    });

    it('refuses a week of the month that no month has, or a pattern without its weekday', async () => {
      const { scheduler } = await (await space()).open();
      await expect(scheduler.schedule({ ...everySecond('w0'), repeat: { cron: '0 9 * * 5', timeZone: 'UTC', weekOfMonth: 6 } })).rejects.toThrow(/week 6 of the month/);
      await expect(scheduler.schedule({ ...everySecond('w1'), repeat: { cron: '0 9 1 * *', timeZone: 'UTC', weekOfMonth: -1 } })).rejects.toThrow(/says no weekday/);
    });

    it('fires a routine once, late, for the occurrences it missed while no process ran, then keeps to its pattern', async () => {
      const shared = await space();
      const before = await shared.open();
      await before.scheduler.schedule(everySecond('r1'));
      await before.close();
      await sleep(2_200);

      const restartedAt = Date.now();
      const after = await shared.open({ lateAfterMs: 700 });
      const { calls, onFire } = recorder();
      await after.scheduler.start(onFire);
      await waitFor(() => calls.length >= 2, 'the missed occurrence and the next one');
      expect(calls[0]!.late).toBe(true);
      expect(calls[0]!.job.at.getTime()).toBeLessThan(restartedAt);
      // The other missed occurrences are not made up for: the next one is after the restart.
      expect(calls[1]!.job.at.getTime()).toBeGreaterThanOrEqual(restartedAt);
      expect(calls[1]!.job.at.getTime()).toBeGreaterThan(calls[0]!.job.at.getTime());
    });

    // Only where processes may share jobs; the embedded scheduler's data directory is locked to one.
    if (harness.shared) it('fires each job once between several processes sharing it', async () => {
      const shared = await space();
      const processes = await Promise.all([shared.open(), shared.open(), shared.open()]);
      const { calls, onFire } = recorder();
      for (const p of processes) await p.scheduler.start(onFire);
      const ids = Array.from({ length: 15 }, (_, i) => `j${i}`);
      await Promise.all(ids.map((id, i) => processes[i % 3]!.scheduler.schedule(reminder(id, inMs(100 + (i % 5) * 40)))));
      // The same routine scheduled by every process is one routine.
      for (const p of processes) await p.scheduler.schedule(everySecond('r1'));
      await waitFor(() => ids.every((id) => calls.some((c) => c.job.id === id)) && calls.filter((c) => c.job.id === 'r1').length >= 2, 'every job to fire');
      await sleep(200);
      for (const id of ids) expect(calls.filter((c) => c.job.id === id), id).toHaveLength(1);
      const occurrences = calls.filter((c) => c.job.id === 'r1').map((c) => c.job.at.getTime());
      expect(new Set(occurrences).size).toBe(occurrences.length);
      expect(await processes[0]!.scheduler.list({ status: 'fired' })).toHaveLength(ids.length);
    });
  });
}
