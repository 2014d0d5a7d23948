import { describe, expect, it } from 'vitest';
import { sayer, startTestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';
import { eventually } from '../support/eventually.js';

describe('timers', () => {
  const cleanup = cleanupAfterEach();

  it('tell the requester when they are up, and are listed and stopped as reminders', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());

    await a.type('set a timer for 2 seconds');
    await a.waitForOutput(/✓ Timer set for 2 seconds: I'll tell you /);
    await a.waitForOutput(/⏰ Reminder: 2-second timer is up\n/, 30_000);
    // Marked fired once told: until then it is still the one a "cancel the timer" could mean.
    await eventually(async () => (await a.store.scheduled.list({ status: 'fired' })).length === 1, 'the timer to be marked fired');

    await a.type('set a timer for 12 minutes for the pasta');
    await a.waitForOutput(/✓ Timer set for 12 minutes \(the pasta\): I'll tell you /);
    await a.type('what reminders do I have');
    await a.waitForOutput(/12-minute timer for the pasta: up (today|tomorrow) at \d\d:\d\d \((11|12) minutes/);

    await a.type('cancel the timer');
    await a.waitForOutput(/✓ Stopped the 12-minute timer for the pasta\./);
    expect(await a.store.scheduled.list({ status: 'pending' })).toEqual([]);
  });

  it('have what is asked for when one is up done then: "when the pasta timer goes off, turn on the kitchen light"', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const say = sayer(a);
    const kitchen = async () => (await a.store.pluginState('lights').get<{ on: boolean }>('light:kitchen'))?.on;
    await say('turn off the kitchen light', 'done');
    await say('set a timer for 12 minutes for the eggs', 'done');
    await say('set a timer for 5 seconds for the pasta', 'done');
    await say('when the pasta timer goes off, turn on the kitchen light', 'done');
    // Not before the timer is up.
    expect(await kitchen()).toBe(false);
    await a.waitForOutput(/✓ I'll turn on the kitchen light when the 5-second timer for the pasta is up, today at \d\d:\d\d\./);
    await a.waitForOutput(/⏰ Reminder: 5-second timer for the pasta is up\n/, 30_000);
    await eventually(async () => (await kitchen()) === true, 'the kitchen light to go on when the pasta timer is up', 30_000);
    // Told, the pasta timer is marked over a moment later: until then it is still one a "the timer" could mean.
    // So is what followed it, once its request is under way (the light may go on first).
    const over = async () => (await a.store.scheduled.list({ status: 'pending' })).every((j) => !j.text.includes('pasta') && !j.run);
    await eventually(over, 'the pasta timer and what followed it to be over');
    // Which timer, when two run and none is said: asked, nothing done.
    await say('set a timer for 10 minutes', 'done');
    const which = await a.type('text me when the timer is done');
    expect(which.kind).toBe('request');
    await a.waitForOutput(/2 running timers could be meant: "10-minute timer", "12-minute timer for the eggs"/);
    expect((await a.store.scheduled.list({ status: 'pending' })).filter((j) => j.run)).toEqual([]);
  }, 60_000);

  it('have what is asked for when one is up wait while it is paused, and done once the resumed one is up', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const say = sayer(a);
    const kitchen = async () => (await a.store.pluginState('lights').get<{ on: boolean }>('light:kitchen'))?.on;
    await say('turn on the kitchen light', 'done');
    const set = Date.now();
    await say('set a timer for 12 seconds for the pasta', 'done');
    await say('when the pasta timer goes off, turn off the kitchen light', 'done');
    await say('pause the pasta timer', 'done');
    await a.waitForOutput(/✓ Paused the 12-second timer for the pasta with \d+ seconds? left/);
    // Past the time it was to be up: neither the timer nor what waits for it came.
    await new Promise((r) => setTimeout(r, set + 13_500 - Date.now()));
    expect(await kitchen()).toBe(true);
    expect(a.terminal()).not.toMatch(/timer for the pasta is up\n/);
    await say('resume the timer', 'done');
    await a.waitForOutput(/✓ The 12-second timer for the pasta goes on: \d+ seconds? left/);
    expect(await kitchen()).toBe(true);
    await a.waitForOutput(/⏰ Reminder: 12-second timer for the pasta is up\n/, 30_000);
    await eventually(async () => (await kitchen()) === false, 'the kitchen light to go off once the resumed pasta timer is up', 30_000);
    // Marked over once its request is under way, which may be a moment after the light went off.
    await eventually(async () => (await a.store.scheduled.list({ status: 'pending' })).every((j) => !j.run), 'what waited for the timer to be over');
  }, 60_000);

  it('are stopped by what they are for, said before "timer": "cancel the eggs timer"', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const say = sayer(a);
    await say('set a 5 minute timer for the eggs', 'done');
    await say('set a 10 minute timer for the pasta', 'done');
    await say('cancel the eggs timer', 'done');
    await a.waitForOutput(/✓ Stopped the 5-minute timer for the eggs\./);
    expect((await a.store.scheduled.list({ status: 'pending' })).map((r) => r.text)).toEqual(['10-minute timer for the pasta is up']);
  });

  it('come again a while later when snoozed, the last one that came', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    await a.type('set a timer for 1 second');
    await a.waitForOutput(/⏰ Reminder: 1-second timer is up\n/, 30_000);
    await eventually(async () => (await a.store.scheduled.list({ status: 'fired' })).length === 1, 'the timer to be marked fired');
    const snoozed = await a.type('snooze for 5 minutes');
    if (snoozed.kind !== 'request') throw new Error('not a request');
    expect(await a.finished(snoozed.requestId)).toBe('done');
    await a.waitForOutput(/✓ Snoozed for 5 minutes: the 1-second timer comes again (today|tomorrow) at \d\d:\d\d\./);
    const [again] = await a.store.scheduled.list({ status: 'pending' });
    expect(again).toMatchObject({ kind: 'reminder', text: '1-second timer is up', deliverTo: { channel: 'console', userId: 'local' } });
    expect(Math.round((again!.at.getTime() - Date.now()) / 60_000)).toBe(5);
  });

  it('bring back a reminder that repeats, when it came last: it keeps coming as before', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    await a.type('remind me every day at 7am to take my pills');
    await a.waitForOutput(/✓ I'll remind you to take your pills every day at 07:00/);
    const [routine] = await a.store.scheduled.list({ status: 'pending' });
    // It came two minutes ago (as the scheduler records a routine that fired: still pending, at its next time).
    await a.store.scheduled.advance(routine!.id, routine!.at, new Date(routine!.at.getTime() + 86_400_000), new Date(Date.now() - 120_000));
    const snoozed = await a.type('snooze the reminder for 15 minutes');
    if (snoozed.kind !== 'request') throw new Error('not a request');
    expect(await a.finished(snoozed.requestId)).toBe('done');
    await a.waitForOutput(/✓ Snoozed for 15 minutes: I'll remind you to take your pills again (today|tomorrow) at \d\d:\d\d\./);
    const pending = await a.store.scheduled.list({ status: 'pending' });
    expect(pending.map((r) => [r.kind, r.text]).sort()).toEqual([['reminder', 'take my pills'], ['routine', 'take my pills']]);
  });

  it('are paused and resumed with the time they had left', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const say = sayer(a);
    await say('set a timer for 10 minutes for the pasta', 'done');
    await say('set a timer for 20 minutes', 'done');
    await say('pause the pasta timer', 'done');
    await a.waitForOutput(/✓ Paused the 10-minute timer for the pasta with (9 minutes \d+ seconds|10 minutes) left; say "resume the timer" to go on\./);
    expect((await a.store.scheduled.list({ status: 'pending' })).map((r) => r.text)).toEqual(['20-minute timer is up']);
    await say('how much time is left on my timers?', 'done');
    await a.waitForOutput(/10-minute timer for the pasta: paused, (9 minutes \d+ seconds|10 minutes) left/);
    await say('resume the timer', 'done');
    await a.waitForOutput(/✓ The 10-minute timer for the pasta goes on: (9 minutes \d+ seconds|10 minutes) left, up (today|tomorrow) at \d\d:\d\d\./);
    expect((await a.store.scheduled.list({ status: 'pending' })).map((r) => r.text)).toEqual(['10-minute timer for the pasta is up', '20-minute timer is up']);
  });

  it('are paused and resumed all at once: "pause all my timers", "resume all timers"', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const say = sayer(a);
    await say('set a timer for 10 minutes for the pasta', 'done');
    await say('set a timer for 20 minutes', 'done');
    await say('pause all my timers', 'done');
    await a.waitForOutput(/✓ Paused 2 timers: the 10-minute timer for the pasta with (9 minutes \d+ seconds|10 minutes) left, the 20-minute timer with (19 minutes \d+ seconds|20 minutes) left; say "resume all timers" to go on\./);
    expect(await a.store.scheduled.list({ status: 'pending' })).toEqual([]);
    await say('resume all timers', 'done');
    await a.waitForOutput(/✓ 2 timers go on: the 10-minute timer for the pasta, up (today|tomorrow) at \d\d:\d\d; the 20-minute timer, up (today|tomorrow) at \d\d:\d\d\./);
    expect((await a.store.scheduled.list({ status: 'pending' })).map((r) => r.text)).toEqual(['10-minute timer for the pasta is up', '20-minute timer is up']);
  });

  it('are stopped all at once, with reminders, after a yes, or only those said', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const pending = async () => (await a.store.scheduled.list({ status: 'pending' })).map((r) => r.text).sort();
    for (const text of ['set a timer for 20 minutes', 'remind me tomorrow at 8am to put the bins out', 'remind me every Tuesday at 8pm to take the bins in', 'remind me tomorrow at 9am to call the plumber']) {
      const o = await a.type(text);
      if (o.kind !== 'request') throw new Error(`not a request: ${text}`);
      expect(await a.finished(o.requestId)).toBe('done');
    }
    expect(await pending()).toHaveLength(4);

    const bins = await a.type('delete all my reminders about the bins');
    if (bins.kind !== 'request') throw new Error('not a request');
    await a.waitForOutput(/\? Shall I "delete all my reminders about the bins"/);
    expect(await pending()).toHaveLength(4);
    await a.type('yes');
    expect(await a.finished(bins.requestId)).toBe('done');
    // The soonest first: on a Tuesday before 8pm, the routine's next time comes before tomorrow's reminder.
    await a.waitForOutput(/✓ Stopped 2 reminders: (?:"put the bins out" \(tomorrow at 08:00\), "take the bins in"|"take the bins in", "put the bins out" \(tomorrow at 08:00\))\./);
    expect(await pending()).toEqual(['20-minute timer is up', 'call the plumber']);

    const all = await a.type('cancel all my reminders');
    if (all.kind !== 'request') throw new Error('not a request');
    await a.waitForOutput(/\? Shall I "cancel all my reminders"/);
    await a.type('yes');
    expect(await a.finished(all.requestId)).toBe('done');
    expect(await pending()).toEqual([]);
  });
});
