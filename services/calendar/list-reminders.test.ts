import { afterEach, describe, expect, it } from 'vitest';
import { methodCaller } from '../../core/plugin/method-caller.js';
import type { ServicePlugin } from '../../core/plugin/plugin.js';
import { createEmbeddedScheduler } from '../../core/scheduler/embedded.js';
import { openSqliteStore, type SqliteStore } from '../../core/store/sqlite/sqlite-store.js';
import { silentLogger } from '../../core/util/logger.js';
import { createCalendar } from './index.js';

/** Midnight UTC, `days` after today's. */
function day(days: number): Date {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  return new Date(d.getTime() + days * 86_400_000);
}

const WEEKDAY = (d: Date) => d.getUTCDay();

describe('listing reminders of a period ("what reminders do I have tomorrow")', () => {
  let store: SqliteStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  // Routines come round by the real clock (node-cron's reading of the pattern), so this one is the real clock too.
  async function calendar() {
    store = openSqliteStore({ path: ':memory:' });
    const scheduler = createEmbeddedScheduler({ store: store.scheduled });
    const plugin: ServicePlugin = createCalendar({ timeZone: 'UTC' });
    await plugin.start!({ logger: silentLogger, dataDir: '', state: store.pluginState('calendar'), scheduler });
    return methodCaller(plugin);
  }

  it('lists those that come in it, routines that come round in it, and says so when there are none', async () => {
    const call = await calendar();
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
