import { describe, expect, it } from 'vitest';
import { sayer, startTestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';

interface StoredEvent {
  title: string;
  start: string;
  end: string;
}

describe('calendar events', () => {
  const cleanup = cleanupAfterEach();

  /** An assistant whose calendar holds the events these requests add; and ways to ask it and read its calendar. */
  async function calendarWith(...adding: string[]) {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const say = sayer(a);
    const events = async () => (await a.store.pluginState('calendar').list<StoredEvent>('event:')).map((e) => e.value);
    const titles = async () => (await events()).map((e) => e.title).sort();
    for (const text of adding) await say(text, 'done');
    return { a, say, events, titles };
  }

  it('are taken off the calendar by words of their title, and never by a guess', async () => {
    const { a, say, titles } = await calendarWith(
      'add a dentist appointment tomorrow at 3pm',
      'schedule lunch with alice tomorrow at noon',
      'add a call with bob tomorrow at 9am',
      'add a call with bob the day after tomorrow at 9am',
    );
    expect(await titles()).toEqual(['call with bob', 'call with bob', 'dentist appointment', 'lunch with alice']);

    await say('cancel my dentist appointment', 'done');
    await a.waitForOutput(/✓ Removed "dentist appointment" \(tomorrow at 15:00\) from the calendar\./);
    expect(await titles()).toEqual(['call with bob', 'call with bob', 'lunch with alice']);

    await say('delete lunch with alice from my calendar', 'done');
    expect(await titles()).toEqual(['call with bob', 'call with bob']);

    // Two could be meant: neither is removed, and the requester is asked which.
    await say('cancel the call with bob');
    await a.waitForOutput(/2 events could be meant: "call with bob" \([^)]*\), "call with bob" \([^)]*\)/);
    expect(await titles()).toEqual(['call with bob', 'call with bob']);
  });

  it('are moved to another time or day, keeping what was not said of it, and their length', async () => {
    const { a, say, events } = await calendarWith('add a dentist appointment tomorrow from 3pm to 4:30pm', 'schedule lunch with alice tomorrow at noon');
    const event = async (title: string) => (await events()).find((e) => e.title === title)!;
    const dentist = await event('dentist appointment');

    // A time only: the same day, and an hour and a half long still.
    await say('move my dentist appointment to 9am', 'done');
    await a.waitForOutput(/✓ Moved "dentist appointment" to tomorrow at 09:00 \(it was tomorrow at 15:00\)\./);
    const moved = await event('dentist appointment');
    expect(moved.start.slice(0, 10)).toBe(dentist.start.slice(0, 10));
    expect(moved.start.slice(11, 16)).toBe('09:00');
    expect(moved.end.slice(11, 16)).toBe('10:30');

    // A day only: the same time of day.
    await say('reschedule lunch with alice to the day after tomorrow', 'done');
    const lunch = await event('lunch with alice');
    expect(lunch.start.slice(11, 16)).toBe('12:00');
    expect(Date.parse(lunch.start) - Date.parse(dentist.start.slice(0, 10))).toBe((24 + 12) * 3_600_000);
    expect(await events()).toHaveLength(2);
  });

  it('are found by the time they start when it is said with them: "move my 3pm meeting to 4pm"', async () => {
    const { a, say, events } = await calendarWith('add a team meeting tomorrow at 3pm', 'add a meeting with bob tomorrow at 11am', 'add a call with carol tomorrow at 3pm');
    const start = async (title: string) => (await events()).find((e) => e.title === title)!.start.slice(11, 16);

    // "3pm meeting": the one at 3pm whose title says meeting, moved to the time after "to".
    await say('move my 3pm meeting to 4pm', 'done');
    await a.waitForOutput(/✓ Moved "team meeting" to tomorrow at 16:00 \(it was tomorrow at 15:00\)\./);
    expect([await start('team meeting'), await start('meeting with bob'), await start('call with carol')]).toEqual(['16:00', '11:00', '15:00']);

    // The time alone, when one event starts then.
    await say('reschedule the 11am one to noon', 'done');
    expect([await start('team meeting'), await start('meeting with bob'), await start('call with carol')]).toEqual(['16:00', '12:00', '15:00']);
  });

  it('of a day are cleared after a yes, all of them or those said', async () => {
    const { a, say, titles } = await calendarWith(
      'add a team meeting tomorrow at 9am',
      'add a meeting with bob tomorrow at 11am',
      'add a dentist appointment tomorrow at 3pm',
      'add lunch with alice the day after tomorrow at noon',
    );
    const meetings = await say('cancel all my meetings tomorrow');
    await a.waitForOutput(/\? Shall I .*meetings tomorrow/);
    expect(await titles()).toHaveLength(4);
    await a.type('yes');
    expect(await a.finished(meetings)).toBe('done');
    await a.waitForOutput(/✓ Removed 2 events from the calendar: "team meeting" \(tomorrow at 09:00\), "meeting with bob" \(tomorrow at 11:00\)\./);
    expect(await titles()).toEqual(['dentist appointment', 'lunch with alice']);

    const day = await say('clear my calendar for tomorrow');
    await a.waitForOutput(/\? Shall I "clear my calendar for tomorrow"/);
    await a.type('yes');
    expect(await a.finished(day)).toBe('done');
    expect(await titles()).toEqual(['lunch with alice']);
  });

  it('tell the time and the day where the home is', async () => {
    const a = await startTestAssistant({ MAJORDOMO_TIMEZONE: 'Europe/Paris' });
    cleanup(() => a.dispose());
    await a.type('what time is it');
    const paris = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'long' }).format(new Date());
    await a.waitForOutput(new RegExp(`✓ It is \\d\\d:\\d\\d on ${paris} \\d+ \\w+ \\d{4} \\(Europe/Paris\\)\\.`));
    await a.type('what day is the 3rd of January');
    await a.waitForOutput(/✓ That is \w+day 3 January \d{4}, (?:in \d+ days|tomorrow)\./);
  });

  it('are found by words of their title: "when is my dentist appointment"', async () => {
    const { a, say } = await calendarWith('add a dentist appointment tomorrow from 3pm to 4:30pm', 'add a call with bob tomorrow at 9am', 'add a call with bob the day after tomorrow at 9am');
    await say('when is my dentist appointment?', 'done');
    await a.waitForOutput(/✓ "dentist appointment" is tomorrow at 15:00 to 16:30\./);
    // Asked about, both are told of.
    await say('when do I have a call with bob', 'done');
    await a.waitForOutput(/"call with bob": tomorrow at 09:00 to 10:00\n.*"call with bob": .* at 09:00 to 10:00/);
  });

  it('tell the next one: "what\'s my next appointment", "when is my next call with bob"', async () => {
    const { a, say } = await calendarWith('add a call with bob the day after tomorrow at 9am', 'add a dentist appointment tomorrow from 3pm to 4:30pm', 'add a call with bob tomorrow at 9am');
    // None is called an appointment but the dentist's: that one. A meeting: none is called so, the soonest of all.
    await say("what's my next appointment?", 'done');
    await a.waitForOutput(/✓ "dentist appointment" is tomorrow at 15:00 to 16:30\./);
    await say('when is my next meeting', 'done');
    await a.waitForOutput(/✓ "call with bob" is tomorrow at 09:00 to 10:00\./);
    // Of two called so, the soonest only.
    const next = await say('when is my next call with bob', 'done');
    expect((await a.engine.api.request(next))!.request.summary).toBe('Done: "call with bob" is tomorrow at 09:00 to 10:00.');
  });

  it('says which there are when none is called so', async () => {
    const { a, say, events } = await calendarWith('add a dentist appointment tomorrow at 3pm');
    await say('cancel the party');
    await a.waitForOutput(/no event to come is called "party" \(there is "dentist appointment" \(tomorrow at 15:00\)\)/);
    expect(await events()).toHaveLength(1);
  });
});
