import { afterEach, describe, expect, it } from 'vitest';
import type { ServicePlugin } from '../../core/plugin/plugin.js';
import { createEmbeddedScheduler } from '../../core/scheduler/embedded.js';
import { nextOccurrence, occurrences } from '../../core/scheduler/recurrence.js';
import { passedOver, type Scheduler } from '../../core/scheduler/scheduler.js';
import { openSqliteStore, type SqliteStore } from '../../core/store/sqlite/sqlite-store.js';
import { silentLogger } from '../../core/util/logger.js';
import { methodCaller } from '../../core/plugin/method-caller.js';
import { sunTimes } from '../../core/util/sun.js';
import { createCalendar } from './index.js';

let store: SqliteStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

/**
 * The calendar on a real (embedded) scheduler, at a clock the test moves; at the real clock with `real`; where the home is, when given.
 * `crashOn` makes a later call of the scheduler's (the `nth` of that method from now) throw, as a run cut short there would stop:
 * before it does anything, or, `after`, once it is done.
 */
async function calendar(real = false, place?: { latitude: number; longitude: number }) {
  store = openSqliteStore({ path: ':memory:' });
  let now = new Date('2026-11-21T10:00:00Z').getTime();
  const clock = real ? () => new Date() : () => new Date(now);
  const scheduler = createEmbeddedScheduler({ store: store.scheduled, clock });
  let crash: { method: 'schedule' | 'cancel'; nth: number; after: boolean } | undefined;
  const cut = async <T>(method: 'schedule' | 'cancel', run: () => Promise<T>): Promise<T> => {
    const here = crash?.method === method && --crash.nth === 0 ? crash : undefined;
    if (here) crash = undefined;
    if (here && !here.after) throw new Error(`cut short before scheduler.${method}`);
    const result = await run();
    if (here) throw new Error(`cut short after scheduler.${method}`);
    return result;
  };
  const crashing: Scheduler = { ...scheduler, schedule: (job) => cut('schedule', () => scheduler.schedule(job)), cancel: (id) => cut('cancel', () => scheduler.cancel(id)) };
  const plugin: ServicePlugin = createCalendar({ timeZone: 'UTC', clock, ...(place ? { place } : {}) });
  await plugin.start!({ logger: silentLogger, dataDir: '', state: store.pluginState('calendar'), scheduler: crashing });
  const call = methodCaller(plugin);
  const pending = async () => (await scheduler.list({ status: 'pending' })).map((j) => ({ text: j.text, at: j.at.toISOString() }));
  // The requests for later still to come.
  const later = async () => (await scheduler.list({ status: 'pending' })).filter((j) => j.run).map((j) => ({ text: j.text, at: j.at.toISOString() }));
  return { call, pending, later, scheduler, advance: (ms: number) => (now += ms), crashOn: (method: 'schedule' | 'cancel', nth: number, after = false) => (crash = { method, nth, after }) };
}

describe('adding time to a timer', () => {
  it('makes a running timer go off later, and gives a paused one more time left', async () => {
    const { call, pending, advance } = await calendar();
    await call('set_timer', { seconds: 600, label: 'the pasta' });
    await call('set_timer', { seconds: 300, label: 'the eggs' });
    advance(60_000);
    expect(await call('add_to_timer', { seconds: 300, label: 'pasta' })).toMatchObject({ ok: true, summary: 'Added 5 minutes to the 10-minute timer for the pasta: 14 minutes left, up today at 10:15.' });
    expect(await pending()).toEqual([
      { text: '5-minute timer for the eggs is up', at: '2026-11-21T10:05:00.000Z' },
      { text: '10-minute timer for the pasta is up', at: '2026-11-21T10:15:00.000Z' },
    ]);
    await call('pause_timer', { label: 'eggs' });
    expect(await call('add_to_timer', { seconds: 120, label: 'eggs' })).toMatchObject({ ok: true, summary: 'Added 2 minutes to the 5-minute timer for the eggs: 6 minutes left, and it stays paused.' });
    advance(3_600_000);
    expect(await call('resume_timer', { label: 'eggs' })).toMatchObject({ ok: true, summary: expect.stringContaining('6 minutes left') });
  });

  it('says which timers could be meant, and changes nothing', async () => {
    const { call, pending } = await calendar();
    expect(await call('add_to_timer', { seconds: 60 })).toMatchObject({ ok: false, error: { code: 'CALENDAR_TIMER_NOT_FOUND' } });
    await call('set_timer', { seconds: 600, label: 'the pasta' });
    await call('set_timer', { seconds: 300, label: 'the eggs' });
    expect(await call('add_to_timer', { seconds: 60 })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^2 running timers could be meant/) } });
    expect(await pending()).toEqual([
      { text: '5-minute timer for the eggs is up', at: '2026-11-21T10:05:00.000Z' },
      { text: '10-minute timer for the pasta is up', at: '2026-11-21T10:10:00.000Z' },
    ]);
  });

  it('adds once per idempotency key, also when a run was cut short between its two writes', async () => {
    const { call, pending, scheduler } = await calendar();
    await call('set_timer', { seconds: 600 });
    const added = await call('add_to_timer', { seconds: 300 }, 'x1:a1:1');
    expect(await call('add_to_timer', { seconds: 300 }, 'x1:a1:1')).toEqual(added);
    expect(await pending()).toEqual([{ text: '10-minute timer is up', at: '2026-11-21T10:15:00.000Z' }]);
    // Cut short after the later timer was set and before the earlier was stopped: the run again stops it, and adds nothing more.
    const [timer] = await scheduler.list({ status: 'pending' });
    await scheduler.schedule({ id: 'x2:a1:1', kind: 'reminder', at: new Date(timer!.at.getTime() + 120_000), text: timer!.text, deliverTo: timer!.deliverTo });
    expect(await call('add_to_timer', { seconds: 120 }, 'x2:a1:1')).toMatchObject({ ok: true, summary: expect.stringContaining('up today at 10:17') });
    expect(await pending()).toEqual([{ text: '10-minute timer is up', at: '2026-11-21T10:17:00.000Z' }]);
    // A paused timer: the key written with it says the time was given.
    await call('pause_timer', {});
    await call('add_to_timer', { seconds: 60 }, 'x3:a1:1');
    await call('add_to_timer', { seconds: 60 }, 'x3:a1:1');
    expect(await call('list_reminders', {})).toMatchObject({ summary: expect.stringContaining('paused, 18 minutes left') });
  });
});

describe('doing something when a timer is up', () => {
  it('asks for the request then, as a request for later at the time the timer is up, once per idempotency key', async () => {
    const { call, scheduler } = await calendar();
    await call('set_timer', { seconds: 600, label: 'the pasta' });
    await call('set_timer', { seconds: 300, label: 'the eggs' });
    const asked = await call('after_timer', { text: 'turn off the kitchen light', label: 'pasta' }, 'r9:a1:1');
    expect(asked).toMatchObject({ ok: true, summary: expect.stringContaining('today at 10:10') });
    expect(await call('after_timer', { text: 'turn off the kitchen light', label: 'pasta' }, 'r9:a1:1')).toMatchObject({ ok: true });
    const later = (await scheduler.list({ status: 'pending' })).filter((j) => j.run);
    expect(later.map((j) => ({ text: j.text, at: j.at.toISOString() }))).toEqual([{ text: 'turn off the kitchen light', at: '2026-11-21T10:10:00.000Z' }]);
  });

  it('says which timers could be meant, or that there is none, and asks for nothing', async () => {
    const { call, scheduler } = await calendar();
    expect(await call('after_timer', { text: 'text me saying the timer is up' })).toMatchObject({ ok: false, error: { code: 'CALENDAR_TIMER_NOT_FOUND', message: 'you have no running timer' } });
    await call('set_timer', { seconds: 600, label: 'the pasta' });
    await call('set_timer', { seconds: 300, label: 'the eggs' });
    expect(await call('after_timer', { text: 'text me saying the timer is up' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^2 running timers could be meant/) } });
    expect(await call('after_timer', { text: 'text me', label: 'laundry' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^none of your running timers is for "laundry"/) } });
    expect((await scheduler.list({ status: 'pending' })).filter((j) => j.run)).toEqual([]);
  });

  it('waits while its timer is paused, and comes when the resumed timer is up', async () => {
    const { call, pending, later, advance } = await calendar();
    await call('set_timer', { seconds: 600, label: 'the pasta' });
    await call('set_timer', { seconds: 1200 });
    expect(await call('after_timer', { text: 'turn off the kitchen light', label: 'pasta' })).toMatchObject({
      ok: true,
      summary: "I'll turn off the kitchen light when the 10-minute timer for the pasta is up, today at 10:10.",
    });
    advance(180_000);
    expect(await call('pause_timer', { label: 'pasta' })).toMatchObject({ ok: true, summary: expect.stringContaining('with 7 minutes left') });
    // Not at the time the timer was to be up: it waits with it.
    expect(await later()).toEqual([]);
    expect(await call('list_reminders', {})).toMatchObject({ summary: expect.stringContaining('10-minute timer for the pasta: paused, 7 minutes left; then to do: turn off the kitchen light') });
    advance(3_600_000);
    expect(await call('resume_timer', { label: 'pasta' })).toMatchObject({ ok: true, summary: expect.stringContaining('up today at 11:10') });
    expect(await later()).toEqual([{ text: 'turn off the kitchen light', at: '2026-11-21T11:10:00.000Z' }]);
    expect(await pending()).toContainEqual({ text: '10-minute timer for the pasta is up', at: '2026-11-21T11:10:00.000Z' });
    // Paused and resumed again: it follows the timer under its new id too.
    await call('pause_timer', { label: 'pasta' });
    expect(await later()).toEqual([]);
    advance(60_000);
    await call('resume_timer', {});
    expect(await later()).toEqual([{ text: 'turn off the kitchen light', at: '2026-11-21T11:11:00.000Z' }]);
  });

  it('comes that much later when time is added to its running timer; added to a paused one, it comes when the resumed timer is up', async () => {
    const { call, later, advance } = await calendar();
    await call('set_timer', { seconds: 600, label: 'the pasta' });
    await call('after_timer', { text: 'turn off the kitchen light' });
    advance(60_000);
    expect(await call('add_to_timer', { seconds: 300 })).toMatchObject({ ok: true, summary: expect.stringContaining('up today at 10:15') });
    expect(await later()).toEqual([{ text: 'turn off the kitchen light', at: '2026-11-21T10:15:00.000Z' }]);
    expect(await call('pause_timer', {})).toMatchObject({ ok: true, summary: expect.stringContaining('with 14 minutes left') });
    expect(await call('add_to_timer', { seconds: 120 })).toMatchObject({ ok: true, summary: expect.stringContaining('16 minutes left, and it stays paused') });
    // Nothing to move while paused: it waits with the timer.
    expect(await later()).toEqual([]);
    advance(3_600_000);
    expect(await call('resume_timer', {})).toMatchObject({ ok: true, summary: expect.stringContaining('up today at 11:17') });
    expect(await later()).toEqual([{ text: 'turn off the kitchen light', at: '2026-11-21T11:17:00.000Z' }]);
  });

  it('moves with its timer, under the same ids, once per idempotency key', async () => {
    const { call, later, pending } = await calendar();
    await call('set_timer', { seconds: 600, label: 'the pasta' });
    await call('after_timer', { text: 'turn off the kitchen light' });
    const moved = await call('move_reminder', { text: 'pasta', time: '10:30' }, 'mv:a1:1');
    expect(moved).toMatchObject({
      ok: true,
      summary: 'Moved the 10-minute timer for the pasta to today at 10:30 (it was today at 10:10), and with it what is to happen when it is up ("turn off the kitchen light").',
    });
    expect(await call('move_reminder', { text: 'pasta', time: '10:30' }, 'mv:a1:1')).toEqual(moved);
    expect(await later()).toEqual([{ text: 'turn off the kitchen light', at: '2026-11-21T10:30:00.000Z' }]);
    expect(await pending()).toContainEqual({ text: '10-minute timer for the pasta is up', at: '2026-11-21T10:30:00.000Z' });
    // Stopped after the move, it still takes what follows it along.
    await call('cancel_reminder', { text: 'pasta timer' });
    expect(await pending()).toEqual([]);
  });

  it('is stopped with its timer, running or paused, and said so; alone, the timer stays', async () => {
    const { call, pending, later } = await calendar();
    await call('set_timer', { seconds: 600, label: 'the pasta' });
    await call('after_timer', { text: 'turn off the kitchen light' });
    // Its words name the timer too: the timer is meant, and it goes with it.
    await call('after_timer', { text: 'text me saying the pasta timer is up' });
    expect(await call('cancel_reminder', { text: 'the pasta timer' })).toMatchObject({
      ok: true,
      summary: 'Stopped the 10-minute timer for the pasta and what was to happen when it was up ("turn off the kitchen light", "text me saying the pasta timer is up").',
    });
    expect(await pending()).toEqual([]);

    await call('set_timer', { seconds: 600, label: 'the eggs' });
    await call('after_timer', { text: 'turn off the stove' });
    await call('pause_timer', {});
    expect(await call('cancel_reminder', { text: 'eggs timer' })).toMatchObject({ ok: true, summary: 'Stopped the 10-minute timer for the eggs and what was to happen when it was up ("turn off the stove").' });
    expect(await call('resume_timer', {})).toMatchObject({ ok: false, error: { message: 'you have no paused timer' } });
    expect(await pending()).toEqual([]);

    await call('set_timer', { seconds: 600, label: 'the rice' });
    await call('set_timer', { seconds: 900, label: 'the bread' });
    await call('after_timer', { text: 'turn off the kitchen light', label: 'rice' });
    await call('after_timer', { text: 'turn off the oven', label: 'bread' });
    await call('pause_timer', { label: 'bread' });
    expect(await call('clear_reminders', { kind: 'timer' })).toMatchObject({
      ok: true,
      summary: expect.stringMatching(/^Stopped 2 timers: .* and what was to happen when they were up \("turn off the kitchen light", "turn off the oven"\)\.$/),
    });
    expect(await pending()).toEqual([]);

    // Stopped alone, running or waiting with its paused timer: the timer stays, and comes with nothing after it.
    await call('set_timer', { seconds: 600, label: 'the pasta' });
    await call('after_timer', { text: 'turn off the kitchen light' });
    expect(await call('cancel_reminder', { text: 'turn off the kitchen light' })).toMatchObject({ ok: true, summary: "Cancelled: I won't turn off the kitchen light later after all." });
    await call('after_timer', { text: 'turn off the oven' });
    await call('pause_timer', {});
    expect(await call('cancel_reminder', { text: 'turn off the oven' })).toMatchObject({ ok: true, summary: "Cancelled: I won't turn off the oven later after all." });
    await call('resume_timer', {});
    expect(await later()).toEqual([]);
    expect(await pending()).toEqual([{ text: '10-minute timer for the pasta is up', at: '2026-11-21T10:10:00.000Z' }]);
  });

  it('follows its timer once per idempotency key: each action run again, or cut short and run again, leaves it once', async () => {
    const { call, later, advance, crashOn } = await calendar();
    const once = (at: string) => [{ text: 'turn off the kitchen light', at }];
    await call('set_timer', { seconds: 600, label: 'the pasta' });
    const asked = await call('after_timer', { text: 'turn off the kitchen light' }, 'f:a1:1');
    expect(await call('after_timer', { text: 'turn off the kitchen light' }, 'f:a1:1')).toEqual(asked);
    expect(await later()).toEqual(once('2026-11-21T10:10:00.000Z'));
    // Asked for, cut short once it was scheduled and before that was recorded, its timer paused meanwhile: run again, it waits with the timer, once.
    crashOn('schedule', 1, true);
    await expect(call('after_timer', { text: 'feed the cat' }, 'g:a1:1')).rejects.toThrow(/cut short/);
    await call('pause_timer', {});
    expect(await call('after_timer', { text: 'feed the cat' }, 'g:a1:1')).toMatchObject({ ok: true, summary: "I'll feed the cat when the 10-minute timer for the pasta is up (it is paused)." });
    await call('cancel_reminder', { text: 'feed the cat' });
    await call('resume_timer', {});
    expect(await later()).toEqual(once('2026-11-21T10:10:00.000Z'));

    // Pause, cut short once the timer was stopped and before what follows it: run again, that is stopped and kept.
    advance(60_000);
    crashOn('cancel', 2);
    await expect(call('pause_timer', {}, 'p:a1:1')).rejects.toThrow(/cut short/);
    expect(await later()).toEqual(once('2026-11-21T10:10:00.000Z'));
    const paused = await call('pause_timer', {}, 'p:a1:1');
    expect(paused).toMatchObject({ ok: true, summary: expect.stringContaining('with 9 minutes left') });
    expect(await call('pause_timer', {}, 'p:a1:1')).toEqual(paused);
    expect(await later()).toEqual([]);

    // Resume, cut short once what follows was scheduled and before the timer: run again, the timer comes, and it comes once.
    advance(60_000);
    crashOn('schedule', 2);
    await expect(call('resume_timer', {}, 'q:a1:1')).rejects.toThrow(/cut short/);
    advance(5_000);
    expect(await call('resume_timer', {}, 'q:a1:1')).toMatchObject({ ok: true, summary: expect.stringContaining('up today at 10:11') });
    expect(await call('resume_timer', {}, 'q:a1:1')).toMatchObject({ ok: true, summary: expect.stringContaining('up today at 10:11') });
    expect(await later()).toEqual(once('2026-11-21T10:11:00.000Z'));
    expect(await call('list_reminders', {})).toMatchObject({ data: { paused: [] } });

    // Time added, cut short once the later timer was set and before the earlier request went: run again, the earlier goes.
    crashOn('cancel', 1);
    await expect(call('add_to_timer', { seconds: 300 }, 'x:a1:1')).rejects.toThrow(/cut short/);
    expect(await later()).toHaveLength(2);
    const added = await call('add_to_timer', { seconds: 300 }, 'x:a1:1');
    expect(added).toMatchObject({ ok: true, summary: expect.stringContaining('up today at 10:16') });
    expect(await call('add_to_timer', { seconds: 300 }, 'x:a1:1')).toEqual(added);
    expect(await later()).toEqual(once('2026-11-21T10:16:00.000Z'));

    // Stopped, cut short once what follows was stopped and before the timer: run again, the timer is stopped too.
    crashOn('cancel', 2);
    await expect(call('cancel_reminder', { text: 'timer' }, 'c:a1:1')).rejects.toThrow(/cut short/);
    expect(await later()).toEqual([]);
    expect(await call('cancel_reminder', { text: 'timer' }, 'c:a1:1')).toMatchObject({ ok: true, summary: 'Stopped the 10-minute timer for the pasta.' });
    expect(await call('cancel_reminder', { text: 'timer' }, 'c:a1:1')).toMatchObject({ ok: true });
    expect(await call('list_reminders', {})).toMatchObject({ summary: 'You have no reminders.' });
  });
});

describe('pausing a timer', () => {
  it('keeps the time it had left, and resumes from it', async () => {
    const { call, pending, advance } = await calendar();
    await call('set_timer', { seconds: 600, label: 'the pasta' });
    await call('set_timer', { seconds: 1200 });
    advance(168_000);
    expect(await call('pause_timer', { label: 'pasta' })).toMatchObject({ ok: true, summary: 'Paused the 10-minute timer for the pasta with 7 minutes 12 seconds left; say "resume the timer" to go on.' });
    expect(await pending()).toEqual([{ text: '20-minute timer is up', at: '2026-11-21T10:20:00.000Z' }]);
    expect(await call('list_reminders', {})).toMatchObject({
      summary: '20-minute timer: up today at 10:20 (17 minutes 12 seconds left)\n10-minute timer for the pasta: paused, 7 minutes 12 seconds left',
    });

    advance(3_600_000);
    expect(await call('resume_timer', {})).toMatchObject({ ok: true, summary: 'The 10-minute timer for the pasta goes on: 7 minutes 12 seconds left, up today at 11:10.' });
    expect(await pending()).toContainEqual({ text: '10-minute timer for the pasta is up', at: '2026-11-21T11:10:00.000Z' });
    expect(await call('resume_timer', {})).toMatchObject({ ok: false, error: { code: 'CALENDAR_TIMER_NOT_FOUND', message: 'you have no paused timer' } });
  });

  it('says which timers could be meant, and changes nothing', async () => {
    const { call, pending } = await calendar();
    expect(await call('pause_timer', {})).toMatchObject({ ok: false, error: { message: 'you have no running timer' } });
    await call('set_timer', { seconds: 600, label: 'the pasta' });
    await call('set_timer', { seconds: 300, label: 'the eggs' });
    expect(await call('pause_timer', {})).toMatchObject({ ok: false, error: { message: '2 running timers could be meant: "5-minute timer for the eggs", "10-minute timer for the pasta"' } });
    expect(await call('pause_timer', { label: 'rice' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^none of your running timers is for "rice"/) } });
    expect(await pending()).toHaveLength(2);
  });

  it('pauses and resumes once per idempotency key: an attempt run again does it again no more', async () => {
    const { call, pending, advance } = await calendar();
    await call('set_timer', { seconds: 600 });
    advance(60_000);
    const paused = await call('pause_timer', {}, 'p:a1:1');
    advance(60_000);
    // Run again after a crash: the same pause, not "no running timer", and the time left is the first run's.
    expect(await call('pause_timer', {}, 'p:a1:1')).toEqual(paused);
    const resumed = await call('resume_timer', {}, 'q:a1:1');
    expect(resumed).toMatchObject({ ok: true, summary: expect.stringContaining('9 minutes left, up today at 10:11') });
    expect(await call('resume_timer', {}, 'q:a1:1')).toMatchObject({ ok: true, summary: expect.stringContaining('up today at 10:11') });
    expect(await pending()).toEqual([{ text: '10-minute timer is up', at: '2026-11-21T10:11:00.000Z' }]);
    // Replayed once the timer it started is gone: what it did then, not "no paused timer".
    await call('cancel_reminder', { text: 'timer' });
    expect(await call('resume_timer', {}, 'q:a1:1')).toMatchObject({ ok: true, summary: expect.stringContaining('up today at 10:11') });
    expect(await pending()).toEqual([]);
  });

  it('pauses and resumes all of them when asked ("pause all my timers"), what follows each waiting with it', async () => {
    const { call, pending, later, advance } = await calendar();
    expect(await call('pause_timer', { all: true })).toMatchObject({ ok: false, error: { message: 'you have no running timer' } });
    await call('set_timer', { seconds: 600, label: 'the pasta' });
    await call('set_timer', { seconds: 300, label: 'the eggs' });
    await call('after_timer', { text: 'turn off the stove', label: 'eggs' });
    advance(60_000);
    expect(await call('pause_timer', { all: true })).toMatchObject({
      ok: true,
      summary: 'Paused 2 timers: the 5-minute timer for the eggs with 4 minutes left, the 10-minute timer for the pasta with 9 minutes left; say "resume all timers" to go on.',
    });
    expect(await pending()).toEqual([]);
    expect(await call('pause_timer', { all: true })).toMatchObject({ ok: false, error: { message: 'you have no running timer' } });
    // One of them by name: "the timer" alone could be either.
    expect(await call('resume_timer', {})).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^2 paused timers could be meant/) } });
    advance(3_600_000);
    expect(await call('resume_timer', { all: true })).toMatchObject({
      ok: true,
      summary: '2 timers go on: the 5-minute timer for the eggs, up today at 11:05; the 10-minute timer for the pasta, up today at 11:10.',
    });
    expect(await pending()).toEqual(
      expect.arrayContaining([
        { text: '10-minute timer for the pasta is up', at: '2026-11-21T11:10:00.000Z' },
        { text: '5-minute timer for the eggs is up', at: '2026-11-21T11:05:00.000Z' },
      ]),
    );
    expect(await later()).toEqual([{ text: 'turn off the stove', at: '2026-11-21T11:05:00.000Z' }]);
    expect(await call('resume_timer', { all: true })).toMatchObject({ ok: false, error: { message: 'you have no paused timer' } });
  });

  it('pauses and resumes all those of the words said ("pause all the egg timers"), and one alone is said as one', async () => {
    const { call, pending } = await calendar();
    await call('set_timer', { seconds: 600, label: 'the pasta' });
    await call('set_timer', { seconds: 300, label: 'the eggs' });
    await call('set_timer', { seconds: 420, label: 'the duck eggs' });
    expect(await call('pause_timer', { all: true, label: 'egg' })).toMatchObject({ ok: true, summary: expect.stringMatching(/^Paused 2 timers: the 5-minute timer for the eggs with 5 minutes left, the 7-minute timer for the duck eggs /) });
    expect(await pending()).toEqual([{ text: '10-minute timer for the pasta is up', at: '2026-11-21T10:10:00.000Z' }]);
    expect(await call('pause_timer', { all: true, label: 'rice' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^none of your running timers is for "rice"/) } });
    expect(await call('resume_timer', { all: true, label: 'duck' })).toMatchObject({ ok: true, summary: 'The 7-minute timer for the duck eggs goes on: 7 minutes left, up today at 10:07.' });
    expect(await pending()).toHaveLength(2);
  });

  it('pauses and resumes all once per idempotency key, also when cut short halfway and run again', async () => {
    const { call, pending, later, advance, crashOn } = await calendar();
    await call('set_timer', { seconds: 600, label: 'the pasta' });
    await call('set_timer', { seconds: 300, label: 'the eggs' });
    await call('after_timer', { text: 'turn off the stove', label: 'eggs' });
    advance(60_000);
    // Cut short once the first timer was stopped, before the second: run again, both are paused, each once.
    crashOn('cancel', 1, true);
    await expect(call('pause_timer', { all: true }, 'p:a1:1')).rejects.toThrow(/cut short/);
    advance(30_000);
    const paused = await call('pause_timer', { all: true }, 'p:a1:1');
    expect(paused).toMatchObject({ ok: true, summary: expect.stringMatching(/^Paused 2 timers: /) });
    expect(await call('pause_timer', { all: true }, 'p:a1:1')).toEqual(paused);
    expect(await pending()).toEqual([]);
    expect(await call('list_reminders', {})).toMatchObject({ data: { paused: [expect.anything(), expect.anything()] } });

    // Cut short once the first timer went on, before the second: run again, both go on, each once, what follows the eggs' with it.
    advance(60_000);
    crashOn('schedule', 2, true);
    await expect(call('resume_timer', { all: true }, 'q:a1:1')).rejects.toThrow(/cut short/);
    const resumed = await call('resume_timer', { all: true }, 'q:a1:1');
    expect(resumed).toMatchObject({ ok: true, summary: expect.stringMatching(/^2 timers go on: /) });
    expect(await call('resume_timer', { all: true }, 'q:a1:1')).toEqual(resumed);
    expect((await pending()).filter((j) => j.text.endsWith('is up'))).toHaveLength(2);
    expect(await later()).toHaveLength(1);
    expect(await call('list_reminders', {})).toMatchObject({ data: { paused: [] } });
  });

  it('is stopped like a running one', async () => {
    const { call, pending } = await calendar();
    await call('set_timer', { seconds: 600 });
    await call('pause_timer', {});
    expect(await call('cancel_reminder', { text: 'timer' })).toMatchObject({ ok: true, summary: 'Stopped the 10-minute timer.' });
    expect(await call('resume_timer', {})).toMatchObject({ ok: false });
    expect(await pending()).toEqual([]);
  });
});

describe('a reminder said back', () => {
  it('is in the words of whom it is said to ("take my pills": "take your pills"), and kept in the requester\'s', async () => {
    const { call, pending } = await calendar();
    expect(await call('create_reminder', { text: "tell bob I'm late and take my pills", at: '2026-11-21T17:00:00Z' })).toMatchObject({
      ok: true,
      summary: "I'll remind you to tell bob you're late and take your pills today at 17:00.",
    });
    expect(await pending()).toEqual([{ text: "tell bob I'm late and take my pills", at: '2026-11-21T17:00:00.000Z' }]);
    expect(await call('cancel_reminder', { text: 'take my pills' })).toMatchObject({ ok: true, summary: "I won't remind you to tell bob you're late and take your pills today at 17:00 after all." });
  });
});

describe('stopping a reminder by when it is due ("the reminder at 5pm", "my alarm for tomorrow")', () => {
  it('takes the one due then, at that time of day on another day, or on that day; and says which there are when none is', async () => {
    const { call, pending } = await calendar();
    await call('create_reminder', { text: 'call mom', at: '2026-11-21T17:00:00Z' });
    await call('create_reminder', { text: 'call the bank', at: '2026-11-22T17:00:00Z' });
    await call('create_reminder', { text: 'wake up', at: '2026-11-22T07:00:00Z' });
    await call('create_reminder', { text: 'wake up', at: '2026-11-23T06:30:00Z' });

    // Two reminders say "call"; the time tells them apart.
    expect(await call('cancel_reminder', { text: 'call', at: '2026-11-21T17:00:00Z' })).toMatchObject({ ok: true, summary: "I won't remind you to call mom today at 17:00 after all." });
    // "My 6:30 alarm", said as the next 6:30 (tomorrow's), is Monday's.
    expect(await call('cancel_reminder', { text: 'wake up', at: '2026-11-22T06:30:00Z' })).toMatchObject({ ok: true });
    expect(await pending()).toEqual([
      { text: 'wake up', at: '2026-11-22T07:00:00.000Z' },
      { text: 'call the bank', at: '2026-11-22T17:00:00.000Z' },
    ]);
    // Nothing at noon, two that day: nothing is stopped, and the requester hears which could be meant.
    expect(await call('cancel_reminder', { at: '2026-11-22T12:00:00Z' })).toMatchObject({ ok: false, error: { message: '2 of your reminders could be meant: "wake up", "call the bank"' } });
    // Nothing that day: the requester hears what there is, and when.
    const none = await call('cancel_reminder', { at: '2026-11-25T12:00:00Z' });
    expect(none).toMatchObject({ ok: false, error: { code: 'CALENDAR_REMINDER_NOT_FOUND', message: expect.stringMatching(/^none of your reminders is due .*12:00.*"wake up".*07:00.*"call the bank".*17:00/) } });
    // "My alarm for tomorrow": a day said alone (its morning) finds the alarm of that day.
    expect(await call('cancel_reminder', { text: 'wake up', at: '2026-11-22T09:00:00Z' })).toMatchObject({ ok: true });
    expect(await pending()).toEqual([{ text: 'call the bank', at: '2026-11-22T17:00:00.000Z' }]);
  });
});

/** Midnight UTC, `days` after today's. */
function day(days: number): Date {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  return new Date(d.getTime() + days * 86_400_000);
}

const WEEKDAY = (d: Date) => d.getUTCDay();

describe('listing reminders of a period ("what reminders do I have tomorrow")', () => {
  it('lists those that come in it, routines that come round in it, and says so when there are none', async () => {
    // Routines come round by the real clock (node-cron's reading of the pattern), so this is the real clock too.
    const { call } = await calendar(true);
    const tomorrow = day(1);
    const at = (d: Date, hours: number) => new Date(d.getTime() + hours * 3_600_000).toISOString();
    await call('create_reminder', { text: 'call mom', at: at(tomorrow, 9) });
    await call('create_reminder', { text: 'water the plants', at: at(day(2), 9) });
    await call('create_reminder', { text: 'take my vitamins', every: '0 8 * * *' });
    // Every week on the day after tomorrow's weekday: not tomorrow.
    await call('create_reminder', { text: 'put the bins out', every: `0 7 * * ${WEEKDAY(day(2))}` });
    // Every week on tomorrow's weekday: it comes round tomorrow.
    await call('create_reminder', { text: 'weekly review', every: `30 17 * * ${WEEKDAY(tomorrow)}` });

    const listed = await call('list_reminders', { from: tomorrow.toISOString(), to: day(2).toISOString() });
    expect(listed).toMatchObject({ ok: true });
    const summary = (listed as { summary: string }).summary;
    expect(summary).toContain('call mom');
    expect(summary).toContain('take my vitamins');
    expect(summary).toContain('weekly review');
    expect(summary).not.toContain('water the plants');
    expect(summary).not.toContain('put the bins out');

    // Every one still to come without a period.
    const all = (await call('list_reminders', {})) as { summary: string };
    for (const text of ['call mom', 'water the plants', 'take my vitamins', 'put the bins out', 'weekly review']) expect(all.summary).toContain(text);

    // A day nothing comes in (the weekly ones come on other weekdays; the daily one is stopped first).
    await call('cancel_reminder', { text: 'vitamins' });
    const empty = await call('list_reminders', { from: day(3).toISOString(), to: day(4).toISOString() });
    expect(empty).toMatchObject({ ok: true, summary: expect.stringMatching(/^You have no reminders for \w{3} \d+ \w{3}\.$/) });
  });
});

describe('stopping all of one kind ("cancel all my timers", "delete all my alarms", "stop all my routines")', () => {
  it('stops only those of that kind, a paused timer too, and says so', async () => {
    const { call, pending } = await calendar();
    await call('set_timer', { seconds: 600, label: 'the pasta' });
    await call('set_timer', { seconds: 900 });
    expect(await call('pause_timer', { label: 'pasta' })).toMatchObject({ ok: true });
    await call('create_reminder', { text: 'wake up', at: '2026-11-22T07:00:00Z' });
    await call('create_reminder', { text: 'take my vitamins', every: '0 8 * * *' });
    await call('create_reminder', { text: 'call mom', at: '2026-11-21T17:00:00Z' });

    const timers = await call('clear_reminders', { kind: 'timer' });
    expect(timers).toMatchObject({ ok: true, summary: expect.stringMatching(/^Stopped 2 timers: .*pasta/) });
    expect((await pending()).map((p) => p.text)).toEqual(['call mom', 'wake up', 'take my vitamins']);
    expect(await call('clear_reminders', { kind: 'alarm' })).toMatchObject({ ok: true, summary: 'Stopped 1 alarm: "wake up" (tomorrow at 07:00).' });
    expect(await call('clear_reminders', { kind: 'routine' })).toMatchObject({ ok: true, summary: 'Stopped 1 routine: "take my vitamins".' });
    expect((await pending()).map((p) => p.text)).toEqual(['call mom']);
    expect(await call('clear_reminders', { kind: 'timer' })).toMatchObject({ ok: true, summary: 'You had no timers to stop.' });
  });
});

describe('stopping those of a period ("cancel my reminders for tomorrow")', () => {
  it('stops those due then, and one that repeats lets its times then pass and keeps coming after', async () => {
    const { call, pending, scheduler } = await calendar();
    await call('create_reminder', { text: 'wake up', at: '2026-11-22T07:00:00Z' });
    await call('create_reminder', { text: 'call mom', at: '2026-11-22T17:00:00Z' });
    await call('create_reminder', { text: 'water the plants', at: '2026-11-23T08:00:00Z' });
    await call('create_reminder', { text: 'take my pills', every: '0 21 * * *' });
    await call('set_timer', { seconds: 600 });
    const tomorrow = { from: '2026-11-22T00:00:00Z', to: '2026-11-23T00:00:00Z' };
    expect(await call('clear_reminders', tomorrow, 'c:a1:1')).toMatchObject({
      ok: true,
      summary: 'Stopped 2 reminders for tomorrow: "wake up" (tomorrow at 07:00), "call mom" (tomorrow at 17:00); "take my pills" (every day at 21:00) skips its times then, and comes again after.',
      data: { skipping: ['"take my pills" (every day at 21:00)'] },
    });
    expect((await pending()).map((p) => p.text).sort()).toEqual(['10-minute timer is up', 'take my pills', 'water the plants']);
    const pills = (await scheduler.list({ status: 'pending' })).find((j) => j.text === 'take my pills')!;
    expect(pills.except).toEqual(['2026-11-22T21:00:00.000Z']);
    // Run again after a crash: the same, nothing more.
    expect(await call('clear_reminders', tomorrow, 'c:a1:1')).toMatchObject({ ok: true, data: { stopped: [{ text: 'wake up' }, { text: 'call mom' }] } });
    expect((await scheduler.list({ status: 'pending' })).find((j) => j.text === 'take my pills')!.except).toEqual(['2026-11-22T21:00:00.000Z']);
    expect(await call('clear_reminders', { from: '2026-11-25T00:00:00Z', to: '2026-11-25T12:00:00Z' })).toMatchObject({ ok: true, summary: 'You had no reminders for Wed 25 Nov to stop.' });
  });
});

describe('renaming an event ("rename my dentist appointment to dentist checkup")', () => {
  it('gives it the new title, every time it comes round for one that repeats, once per idempotency key', async () => {
    const { call } = await calendar();
    await call('create_event', { title: 'dentist appointment', start: '2026-11-23T15:00:00Z' });
    await call('create_event', { title: 'team meeting', every: '0 10 * * 1' });
    const renamed = await call('rename_event', { title: 'dentist', name: 'dentist checkup' }, 'n1:a1:1');
    expect(renamed).toMatchObject({ ok: true, summary: 'Renamed "dentist appointment" to "dentist checkup" (Mon 23 Nov at 15:00).' });
    // Run again after a crash: the same rename, not "no event called dentist appointment".
    expect(await call('rename_event', { title: 'dentist appointment', name: 'dentist checkup' }, 'n1:a1:1')).toEqual(renamed);
    expect(await call('rename_event', { title: 'team meeting', name: 'standup' })).toMatchObject({ ok: true, summary: 'Renamed "team meeting" to "standup" (Mon 23 Nov at 10:00, every Monday at 10:00).' });
    expect(await call('list_events', { from: '2026-11-23T00:00:00Z', to: '2026-12-01T00:00:00Z' })).toMatchObject({
      data: { events: [{ title: 'standup', start: '2026-11-23T10:00:00Z' }, { title: 'dentist checkup' }, { title: 'standup', start: '2026-11-30T10:00:00Z' }] },
    });
    expect(await call('rename_event', { title: 'haircut', name: 'barber' })).toMatchObject({ ok: false });
  });
});

describe('listing events with no period said ("what\'s on my calendar")', () => {
  it('lists what is coming in the next 7 days from now, and says so when nothing is', async () => {
    const { call } = await calendar();
    expect(await call('list_events', {})).toMatchObject({ ok: true, summary: 'Nothing in the calendar in the next 7 days.' });
    await call('create_event', { title: 'yesterday lunch', start: '2026-11-20T12:00:00Z' });
    await call('create_event', { title: 'dentist', start: '2026-11-23T15:00:00Z' });
    await call('create_event', { title: 'trip', start: '2026-12-01T09:00:00Z' });
    expect(await call('list_events', {})).toMatchObject({ ok: true, data: { events: [{ title: 'dentist' }] } });
  });
});

describe('moving an event ("move my dentist appointment to friday", "push my 3pm meeting back an hour")', () => {
  it('moves it to a day or a time, keeping what is not said and its length; or by a length, later or earlier', async () => {
    const { call } = await calendar();
    await call('create_event', { title: 'dentist appointment', start: '2026-11-23T15:00:00Z', end: '2026-11-23T15:30:00Z' });
    await call('create_event', { title: 'team meeting', start: '2026-11-21T15:00:00Z' });

    expect(await call('move_event', { title: 'dentist', date: '2026-11-27' })).toMatchObject({ ok: true, data: { start: '2026-11-27T15:00:00Z', end: '2026-11-27T15:30:00Z' } });
    expect(await call('move_event', { title: 'dentist', time: '09:15' })).toMatchObject({ ok: true, data: { start: '2026-11-27T09:15:00Z', end: '2026-11-27T09:45:00Z' } });
    // "Push my 3pm meeting back an hour", then "bring it forward 30 minutes": from where it is.
    const later = await call('move_event', { title: '3pm meeting', by: 60 });
    expect(later).toMatchObject({ ok: true, data: { title: 'team meeting', start: '2026-11-21T16:00:00Z' } });
    expect(later.ok && later.summary).toMatch(/^Moved "team meeting" to .*16:00 \(it was .*15:00\)\.$/);
    expect(await call('move_event', { title: 'meeting', by: -30 })).toMatchObject({ ok: true, data: { start: '2026-11-21T15:30:00Z' } });
    // Not into the past, and not both ways at once.
    expect(await call('move_event', { title: 'meeting', by: -600 })).toMatchObject({ ok: false, error: { code: 'CALENDAR_TIME_PASSED' } });
    await expect(call('move_event', { title: 'meeting', by: 60, time: '18:00' })).rejects.toThrow(/either when it moves to or by how long/);
  });
});

describe('the next of several ("cancel my next meeting", "move my next meeting to tomorrow")', () => {
  it('is the soonest of those its words name', async () => {
    const { call } = await calendar();
    await call('create_event', { title: 'team meeting', start: '2026-11-24T10:00:00Z' });
    await call('create_event', { title: 'board meeting', start: '2026-11-23T10:00:00Z' });
    await call('create_event', { title: 'dentist', start: '2026-11-22T10:00:00Z' });

    // Without "next", two meetings could be meant.
    expect(await call('cancel_event', { title: 'meeting' })).toMatchObject({ ok: false, error: { code: 'CALENDAR_EVENT_NOT_FOUND' } });
    expect(await call('move_event', { title: 'next meeting', time: '11:00' })).toMatchObject({ ok: true, data: { title: 'board meeting', start: '2026-11-23T11:00:00Z' } });
    expect(await call('cancel_event', { title: 'next meeting' })).toMatchObject({ ok: true, data: { title: 'board meeting' } });
    // "My next appointment" when none is called so: the soonest event.
    expect(await call('cancel_event', { title: 'next appointment' })).toMatchObject({ ok: true, data: { title: 'dentist' } });
  });
});

describe('a reminder or a request set for a while before an event', () => {
  it('is set for the event\'s start less the lead, and reminds of the event when it says nothing else', async () => {
    const { call, pending } = await calendar();
    await call('create_event', { title: 'dentist appointment', start: '2026-11-22T15:00:00Z' });
    expect(await call('create_reminder', { text: 'my dentist appointment', event: 'my dentist appointment', ahead: 3600 })).toMatchObject({
      ok: true,
      summary: 'I\'ll remind you of "dentist appointment" tomorrow at 14:00, 1 hour before it starts.',
      data: { at: '2026-11-22T14:00:00Z', text: 'dentist appointment at 15:00' },
    });
    expect(await call('create_reminder', { text: 'leave', event: 'the dentist', ahead: 1800 })).toMatchObject({
      ok: true,
      summary: 'I\'ll remind you to leave tomorrow at 14:30, 30 minutes before "dentist appointment" starts (tomorrow at 15:00).',
    });
    expect(await call('schedule_request', { text: 'turn on the porch light', event: 'dentist', ahead: 1200 })).toMatchObject({ ok: true, summary: expect.stringContaining('turn on the porch light tomorrow at 14:40') });
    expect(await pending()).toEqual([
      { text: 'dentist appointment at 15:00', at: '2026-11-22T14:00:00.000Z' },
      { text: 'leave', at: '2026-11-22T14:30:00.000Z' },
      { text: 'turn on the porch light', at: '2026-11-22T14:40:00.000Z' },
    ]);
  });

  it('takes the soonest of events of one title, and asks which of several titles is meant', async () => {
    const { call, pending } = await calendar();
    await call('create_event', { title: 'team call', start: '2026-11-24T09:00:00Z' });
    await call('create_event', { title: 'team call', start: '2026-11-23T09:00:00Z' });
    expect(await call('create_reminder', { text: 'team call', event: 'team call', ahead: 600 })).toMatchObject({ ok: true, data: { at: '2026-11-23T08:50:00Z' } });
    await call('create_event', { title: 'call with the bank', start: '2026-11-25T09:00:00Z' });
    expect(await call('create_reminder', { text: 'call', event: 'call', ahead: 600 })).toMatchObject({ ok: false, error: { code: 'CALENDAR_EVENT_NOT_FOUND', message: expect.stringMatching(/^3 events could be meant/) } });
    expect(await pending()).toHaveLength(1);
  });

  it('says so, and sets nothing, when there is no such event or the time before it has passed', async () => {
    const { call, pending } = await calendar();
    expect(await call('create_reminder', { text: 'flight', event: 'my flight', ahead: 3600 })).toMatchObject({ ok: false, error: { code: 'CALENDAR_EVENT_NOT_FOUND', message: 'there is no event to come in the calendar' } });
    await call('create_event', { title: 'standup', start: '2026-11-21T10:30:00Z' });
    expect(await call('create_reminder', { text: 'flight', event: 'my flight', ahead: 3600 })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^no event to come is called "flight" \(there is "standup"/) } });
    expect(await call('create_reminder', { text: 'standup', event: 'standup', ahead: 3600 })).toMatchObject({
      ok: false,
      error: { code: 'CALENDAR_TIME_PASSED', message: '1 hour before "standup" starts (today at 10:30) was today at 09:30: it has already passed' },
    });
    expect(await pending()).toEqual([]);
  });

  it('moves with the event, and stops when it is removed', async () => {
    const { call, pending } = await calendar();
    await call('create_event', { title: 'dentist appointment', start: '2026-11-22T15:00:00Z' });
    await call('create_event', { title: 'standup', start: '2026-11-23T09:00:00Z' });
    await call('create_reminder', { text: 'dentist appointment', event: 'dentist appointment', ahead: 3600 });
    await call('schedule_request', { text: 'turn on the porch light', event: 'dentist', ahead: 1200 });
    await call('create_reminder', { text: 'prepare notes', event: 'standup', ahead: 900 });
    await call('create_reminder', { text: 'water the plants', at: '2026-11-22T08:00:00Z' });
    expect(await call('move_event', { title: 'dentist', time: '17:30' }, 'm:a1:1')).toMatchObject({ ok: true, summary: 'Moved "dentist appointment" to tomorrow at 17:30 (it was tomorrow at 15:00); the 2 things set before it move with it.' });
    // Run again after a crash: the same move, said the same way, and nothing moved twice.
    expect(await call('move_event', { title: 'dentist', time: '17:30' }, 'm:a1:1')).toMatchObject({ ok: true, summary: 'Moved "dentist appointment" to tomorrow at 17:30; the 2 things set before it move with it.' });
    expect(await pending()).toEqual([
      { text: 'water the plants', at: '2026-11-22T08:00:00.000Z' },
      { text: 'dentist appointment at 17:30', at: '2026-11-22T16:30:00.000Z' },
      { text: 'turn on the porch light', at: '2026-11-22T17:10:00.000Z' },
      { text: 'prepare notes', at: '2026-11-23T08:45:00.000Z' },
    ]);
    // Moved so close that the time before it has passed: due at once, not lost.
    await call('move_event', { title: 'standup', date: '2026-11-21', time: '10:05' });
    expect(await pending()).toContainEqual({ text: 'prepare notes', at: '2026-11-21T10:00:00.000Z' });
    expect(await call('cancel_event', { title: 'dentist' })).toMatchObject({ ok: true, summary: 'Removed "dentist appointment" (tomorrow at 17:30) from the calendar; the 2 things set before it are stopped too.' });
    expect(await call('clear_events', { from: '2026-11-21T00:00:00Z', to: '2026-11-22T00:00:00Z' })).toMatchObject({ ok: true, summary: expect.stringMatching(/; what was set before it is stopped too\.$/) });
    expect(await pending()).toEqual([{ text: 'water the plants', at: '2026-11-22T08:00:00.000Z' }]);
  });

  it('takes an event or a time, not both, and a lead only with an event', async () => {
    const { call } = await calendar();
    await expect(call('create_reminder', { text: 'x', event: 'standup', at: '2026-11-22T09:00:00Z' })).rejects.toThrow(/either a time or the event/);
    await expect(call('create_reminder', { text: 'x', ahead: 600, at: '2026-11-22T09:00:00Z' })).rejects.toThrow(/how long before what/);
  });
});

describe("an event on a day said (\"when is tomorrow's standup\")", () => {
  it('is the one of that day, and none that day is said so with the events to come', async () => {
    const { call } = await calendar();
    await call('create_event', { title: 'standup', start: '2026-11-21T15:00:00Z', end: '2026-11-21T15:15:00Z' });
    await call('create_event', { title: 'standup', start: '2026-11-22T09:00:00Z', end: '2026-11-22T09:15:00Z' });
    const tomorrow = { from: '2026-11-22T00:00:00Z', to: '2026-11-23T00:00:00Z' };
    expect(await call('find_event', { title: 'standup', ...tomorrow })).toMatchObject({ ok: true, summary: '"standup" is tomorrow at 09:00 to 09:15.' });
    // Without a day: both are to come; the first of them is the soonest.
    expect(await call('find_event', { title: 'standup' })).toMatchObject({ ok: true, summary: expect.stringContaining('today at 15:00') });
    expect(await call('find_event', { title: 'first standup' })).toMatchObject({ ok: true, summary: '"standup" is today at 15:00 to 15:15.' });
    expect(await call('find_event', { title: 'standup', from: '2026-11-23T00:00:00Z', to: '2026-11-24T00:00:00Z' })).toMatchObject({
      ok: false,
      error: { code: 'CALENDAR_EVENT_NOT_FOUND', message: 'there is no event to come then in the calendar' },
    });
    // Moved, the one of that day: the other stays.
    expect(await call('move_event', { title: 'standup', ...tomorrow, time: '11:00' })).toMatchObject({ ok: true, summary: 'Moved "standup" to tomorrow at 11:00 (it was tomorrow at 09:00).' });
    expect(await call('move_event', { title: 'standup', from: '2026-11-23T00:00:00Z', to: '2026-11-24T00:00:00Z', time: '11:00' })).toMatchObject({
      ok: false,
      error: { message: 'there is no event to come then in the calendar' },
    });
    expect(await call('cancel_event', { title: 'standup', ...tomorrow })).toMatchObject({ ok: true });
    expect(await call('find_event', { title: 'standup' })).toMatchObject({ ok: true, summary: '"standup" is today at 15:00 to 15:15.' });
  });
});

describe('moving a reminder ("change my 6pm reminder to 7pm", "push my reminder back 10 minutes")', () => {
  it('moves the one meant, keeping what is not said of its time, once per idempotency key', async () => {
    const { call, pending } = await calendar();
    await call('create_reminder', { text: 'take my pills', at: '2026-11-21T18:00:00Z' });
    await call('create_reminder', { text: 'call the bank', at: '2026-11-22T09:00:00Z' });
    expect(await call('move_reminder', { text: '6pm', time: '19:00' }, 'm:a1:1')).toMatchObject({ ok: true, summary: 'Moved the reminder to take my pills to today at 19:00 (it was today at 18:00).' });
    // Run again (a crash after the move): the same move, not another.
    expect(await call('move_reminder', { text: '6pm', time: '19:00' }, 'm:a1:1')).toMatchObject({ ok: true, summary: 'Moved the reminder to take my pills to today at 19:00 (it was today at 18:00).' });
    expect(await call('move_reminder', { text: 'bank', by: 30 })).toMatchObject({ ok: true, summary: 'Moved the reminder to call the bank to tomorrow at 09:30 (it was tomorrow at 09:00).' });
    expect(await call('move_reminder', { text: 'pills', date: '2026-11-23' })).toMatchObject({ ok: true });
    expect(await pending()).toEqual([
      { text: 'call the bank', at: '2026-11-22T09:30:00.000Z' },
      { text: 'take my pills', at: '2026-11-23T19:00:00.000Z' },
    ]);
  });

  it('says which could be meant, or that the time has passed, and moves nothing', async () => {
    const { call, pending } = await calendar();
    expect(await call('move_reminder', { by: 10 })).toMatchObject({ ok: false, error: { code: 'CALENDAR_REMINDER_NOT_FOUND', message: expect.stringMatching(/^you have no reminder to come/) } });
    await call('create_reminder', { text: 'take my pills', at: '2026-11-21T18:00:00Z' });
    await call('create_reminder', { text: 'call the bank', at: '2026-11-22T09:00:00Z' });
    expect(await call('move_reminder', { by: 10 })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^2 of your reminders could be meant/) } });
    expect(await call('move_reminder', { text: '7am', time: '08:00' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^none of your reminders is due at 07:00/) } });
    expect(await call('move_reminder', { text: 'pills', time: '09:00' })).toMatchObject({ ok: false, error: { code: 'CALENDAR_TIME_PASSED' } });
    expect(await pending()).toEqual([
      { text: 'take my pills', at: '2026-11-21T18:00:00.000Z' },
      { text: 'call the bank', at: '2026-11-22T09:00:00.000Z' },
    ]);
  });
});

describe('an event that repeats ("the team meeting every Monday at 10", "mom\'s birthday every March 3rd")', () => {
  it('comes round as its pattern says, from its first time on: listed at each, found at its next', async () => {
    const { call, advance } = await calendar();
    expect(await call('create_event', { title: 'team meeting', every: '0 10 * * 1' })).toMatchObject({
      ok: true,
      summary: 'Added "team meeting" every Monday at 10:00, first Mon 23 Nov at 10:00.',
      data: { start: '2026-11-23T10:00:00Z', end: '2026-11-23T11:00:00Z', every: '0 10 * * 1' },
    });
    expect(await call('create_event', { title: "mom's birthday", start: '2027-01-01T00:00:00Z', every: '0 9 3 3 *' })).toMatchObject({
      ok: true,
      summary: expect.stringMatching(/^Added "mom's birthday" every year on 3 March at 09:00, first .*3 Mar.*09:00\.$/),
      data: { start: '2027-03-03T09:00:00Z' },
    });
    expect(await call('list_events', { from: '2026-11-23T00:00:00Z', to: '2026-12-08T00:00:00Z' })).toMatchObject({
      ok: true,
      data: { events: [{ title: 'team meeting', start: '2026-11-23T10:00:00Z' }, { start: '2026-11-30T10:00:00Z' }, { start: '2026-12-07T10:00:00Z' }] },
    });
    expect(await call('find_event', { title: 'team meeting' })).toMatchObject({ ok: true, summary: expect.stringMatching(/^"team meeting" is .*23 Nov.* to 11:00 \(it comes every Monday at 10:00\)\.$/) });
    expect(await call('find_event', { title: 'birthday' })).toMatchObject({ ok: true, data: { events: [{ start: '2027-03-03T09:00:00Z' }] } });
    // While it goes on, it is the next; once over, the one a week later.
    advance(2 * 24 * 3600_000 + 30 * 60_000);
    expect(await call('find_event', { title: 'team meeting' })).toMatchObject({ data: { events: [{ start: '2026-11-23T10:00:00Z' }] } });
    advance(3600_000);
    expect(await call('find_event', { title: 'team meeting' })).toMatchObject({ data: { events: [{ start: '2026-11-30T10:00:00Z' }] } });
  });

  it('is taken off one time at a time (the next, or the one of the day said), or every time when said', async () => {
    const { call } = await calendar();
    await call('create_event', { title: 'team meeting', every: '0 10 * * 1' });
    const times = async () => ((await call('list_events', { from: '2026-11-21T00:00:00Z', to: '2026-12-15T00:00:00Z' })) as { data: { events: Array<{ start: string }> } }).data.events.map((e) => e.start.slice(5, 16));

    const one = await call('cancel_event', { title: 'team meeting', from: '2026-11-30T00:00:00Z', to: '2026-12-01T00:00:00Z' }, 'c:a1:1');
    expect(one).toMatchObject({ ok: true, summary: expect.stringMatching(/^Removed "team meeting" \(.*30 Nov.*\) from the calendar; the others stay \(every Monday at 10:00; "cancel every team meeting" removes them all\)\.$/) });
    // Run again after a crash: the same time, not the next one.
    expect(await call('cancel_event', { title: 'team meeting', from: '2026-11-30T00:00:00Z', to: '2026-12-01T00:00:00Z' }, 'c:a1:1')).toEqual(one);
    expect(await times()).toEqual(['11-23T10:00', '12-07T10:00', '12-14T10:00']);
    expect(await call('cancel_event', { title: 'team meeting' })).toMatchObject({ ok: true, data: { start: '2026-11-23T10:00:00Z' } });
    expect(await times()).toEqual(['12-07T10:00', '12-14T10:00']);
    expect(await call('cancel_event', { title: 'team meeting', all: true })).toMatchObject({ ok: true, summary: 'Removed "team meeting" (every Monday at 10:00) from the calendar.' });
    expect(await times()).toEqual([]);
  });

  it('moves one time, the others staying; and is cleared from a period only there', async () => {
    const { call } = await calendar();
    await call('create_event', { title: 'standup', every: '30 9 * * 1-5' });
    const times = async () => ((await call('list_events', { from: '2026-11-23T00:00:00Z', to: '2026-11-28T00:00:00Z' })) as { data: { events: Array<{ start: string }> } }).data.events.map((e) => e.start.slice(8, 16));

    const moved = await call('move_event', { title: 'standup', from: '2026-11-24T00:00:00Z', to: '2026-11-25T00:00:00Z', time: '11:00' }, 'm:a1:1');
    expect(moved).toMatchObject({ ok: true, summary: expect.stringMatching(/^Moved "standup" to .*24 Nov.*11:00 \(it was .*09:30\); the others stay every weekday at 09:30\.$/) });
    expect(await call('move_event', { title: 'standup', from: '2026-11-24T00:00:00Z', to: '2026-11-25T00:00:00Z', time: '11:00' }, 'm:a1:1')).toMatchObject({ ok: true, data: { start: '2026-11-24T11:00:00Z' } });
    expect(await times()).toEqual(['23T09:30', '24T11:00', '25T09:30', '26T09:30', '27T09:30']);
    // Moved again, it is the moved time that moves; taken off, it is gone.
    expect(await call('move_event', { title: 'standup', from: '2026-11-24T00:00:00Z', to: '2026-11-25T00:00:00Z', by: 30 })).toMatchObject({ ok: true, data: { start: '2026-11-24T11:30:00Z' } });
    expect(await times()).toEqual(['23T09:30', '24T11:30', '25T09:30', '26T09:30', '27T09:30']);
    await call('cancel_event', { title: 'standup', from: '2026-11-24T00:00:00Z', to: '2026-11-25T00:00:00Z' });
    expect(await times()).toEqual(['23T09:30', '25T09:30', '26T09:30', '27T09:30']);

    expect(await call('clear_events', { from: '2026-11-26T00:00:00Z', to: '2026-11-28T00:00:00Z' }, 'x:a1:1')).toMatchObject({ ok: true, summary: expect.stringMatching(/^Removed 2 events from the calendar/) });
    expect(await times()).toEqual(['23T09:30', '25T09:30']);
    expect(await call('find_event', { title: 'standup', from: '2026-11-30T00:00:00Z', to: '2026-12-01T00:00:00Z' })).toMatchObject({ ok: true, data: { events: [{ start: '2026-11-30T09:30:00Z' }] } });
  });

  it('keeps what was set before a time with that time only', async () => {
    const { call, pending } = await calendar();
    await call('create_event', { title: 'team meeting', every: '0 10 * * 1' });
    expect(await call('create_reminder', { text: 'team meeting', event: 'team meeting', ahead: 600 })).toMatchObject({ ok: true, data: { at: '2026-11-23T09:50:00Z' } });
    // Another time taken off: the reminder stays; this one moved: it moves; taken off: it stops.
    expect(await call('cancel_event', { title: 'team meeting', from: '2026-11-30T00:00:00Z', to: '2026-12-01T00:00:00Z' })).toMatchObject({ ok: true, summary: expect.not.stringContaining('stopped') });
    expect(await pending()).toEqual([{ text: 'team meeting at 10:00', at: '2026-11-23T09:50:00.000Z' }]);
    expect(await call('move_event', { title: 'team meeting', time: '11:00' })).toMatchObject({ ok: true, summary: expect.stringContaining('what was set before it moves with it') });
    expect(await pending()).toEqual([{ text: 'team meeting at 11:00', at: '2026-11-23T10:50:00.000Z' }]);
    expect(await call('cancel_event', { title: 'team meeting' })).toMatchObject({ ok: true, summary: expect.stringContaining('what was set before it is stopped too') });
    expect(await pending()).toEqual([]);
  });

  it('is cleared whole with the other events of its name still to come, when no period is said ("cancel every team meeting")', async () => {
    const { call } = await calendar();
    await call('create_event', { title: 'team meeting', every: '0 10 * * 1' });
    await call('create_event', { title: 'team meeting', start: '2026-11-27T15:00:00Z' });
    await call('create_event', { title: 'dentist', start: '2026-11-26T15:00:00Z' });
    expect(await call('clear_events', { title: 'team meetings' })).toMatchObject({
      ok: true,
      summary: expect.stringMatching(/^Removed 2 events from the calendar: "team meeting" \(every Monday at 10:00\), "team meeting" \(.*27 Nov.*15:00\)\.$/),
    });
    expect(await call('list_events', { from: '2026-11-21T00:00:00Z', to: '2026-12-31T00:00:00Z' })).toMatchObject({ data: { events: [{ title: 'dentist' }] } });
    expect(await call('clear_events', { title: 'team meeting' })).toMatchObject({ ok: true, summary: 'There was nothing in the calendar to clear (called "team meeting").' });
    await expect(call('clear_events', {})).rejects.toThrow(/say which period to clear, or which events/);
  });

  it('clears the appointments of the words said with their kind ("cancel all my dentist appointments"), not every appointment', async () => {
    const { call } = await calendar();
    await call('create_event', { title: 'dentist appointment', start: '2026-11-26T15:00:00Z' });
    await call('create_event', { title: 'dentist', start: '2026-12-03T15:00:00Z' });
    await call('create_event', { title: 'vet appointment', start: '2026-11-27T09:00:00Z' });
    await call('create_event', { title: 'team meeting', start: '2026-11-27T10:00:00Z' });
    expect(await call('clear_events', { title: 'dentist appointments' })).toMatchObject({ ok: true, summary: expect.stringMatching(/^Removed 2 events from the calendar: "dentist appointment" .*, "dentist" /) });
    // Their kind alone: every one of that kind.
    expect(await call('clear_events', { title: 'appointments' })).toMatchObject({ ok: true, summary: expect.stringMatching(/^Removed 1 event from the calendar: "vet appointment"/) });
    expect(await call('list_events', { from: '2026-11-21T00:00:00Z', to: '2026-12-31T00:00:00Z' })).toMatchObject({ data: { events: [{ title: 'team meeting' }] } });
  });

  it('must come round: a start or a pattern', async () => {
    const { call } = await calendar();
    await expect(call('create_event', { title: 'team meeting' })).rejects.toThrow(/say when it starts, or how often it comes round/);
  });
});

describe('a day asked about ("what day is christmas", "how long until friday")', () => {
  it('is named, with how many days off it is', async () => {
    const { call } = await calendar();
    expect(await call('now', { date: '2026-12-25' })).toMatchObject({ ok: true, summary: 'That is Friday 25 December 2026, in 34 days.', data: { days: 34 } });
    expect(await call('now', { date: '2026-11-22' })).toMatchObject({ summary: 'That is Sunday 22 November 2026, tomorrow.' });
    expect(await call('now', { date: '2026-11-01' })).toMatchObject({ summary: 'That is Sunday 1 November 2026, 20 days ago.' });
    expect(await call('now', { date: '2026-11-21' })).toMatchObject({ summary: 'It is 10:00 on Saturday 21 November 2026 (UTC).' });
  });

  it('says how long until a time ("how long until 5pm"): the next one, or that of the day said', async () => {
    const { call } = await calendar();
    expect(await call('now', { time: '17:00' })).toMatchObject({ ok: true, summary: '17:00 is in 7 hours.', data: { minutes: 420 } });
    expect(await call('now', { time: '09:30' })).toMatchObject({ summary: 'Tomorrow at 09:30 is in 23 hours 30 minutes.' });
    expect(await call('now', { date: '2026-11-27', time: '18:00' })).toMatchObject({ summary: 'Fri 27 Nov at 18:00 is in 6 days 8 hours.' });
    expect(await call('now', { date: '2026-11-21', time: '08:00' })).toMatchObject({ summary: '08:00 is 2 hours ago.' });
  });
});

describe('the time in another place ("what time is it in Tokyo")', () => {
  it('is said there and here, with the day where it is another', async () => {
    const { call } = await calendar();
    expect(await call('now', { zone: 'America/New_York' })).toMatchObject({
      ok: true,
      summary: 'In New York it is 05:00 (America/New_York); here it is 10:00.',
      data: { timeZone: 'America/New_York', at: '2026-11-21T05:00:00-05:00' },
    });
    // 10:00 UTC is 19:00 in Tokyo, the same day; in Kiritimati (UTC+14) it is Sunday already.
    expect(await call('now', { zone: 'Asia/Tokyo' })).toMatchObject({ summary: 'In Tokyo it is 19:00 (Asia/Tokyo); here it is 10:00.' });
    expect(await call('now', { zone: 'Pacific/Kiritimati' })).toMatchObject({ summary: 'In Kiritimati it is 00:00 on Sunday 22 November 2026 (Pacific/Kiritimati); here it is 10:00 on Saturday 21 November 2026.' });
    expect(await call('now', { zone: 'UTC' })).toMatchObject({ summary: 'It is 10:00 on Saturday 21 November 2026 (UTC).' });
    expect(await call('now', { zone: 'Middle/Earth' })).toMatchObject({ ok: false, error: { code: 'CALENDAR_UNKNOWN_ZONE' } });
  });

  it('knows places by the cities zones are named after and by other names, never by a holiday\'s', async () => {
    const { zoneValues } = await import('./zones.js');
    const of = (name: string) => zoneValues().find((v) => v.names.includes(name))?.value;
    expect(of('tokyo')).toBe('Asia/Tokyo');
    expect(of('new york')).toBe('America/New_York');
    expect(of('japan')).toBe('Asia/Tokyo');
    expect(['Asia/Kolkata', 'Asia/Calcutta']).toContain(of('india'));
    expect(of('easter')).toBeUndefined();
    expect(of('christmas')).toBeUndefined();
    // Each name is one zone's.
    const names = zoneValues().flatMap((v) => v.names);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('the sun\'s times ("when is sunset", "when does it get dark tomorrow")', () => {
  it('are told for the day asked, where the home is', async () => {
    const { call } = await calendar(false, { latitude: 51.5074, longitude: -0.1278 });
    expect(await call('sun', { which: 'sunset' })).toMatchObject({ ok: true, summary: 'Sunset is at 16:04 today.', data: { date: '2026-11-21', sunset: '2026-11-21T16:04:41Z' } });
    expect(await call('sun', { date: '2026-11-22', which: 'dusk' })).toMatchObject({ ok: true, summary: expect.stringMatching(/^Dark is at 16:4\d tomorrow\.$/) });
    expect(await call('sun', { date: '2026-12-12' })).toMatchObject({ ok: true, summary: expect.stringMatching(/^Sat 12 Dec: sunrise at 07:5\d, sunset at 15:5\d; light from 07:\d\d, dark by 16:\d\d\.$/) });
  });

  it('say so where the sun does not rise or set, and where the home is not known', async () => {
    const north = await calendar(false, { latitude: 78.22, longitude: 15.65 });
    expect(await north.call('sun', { which: 'sunrise' })).toMatchObject({ ok: true, summary: 'The sun does not rise today here.' });
    const { call } = await calendar();
    expect(await call('sun', {})).toMatchObject({ ok: false, error: { code: 'CALENDAR_NO_PLACE', hint: expect.stringContaining('MAJORDOMO_LATITUDE') } });
  });
});

describe('a routine that follows the sun ("every day at sunset", "every weekday 30 minutes before sunrise")', () => {
  const london = { latitude: 51.5074, longitude: -0.1278 };

  it('comes when the sun does so each day, where the home is, and says so', async () => {
    const { call, scheduler } = await calendar(true, london);
    const set = await call('schedule_request', { text: 'close the chicken coop', every: '0 0 * * *', sun: 'sunset', sunOffset: -600 });
    expect(set).toMatchObject({ ok: true, summary: expect.stringMatching(/^I'll close the chicken coop every day 10 minutes before sunset, first .+; say "cancel the routine to close the chicken coop" to end it\.$/), data: { sun: { event: 'sunset', offsetSeconds: -600, ...london } } });
    const [job] = await scheduler.list({ status: 'pending' });
    expect(job).toMatchObject({ kind: 'routine', run: true, repeat: { cron: '0 0 * * *', timeZone: 'UTC', sun: { event: 'sunset', offsetSeconds: -600, ...london } } });
    // Its next time is the next sunset to come, less ten minutes.
    const today = new Date();
    const next = [0, 1].map((d) => sunTimes({ year: today.getUTCFullYear(), month: today.getUTCMonth() + 1, day: today.getUTCDate() + d }, london).sunset!.getTime() - 600_000).find((t) => t > Date.now());
    expect(job!.at.getTime()).toBe(next);
    expect(await call('list_reminders', {})).toMatchObject({ summary: expect.stringContaining('close the chicken coop: every day 10 minutes before sunset, next ') });
  });

  it('is refused where the home is not known, and without how often', async () => {
    const { call, scheduler } = await calendar(true);
    expect(await call('create_reminder', { text: 'feed the chickens', every: '0 0 * * 1-5', sun: 'sunrise' })).toMatchObject({ ok: false, error: { code: 'CALENDAR_NO_PLACE', hint: expect.stringContaining('MAJORDOMO_LATITUDE') } });
    expect(await scheduler.list()).toEqual([]);
    await expect(call('create_reminder', { text: 'feed the chickens', at: '2030-01-01T08:00:00Z', sun: 'sunrise' })).rejects.toThrow(/say every too/);
  });
});

describe('a routine that comes only every so many days, weeks or months ("every other Tuesday", "every 3 months")', () => {
  it('counts from the first time its pattern comes round, and says so', async () => {
    const { call, scheduler } = await calendar(true);
    const set = await call('create_reminder', { text: 'put out the recycling', every: '0 7 * * 2', interval: { count: 2, unit: 'week' } });
    expect(set).toMatchObject({ ok: true, summary: expect.stringMatching(/^I'll remind you to put out the recycling every other Tuesday at 07:00, first .+; say ".+" to end it\.$/) });
    const [job] = await scheduler.list({ status: 'pending' });
    // The first Tuesday at 07:00 to come, and the week it is in the first of every other one.
    const first = nextOccurrence({ cron: '0 7 * * 2', timeZone: 'UTC' });
    expect(job).toMatchObject({ kind: 'routine', at: first, repeat: { cron: '0 7 * * 2', timeZone: 'UTC', interval: { count: 2, unit: 'week', from: first.toISOString().slice(0, 10) } } });
    expect(set).toMatchObject({ data: { interval: job!.repeat!.interval } });
    expect(nextOccurrence(job!.repeat!, first)).toEqual(new Date(first.getTime() + 14 * 24 * 3600_000));
    expect(await call('list_reminders', {})).toMatchObject({ summary: expect.stringContaining('put out the recycling: every other Tuesday at 07:00, next ') });

    await call('create_reminder', { text: 'pay the water bill', every: '0 9 15 * *', interval: { count: 3, unit: 'month' } });
    const bill = (await scheduler.list({ status: 'pending' })).find((j) => j.text === 'pay the water bill')!;
    const after = nextOccurrence(bill.repeat!, bill.at);
    expect([after.getUTCDate(), (after.getUTCFullYear() * 12 + after.getUTCMonth()) - (bill.at.getUTCFullYear() * 12 + bill.at.getUTCMonth())]).toEqual([15, 3]);
  });

  it('starts at the time said with how often, none before it; every other week counted from then', async () => {
    const { call, scheduler } = await calendar(true);
    // Three weeks from the next Monday at 09:00.
    const monday = nextOccurrence({ cron: '0 9 * * 1', timeZone: 'UTC' });
    const starts = new Date(monday.getTime() + 21 * 24 * 3600_000 - 3600_000);
    const set = await call('create_reminder', { text: 'water the plants', every: '0 9 * * 1', at: starts.toISOString().replace(/\.\d+Z$/, 'Z') });
    const first = new Date(monday.getTime() + 21 * 24 * 3600_000);
    expect(set).toMatchObject({ ok: true, summary: expect.stringMatching(/^I'll remind you to water the plants every Monday at 09:00, first .+/), data: { first: first.toISOString().replace(/\.\d+Z$/, 'Z') } });
    const [job] = await scheduler.list({ status: 'pending' });
    expect(job!.at).toEqual(first);
    expect(nextOccurrence(job!.repeat!, first)).toEqual(new Date(first.getTime() + 7 * 24 * 3600_000));
    await call('create_reminder', { text: 'put out the recycling', every: '0 9 * * 1', at: starts.toISOString(), interval: { count: 2, unit: 'week' } });
    const recycling = (await scheduler.list({ status: 'pending' })).find((j) => j.text === 'put out the recycling')!;
    expect(recycling.at).toEqual(first);
    expect(nextOccurrence(recycling.repeat!, first)).toEqual(new Date(first.getTime() + 14 * 24 * 3600_000));
  });

  it('is refused without how often, or further apart than it can keep to', async () => {
    const { call, scheduler } = await calendar(true);
    await expect(call('create_reminder', { text: 'recycling', at: '2030-01-01T08:00:00Z', interval: { count: 2, unit: 'week' } })).rejects.toThrow(/say every too/);
    await expect(call('create_reminder', { text: 'recycling', every: '0 7 * * 2', interval: { count: 60, unit: 'week' } })).rejects.toThrow(/at most .*52 weeks/);
    expect(await scheduler.list()).toEqual([]);
  });
});

describe('a routine or an event on the n-th or last of a weekday of each month ("the last Friday of every month")', () => {
  it('comes on that day of each month only, and says so', async () => {
    const { call, scheduler } = await calendar();
    // A routine is kept at its next time from the real clock on: checked as the last Friday of a month, whichever.
    expect(await call('create_reminder', { text: 'pay the bills', every: '0 9 * * 5', week: -1 })).toMatchObject({
      ok: true,
      summary: expect.stringMatching(/^I'll remind you to pay the bills every last Friday of the month at 09:00, first Fri \d+ \w+ at 09:00; say "stop reminding me to pay the bills" to end it\.$/),
      data: { week: -1 },
    });
    const [job] = await scheduler.list({ status: 'pending' });
    expect(job).toMatchObject({ kind: 'routine', repeat: { cron: '0 9 * * 5', weekOfMonth: -1 } });
    const lastFriday = (d: Date) => d.getUTCDay() === 5 && d.getUTCDate() + 7 > new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    const times = occurrences(job!.repeat!, job!.at, new Date(job!.at.getTime() + 100 * 24 * 3600_000), 5);
    expect(times.length).toBeGreaterThanOrEqual(3);
    expect(times.every(lastFriday)).toBe(true);
    expect(new Set(times.map((d) => d.getUTCMonth())).size).toBe(times.length);

    // An event: its times in a period are those days only.
    expect(await call('create_event', { title: 'book club', every: '0 19 * * 4', week: 1 })).toMatchObject({ ok: true, summary: 'Added "book club" every first Thursday of the month at 19:00, first Thu 3 Dec at 19:00.' });
    const listed = (await call('list_events', { from: '2026-11-21T00:00:00Z', to: '2027-02-01T00:00:00Z' })) as { data: { events: Array<{ title: string; start: string }> } };
    expect(listed.data.events.filter((e) => e.title === 'book club').map((e) => e.start.slice(0, 10))).toEqual(['2026-12-03', '2027-01-07']);
    // Moved to another time of day, every time: still the first Thursday.
    expect(await call('move_event', { title: 'book club', time: '20:00', all: true })).toMatchObject({ ok: true, summary: expect.stringMatching(/^Moved "book club" to every first Thursday of the month at 20:00 \(it was every first Thursday of the month at 19:00\)/), data: { week: 1 } });
  });

  it('is refused without how often, or with a pattern that says no weekday', async () => {
    const { call, scheduler } = await calendar();
    await expect(call('create_reminder', { text: 'bills', at: '2030-01-01T08:00:00Z', week: -1 })).rejects.toThrow(/say every too/);
    await expect(call('create_reminder', { text: 'bills', every: '0 9 1 * *', week: 2 })).rejects.toThrow(/must say weekdays/);
    await expect(call('create_event', { title: 'club', every: '0 9 * * 5', week: 9 })).rejects.toThrow(/1 to 5, or -1/);
    expect(await scheduler.list()).toEqual([]);
  });
});

describe('an event that comes every other week ("the team meeting every other Monday at 10")', () => {
  it('comes round every other time of its pattern; what is set before it and its moves keep to the same weeks', async () => {
    const { call, scheduler } = await calendar();
    const starts = async (to: string) => ((await call('list_events', { from: '2026-11-21T00:00:00Z', to })) as { data: { events: Array<{ start: string }> } }).data.events.map((e) => e.start.slice(5, 16));
    expect(await call('create_event', { title: 'team meeting', every: '0 10 * * 1', interval: { count: 2, unit: 'week' } })).toMatchObject({
      ok: true,
      summary: 'Added "team meeting" every other Monday at 10:00, first Mon 23 Nov at 10:00.',
      data: { start: '2026-11-23T10:00:00Z', every: '0 10 * * 1', interval: { count: 2, unit: 'week', from: '2026-11-23' } },
    });
    expect(await starts('2026-12-22T00:00:00Z')).toEqual(['11-23T10:00', '12-07T10:00', '12-21T10:00']);
    expect(await call('find_event', { title: 'team meeting' })).toMatchObject({ summary: expect.stringContaining('(it comes every other Monday at 10:00)') });

    expect(await call('create_reminder', { text: 'every team meeting', event: 'every team meeting', ahead: 900 })).toMatchObject({
      ok: true,
      summary: expect.stringContaining('each time (every other Monday at 09:45)'),
    });
    const [routine] = await scheduler.list({ status: 'pending' });
    expect(routine).toMatchObject({ kind: 'routine', repeat: { cron: '45 9 * * 1', interval: { count: 2, unit: 'week', from: '2026-11-23' } } });

    expect(await call('move_event', { title: 'team meeting', time: '11:00', all: true })).toMatchObject({
      ok: true,
      summary: expect.stringMatching(/^Moved "team meeting" to every other Monday at 11:00 \(it was every other Monday at 10:00\), first Mon 23 Nov at 11:00/),
    });
    expect(await starts('2026-12-22T00:00:00Z')).toEqual(['11-23T11:00', '12-07T11:00', '12-21T11:00']);
    expect((await scheduler.list({ status: 'pending' })).find((j) => j.kind === 'routine')).toMatchObject({ repeat: { cron: '45 10 * * 1', interval: { from: '2026-11-23' } } });
    // To the Tuesday after: the weeks it comes in stay the same.
    expect(await call('move_event', { title: 'team meeting', date: '2026-11-24', all: true })).toMatchObject({ ok: true, data: { every: '0 11 * * 2', interval: { count: 2, unit: 'week', from: '2026-11-24' } } });
    expect(await starts('2026-12-23T00:00:00Z')).toEqual(['11-24T11:00', '12-08T11:00', '12-22T11:00']);
  });
});

describe('a reminder before each time a repeating event comes round ("15 minutes before every team meeting")', () => {
  it('comes that long before each time, and stops with the event', async () => {
    const { call, pending, scheduler } = await calendar();
    await call('create_event', { title: 'team meeting', every: '0 10 * * 1' });
    expect(await call('create_reminder', { text: 'every team meeting', event: 'every team meeting', ahead: 900 })).toMatchObject({
      ok: true,
      summary: 'I\'ll remind you of "team meeting" 15 minutes before it starts, each time (every Monday at 09:45); it stops when the event is removed.',
      data: { every: '45 9 * * 1' },
    });
    // One time taken off: the reminder stays for the others, and lets that time pass; the whole event removed: it stops.
    await call('cancel_event', { title: 'team meeting' });
    expect(await pending()).toHaveLength(1);
    const [routine] = await scheduler.list({ status: 'pending' });
    expect(routine).toMatchObject({ kind: 'routine', except: ['2026-11-23T09:45:00.000Z'], repeat: { cron: '45 9 * * 1' } });
    expect(passedOver({ ...routine!, at: new Date('2026-11-23T09:45:00Z') })).toBe(true);
    expect(passedOver({ ...routine!, at: new Date('2026-11-30T09:45:00Z') })).toBe(false);
    expect(await call('cancel_event', { title: 'team meeting', all: true })).toMatchObject({ ok: true, summary: expect.stringContaining('what was set before it is stopped too') });
    expect(await pending()).toEqual([]);
  });

  it('comes before a time moved alone at its new time, moved again and stopped with it, and lets its old time pass', async () => {
    const { call, pending, scheduler } = await calendar();
    await call('create_event', { title: 'team meeting', every: '0 10 * * 1' });
    await call('create_reminder', { text: 'every team meeting', event: 'every team meeting', ahead: 900 });
    // "Move the team meeting to 2pm": the next one (Monday 23rd), alone.
    expect(await call('move_event', { title: 'team meeting', time: '14:00' })).toMatchObject({ ok: true, summary: expect.stringContaining('what was set before it moves with it') });
    expect(await pending()).toContainEqual({ text: 'team meeting at 14:00', at: '2026-11-23T13:45:00.000Z' });
    const routine = (await scheduler.list({ status: 'pending' })).find((j) => j.kind === 'routine');
    expect(routine).toMatchObject({ except: ['2026-11-23T09:45:00.000Z'], repeat: { cron: '45 9 * * 1' } });
    // Moved again: its own reminder goes with it, the pattern's time stays let pass once.
    await call('move_event', { title: 'team meeting', time: '15:00' });
    expect(await pending()).toEqual(expect.arrayContaining([{ text: 'team meeting at 15:00', at: '2026-11-23T14:45:00.000Z' }]));
    expect(await pending()).toHaveLength(2);
    expect((await scheduler.list({ status: 'pending' })).find((j) => j.kind === 'routine')?.except).toEqual(['2026-11-23T09:45:00.000Z']);
    // That time taken off: its own reminder stops; the one before each time stays.
    await call('cancel_event', { title: 'team meeting' });
    expect(await scheduler.list({ status: 'pending' })).toEqual([expect.objectContaining({ kind: 'routine', except: ['2026-11-23T09:45:00.000Z'] })]);
    // Another time moved, then the whole event removed: everything set before it stops.
    await call('move_event', { title: 'team meeting', time: '16:00' });
    expect(await pending()).toContainEqual({ text: 'team meeting at 16:00', at: '2026-11-30T15:45:00.000Z' });
    await call('cancel_event', { title: 'team meeting', all: true });
    expect(await pending()).toEqual([]);
  });

  it('is the day before when that is before midnight, and says so when no pattern keeps to it', async () => {
    const { call } = await calendar();
    await call('create_event', { title: 'early shift', every: '30 0 * * 1-5' });
    expect(await call('create_reminder', { text: 'every early shift', event: 'every early shift', ahead: 3600 })).toMatchObject({ ok: true, data: { every: '30 23 * * 0,1,2,3,4' } });
    await call('create_event', { title: 'rent', every: '0 0 1 * *' });
    expect(await call('create_reminder', { text: 'every rent', event: 'every rent', ahead: 3600 })).toMatchObject({ ok: false, error: { code: 'CALENDAR_BAD_RANGE' } });
    // "Before the team meeting" of one that repeats: the next time only, as before.
    await call('create_event', { title: 'team meeting', every: '0 10 * * 1' });
    expect(await call('create_reminder', { text: 'team meeting', event: 'team meeting', ahead: 600 })).toMatchObject({ ok: true, data: { at: '2026-11-23T09:50:00Z' } });
  });
});

describe('every time of a repeating event moved ("move my weekly team meeting to 11", "... to tuesday from now on")', () => {
  it('shifts its pattern from the next time on, and what was set before it follows', async () => {
    const { call, pending } = await calendar();
    await call('create_event', { title: 'team meeting', every: '0 10 * * 1' });
    await call('create_reminder', { text: 'every team meeting', event: 'every team meeting', ahead: 900 });
    await call('create_reminder', { text: 'team meeting', event: 'team meeting', ahead: 600 });
    const moved = await call('move_event', { title: 'team meeting', time: '11:00', all: true }, 'm:a1:1');
    expect(moved).toMatchObject({ ok: true, summary: 'Moved "team meeting" to every Monday at 11:00 (it was every Monday at 10:00), first Mon 23 Nov at 11:00; the 2 things set before it move with it.', data: { every: '0 11 * * 1' } });
    // Run again after a crash: the same move, not another hour.
    expect(await call('move_event', { title: 'team meeting', time: '11:00', all: true }, 'm:a1:1')).toMatchObject({ ok: true, data: { every: '0 11 * * 1' } });
    expect(await call('list_events', { from: '2026-11-23T00:00:00Z', to: '2026-12-01T00:00:00Z' })).toMatchObject({ data: { events: [{ start: '2026-11-23T11:00:00Z' }, { start: '2026-11-30T11:00:00Z' }] } });
    expect((await pending()).map((p) => p.text).sort()).toEqual(['team meeting at 11:00', 'team meeting at 11:00']);
    expect((await call('list_reminders', {})) as { summary: string }).toMatchObject({ summary: expect.stringContaining('every Monday at 10:45') });
    expect(await pending()).toContainEqual({ text: 'team meeting at 11:00', at: '2026-11-23T10:50:00.000Z' });
    // To another day: the days move with it.
    expect(await call('move_event', { title: 'team meeting', date: '2026-11-24', all: true })).toMatchObject({ ok: true, data: { every: '0 11 * * 2' } });
  });
});
