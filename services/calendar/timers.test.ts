import { afterEach, describe, expect, it } from 'vitest';
import type { ServicePlugin } from '../../core/plugin/plugin.js';
import { createEmbeddedScheduler } from '../../core/scheduler/embedded.js';
import { openSqliteStore, type SqliteStore } from '../../core/store/sqlite/sqlite-store.js';
import { silentLogger } from '../../core/util/logger.js';
import { methodCaller } from '../../core/plugin/method-caller.js';
import { createCalendar } from './index.js';

describe('pausing a timer', () => {
  let store: SqliteStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  /** The calendar on a real (embedded) scheduler, at a clock the test moves. */
  async function calendar() {
    store = openSqliteStore({ path: ':memory:' });
    let now = new Date('2026-11-21T10:00:00Z').getTime();
    const clock = () => new Date(now);
    const scheduler = createEmbeddedScheduler({ store: store.scheduled, clock });
    const plugin: ServicePlugin = createCalendar({ timeZone: 'UTC', clock });
    await plugin.start!({ logger: silentLogger, dataDir: '', state: store.pluginState('calendar'), scheduler });
    const call = methodCaller(plugin);
    const pending = async () => (await scheduler.list({ status: 'pending' })).map((j) => ({ text: j.text, at: j.at.toISOString() }));
    return { call, pending, advance: (ms: number) => (now += ms) };
  }

  it('keeps the time it had left, and resumes from it', async () => {
    const { call, pending, advance } = await calendar();
    await call('set_timer', { seconds: 600, label: 'the pasta' });
    await call('set_timer', { seconds: 1200 });
    advance(168_000);
    expect(await call('pause_timer', { label: 'pasta' })).toMatchObject({ ok: true, summary: 'Paused the 10-minute timer for the pasta with 7 minutes 12 seconds left; say "resume the timer" to go on.' });
    expect(await pending()).toEqual([{ text: '20-minute timer is up', at: '2026-11-21T10:20:00.000Z' }]);
    expect(await call('list_reminders', {})).toMatchObject({
      summary: '20-minute timer is up: today at 10:20 (17 minutes 12 seconds left)\n10-minute timer for the pasta: paused, 7 minutes 12 seconds left',
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

  it('is stopped like a running one', async () => {
    const { call, pending } = await calendar();
    await call('set_timer', { seconds: 600 });
    await call('pause_timer', {});
    expect(await call('cancel_reminder', { text: 'timer' })).toMatchObject({ ok: true, summary: 'Stopped the 10-minute timer.' });
    expect(await call('resume_timer', {})).toMatchObject({ ok: false });
    expect(await pending()).toEqual([]);
  });
});
