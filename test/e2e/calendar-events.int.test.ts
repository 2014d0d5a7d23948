import { describe, expect, it } from 'vitest';
import { startTestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';

interface StoredEvent {
  title: string;
  start: string;
}

describe('calendar events', () => {
  const cleanup = cleanupAfterEach();

  it('are taken off the calendar by words of their title, and never by a guess', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const events = async () => (await a.store.pluginState('calendar').list<StoredEvent>('event:')).map((e) => e.value.title).sort();

    for (const text of ['add a dentist appointment tomorrow at 3pm', 'schedule lunch with alice tomorrow at noon', 'add a call with bob tomorrow at 9am', 'add a call with bob the day after tomorrow at 9am']) {
      const outcome = await a.type(text);
      if (outcome.kind !== 'request') throw new Error(`not a request: ${text}`);
      expect(await a.finished(outcome.requestId)).toBe('done');
    }
    expect(await events()).toEqual(['call with bob', 'call with bob', 'dentist appointment', 'lunch with alice']);

    const cancel = await a.type('cancel my dentist appointment');
    if (cancel.kind !== 'request') throw new Error('not a request');
    expect(await a.finished(cancel.requestId)).toBe('done');
    await a.waitForOutput(/✓ Removed "dentist appointment" \(tomorrow at 15:00\) from the calendar\./);
    expect(await events()).toEqual(['call with bob', 'call with bob', 'lunch with alice']);

    const lunch = await a.type('delete lunch with alice from my calendar');
    if (lunch.kind !== 'request') throw new Error('not a request');
    expect(await a.finished(lunch.requestId)).toBe('done');
    expect(await events()).toEqual(['call with bob', 'call with bob']);

    // Two could be meant: neither is removed, and the requester is asked which.
    await a.type('cancel the call with bob');
    await a.waitForOutput(/2 events could be meant: "call with bob" \([^)]*\), "call with bob" \([^)]*\)/);
    expect(await events()).toEqual(['call with bob', 'call with bob']);
  });

  it('are moved to another time or day, keeping what was not said of it, and their length', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const done = async (text: string) => {
      const outcome = await a.type(text);
      if (outcome.kind !== 'request') throw new Error(`not a request: ${text}`);
      expect(await a.finished(outcome.requestId)).toBe('done');
    };
    const event = async (title: string) => (await a.store.pluginState('calendar').list<StoredEvent & { end: string }>('event:')).map((e) => e.value).find((e) => e.title === title)!;
    await done('add a dentist appointment tomorrow from 3pm to 4:30pm');
    await done('schedule lunch with alice tomorrow at noon');
    const dentist = await event('dentist appointment');

    // A time only: the same day, and an hour and a half long still.
    await done('move my dentist appointment to 9am');
    await a.waitForOutput(/✓ Moved "dentist appointment" to tomorrow at 09:00 \(it was tomorrow at 15:00\)\./);
    const moved = await event('dentist appointment');
    expect(moved.start.slice(0, 10)).toBe(dentist.start.slice(0, 10));
    expect(moved.start.slice(11, 16)).toBe('09:00');
    expect(moved.end.slice(11, 16)).toBe('10:30');

    // A day only: the same time of day.
    await done('reschedule lunch with alice to the day after tomorrow');
    const lunch = await event('lunch with alice');
    expect(lunch.start.slice(11, 16)).toBe('12:00');
    expect(Date.parse(lunch.start) - Date.parse(dentist.start.slice(0, 10))).toBe((24 + 12) * 3_600_000);
    expect((await a.store.pluginState('calendar').list('event:')).length).toBe(2);
  });

  it('of a day are cleared after a yes, all of them or those said', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const titles = async () => (await a.store.pluginState('calendar').list<StoredEvent>('event:')).map((e) => e.value.title).sort();
    for (const text of ['add a team meeting tomorrow at 9am', 'add a meeting with bob tomorrow at 11am', 'add a dentist appointment tomorrow at 3pm', 'add lunch with alice the day after tomorrow at noon']) {
      const outcome = await a.type(text);
      if (outcome.kind !== 'request') throw new Error(`not a request: ${text}`);
      expect(await a.finished(outcome.requestId)).toBe('done');
    }

    const meetings = await a.type('cancel all my meetings tomorrow');
    if (meetings.kind !== 'request') throw new Error('not a request');
    await a.waitForOutput(/\? Shall I .*meetings tomorrow/);
    expect(await titles()).toHaveLength(4);
    await a.type('yes');
    expect(await a.finished(meetings.requestId)).toBe('done');
    await a.waitForOutput(/✓ Removed 2 events from the calendar: "team meeting" \(tomorrow at 09:00\), "meeting with bob" \(tomorrow at 11:00\)\./);
    expect(await titles()).toEqual(['dentist appointment', 'lunch with alice']);

    const day = await a.type('clear my calendar for tomorrow');
    if (day.kind !== 'request') throw new Error('not a request');
    await a.waitForOutput(/\? Shall I "clear my calendar for tomorrow"/);
    await a.type('yes');
    expect(await a.finished(day.requestId)).toBe('done');
    expect(await titles()).toEqual(['lunch with alice']);
  });

  it('tell the time and the day where the home is', async () => {
    const a = await startTestAssistant({ MAJORDOMO_TIMEZONE: 'Europe/Paris' });
    cleanup(() => a.dispose());
    await a.type('what time is it');
    const paris = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'long' }).format(new Date());
    await a.waitForOutput(new RegExp(`✓ It is \\d\\d:\\d\\d on ${paris} \\d+ \\w+ \\d{4} \\(Europe/Paris\\)\\.`));
    await a.type('what day is the 3rd of January');
    await a.waitForOutput(/✓ That is \w+day 3 January \d{4}\./);
  });

  it('says which there are when none is called so', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const added = await a.type('add a dentist appointment tomorrow at 3pm');
    if (added.kind !== 'request') throw new Error('not a request');
    await a.finished(added.requestId);
    await a.type('cancel the party');
    await a.waitForOutput(/no event to come is called "party" \(there is "dentist appointment" \(tomorrow at 15:00\)\)/);
    expect(await a.store.pluginState('calendar').list('event:')).toHaveLength(1);
  });
});
