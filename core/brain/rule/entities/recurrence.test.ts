import { describe, expect, it } from 'vitest';
import { readRecurrence } from './recurrence.js';
import { readTimes } from './time.js';

const ctx = { now: new Date('2026-11-21T10:00:00Z'), timeZone: 'Europe/Paris' };

/** As the rule brain does: the most precise time said goes with it. */
function cron(text: string): string | undefined {
  const [time] = readTimes(text, ctx).sort((a, b) => b.precision - a.precision);
  return readRecurrence(text, time, ctx)?.cron;
}

describe('readRecurrence', () => {
  it('reads how often, at the time said with it, in the zone', () => {
    expect(cron('every monday at 8am')).toBe('0 8 * * 1');
    expect(cron('every day at 9:30pm')).toBe('30 21 * * *');
    expect(cron('daily at 7')).toBe('0 7 * * *');
    expect(cron('every day at 7pm')).toBe('0 19 * * *');
    expect(cron('every evening at 7')).toBe('0 19 * * *');
    expect(cron('every day at 19:15')).toBe('15 19 * * *');
    expect(cron('every morning')).toBe('0 8 * * *');
    expect(cron('every weekday at 6:45')).toBe('45 6 * * 1-5');
    expect(cron('on weekends at 10am')).toBe('0 10 * * 0,6');
    expect(cron('on tuesdays and fridays at 6pm')).toBe('0 18 * * 2,5');
    expect(cron('every monday, wednesday and friday at noon')).toBe('0 12 * * 1,3,5');
    expect(cron('every week on thursday at 5pm')).toBe('0 17 * * 4');
    expect(cron('every hour')).toBe('0 * * * *');
    expect(cron('every month on the 3rd at 9am')).toBe('0 9 3 * *');
  });

  it('puts an hour said with a part of the day in its half, whatever the hour it is said', () => {
    expect(cron('every night at 11')).toBe('0 23 * * *');
    expect(cron('every night at 1')).toBe('0 1 * * *');
    expect(cron('every morning at 11:30')).toBe('30 11 * * *');
    expect(cron('every afternoon at 3')).toBe('0 15 * * *');
    // Said in the evening (20:00 in Paris), the next 7 o'clock is in the morning: the evening still means 19:00.
    const evening = { now: new Date('2026-11-21T19:00:00Z'), timeZone: 'Europe/Paris' };
    const [time] = readTimes('every evening at 7', evening).sort((a, b) => b.precision - a.precision);
    expect(readRecurrence('every evening at 7', time, evening)?.cron).toBe('0 19 * * *');
  });

  it('is 09:00 when no time is said, as for "on Monday"', () => {
    expect(cron('every sunday')).toBe('0 9 * * 0');
    expect(cron('every day')).toBe('0 9 * * *');
    // "Every week" on no day said is on the day it is said (Saturday 21 November here).
    expect(cron('every week')).toBe('0 9 * * 6');
  });

  it('says nothing of a time that comes once', () => {
    for (const text of ['tomorrow at 8am', 'on monday', 'in 2 hours', 'next week', 'monday morning']) expect(cron(text), text).toBeUndefined();
  });

  it('names the words it read', () => {
    const text = 'remind me every friday at 5pm to pay the rent';
    const hit = readRecurrence(text, readTimes(text, ctx)[0], ctx)!;
    expect(hit.spans.map(([s, e]) => text.slice(s, e))).toEqual(['every friday']);
  });
});
