import { describe, expect, it } from 'vitest';
import { sunTimes } from '../util/sun.js';
import { checkJob, nextDue, occurrences, occursBetween } from './recurrence.js';
import { passedOver, type ScheduledJob } from './scheduler.js';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('occurrences of a pattern in a period', () => {
  it('are the times it comes round from the start (included) to the end (excluded), whatever the clock says', () => {
    const weekly = { cron: '0 10 * * 1', timeZone: 'UTC' };
    expect(iso(occurrences(weekly, new Date('2030-01-07T10:00:00Z'), new Date('2030-01-28T10:00:00Z'), 10))).toEqual([
      '2030-01-07T10:00:00.000Z',
      '2030-01-14T10:00:00.000Z',
      '2030-01-21T10:00:00.000Z',
    ]);
    expect(iso(occurrences(weekly, new Date('2030-01-07T10:00:01Z'), new Date('2030-03-01T00:00:00Z'), 2))).toEqual(['2030-01-14T10:00:00.000Z', '2030-01-21T10:00:00.000Z']);
  });

  it('read the hours in the time zone, across a change of the clocks', () => {
    const paris = { cron: '30 9 * * 0', timeZone: 'Europe/Paris' };
    // The clocks go back on Sunday 25 October 2026: 09:30 is 07:30 UTC before, 08:30 after.
    expect(iso(occurrences(paris, new Date('2026-10-17T00:00:00Z'), new Date('2026-11-02T00:00:00Z'), 10))).toEqual(['2026-10-18T07:30:00.000Z', '2026-10-25T08:30:00.000Z', '2026-11-01T08:30:00.000Z']);
  });

  it('take a day of the month or of the week, when both are said, as cron does; and a day of the year', () => {
    const either = { cron: '0 8 1 * 5', timeZone: 'UTC' };
    expect(iso(occurrences(either, new Date('2026-12-28T00:00:00Z'), new Date('2027-01-09T00:00:00Z'), 10))).toEqual(['2027-01-01T08:00:00.000Z', '2027-01-08T08:00:00.000Z']);
    const yearly = { cron: '0 9 3 3 *', timeZone: 'UTC' };
    expect(iso(occurrences(yearly, new Date('2026-11-25T00:00:00Z'), new Date('2029-01-01T00:00:00Z'), 10))).toEqual(['2027-03-03T09:00:00.000Z', '2028-03-03T09:00:00.000Z']);
    expect(iso(occurrences({ cron: '0 9 29 2 *', timeZone: 'UTC' }, new Date('2026-11-25T00:00:00Z'), new Date('2033-01-01T00:00:00Z'), 1))).toEqual(['2028-02-29T09:00:00.000Z']);
  });

  it('several a day, in order', () => {
    const twice = { cron: '0 8,20 * * *', timeZone: 'UTC' };
    expect(iso(occurrences(twice, new Date('2026-11-25T12:00:00Z'), new Date('2026-11-27T00:00:00Z'), 10))).toEqual(['2026-11-25T20:00:00.000Z', '2026-11-26T08:00:00.000Z', '2026-11-26T20:00:00.000Z']);
  });
});

describe('occurrences of a routine on the n-th of its weekday in the month', () => {
  it('are the last Friday of each month, or the first and third Monday, and no other', () => {
    const lastFriday = { cron: '0 9 * * 5', timeZone: 'UTC', weekOfMonth: -1 };
    expect(iso(occurrences(lastFriday, new Date('2026-11-01T00:00:00Z'), new Date('2027-03-01T00:00:00Z'), 10))).toEqual([
      '2026-11-27T09:00:00.000Z',
      '2026-12-25T09:00:00.000Z',
      '2027-01-29T09:00:00.000Z',
      '2027-02-26T09:00:00.000Z',
    ]);
    const firstMonday = { cron: '0 9 * * 1', timeZone: 'UTC', weekOfMonth: 1 };
    expect(iso(occurrences(firstMonday, new Date('2026-11-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'), 10))).toEqual(['2026-11-02T09:00:00.000Z', '2026-12-07T09:00:00.000Z']);
    // A fifth one only where the month has it.
    const fifthSunday = { cron: '0 9 * * 0', timeZone: 'UTC', weekOfMonth: 5 };
    expect(iso(occurrences(fifthSunday, new Date('2026-11-01T00:00:00Z'), new Date('2027-03-01T00:00:00Z'), 10))).toEqual(['2026-11-29T09:00:00.000Z', '2027-01-31T09:00:00.000Z']);
  });

  it('are checked: a week a month has, a pattern of weekdays alone', () => {
    const job = (repeat: object): ScheduledJob => ({ id: 'w', kind: 'routine', at: new Date(), text: 'x', deliverTo: { channel: 'console', conversationId: 'c', userId: 'u' }, repeat: repeat as ScheduledJob['repeat'] });
    expect(() => checkJob(job({ cron: '0 9 * * 5', timeZone: 'UTC', weekOfMonth: 0 }))).toThrow(/week 0 of the month/);
    expect(() => checkJob(job({ cron: '0 9 * * *', timeZone: 'UTC', weekOfMonth: 2 }))).toThrow(/says no weekday/);
    expect(() => checkJob(job({ cron: '0 9 * * 1-5', timeZone: 'UTC', weekOfMonth: 2 }))).not.toThrow();
  });
});

describe('occurrences of a routine that follows the sun', () => {
  const london = { latitude: 51.5074, longitude: -0.1278 };
  const sunsetOf = (day: string) => sunTimes({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)) }, london).sunset!;

  it('come when the sun does so each day the pattern names, shifted as said, in the time zone', () => {
    const weekdays = { cron: '0 0 * * 1-5', timeZone: 'Europe/London', sun: { event: 'sunset' as const, offsetSeconds: -1800, ...london } };
    // Friday 27 November 2026 to Tuesday 1 December: the weekend left out.
    const times = occurrences(weekdays, new Date('2026-11-27T00:00:00Z'), new Date('2026-12-02T00:00:00Z'), 10);
    expect(iso(times)).toEqual(['2026-11-27', '2026-11-30', '2026-12-01'].map((d) => new Date(sunsetOf(d).getTime() - 1_800_000).toISOString()));
    // London's sunset at the end of November: just before 16:00.
    expect(times[0]!.toISOString()).toMatch(/^2026-11-27T15:2\d/);
    expect(occursBetween(weekdays, new Date('2030-01-05T00:00:00Z'), new Date('2030-01-07T00:00:00Z'))).toBe(false);
    expect(occursBetween(weekdays, new Date('2030-01-05T00:00:00Z'), new Date('2030-01-08T00:00:00Z'))).toBe(true);
  });

  it('include the day before\'s when it is shifted past midnight ("11 hours after sunset", asked for at 1am)', () => {
    const late = { cron: '0 0 * * *', timeZone: 'Europe/London', sun: { event: 'sunset' as const, offsetSeconds: 8 * 3600, ...london } };
    // At 01:00 on 28 November: the 27th's sunset (15:5x) plus 11 hours comes at 02:5x, the next one, though it follows the sun of the day before.
    const later = { ...late, sun: { ...late.sun, offsetSeconds: 11 * 3600 } };
    const [next] = occurrences(later, new Date('2026-11-28T01:00:00Z'), new Date('2026-12-02T00:00:00Z'), 1);
    expect(next!.toISOString()).toBe(new Date(sunsetOf('2026-11-27').getTime() + 11 * 3600_000).toISOString());
    expect(next!.toISOString()).toMatch(/^2026-11-28T02:/);
    // Plus 8 hours, the 27th's came before midnight: the next is the 28th's.
    const [gone] = occurrences(late, new Date('2026-11-28T01:00:00Z'), new Date('2026-12-02T00:00:00Z'), 1);
    expect(gone!.toISOString()).toBe(new Date(sunsetOf('2026-11-28').getTime() + 8 * 3600_000).toISOString());
  });

  it('skip the days the sun does not do so there, and the next comes after them', () => {
    // Tromsø: the sun does not rise from late November to mid January.
    const tromso = { cron: '0 0 * * *', timeZone: 'Europe/Oslo', sun: { event: 'sunrise' as const, latitude: 69.65, longitude: 18.96 } };
    expect(occurrences(tromso, new Date('2030-12-10T00:00:00Z'), new Date('2030-12-31T00:00:00Z'), 10)).toEqual([]);
    const [next] = occurrences(tromso, new Date('2030-12-10T00:00:00Z'), new Date('2031-03-01T00:00:00Z'), 1);
    expect(next!.toISOString()).toMatch(/^2031-01-1\d/);
    // Dusk still comes: it is light enough for a while around noon.
    expect(occurrences({ ...tromso, sun: { ...tromso.sun, event: 'dusk' as const } }, new Date('2030-12-10T00:00:00Z'), new Date('2030-12-12T00:00:00Z'), 10)).toHaveLength(2);
  });

  it('are checked: a time of the sun, a place, a shift of at most half a day', () => {
    const job: ScheduledJob = { id: 'porch', kind: 'routine', at: new Date(), text: 'turn on the porch light', deliverTo: { channel: 'console', conversationId: 'console', userId: 'local' }, repeat: { cron: '0 0 * * *', timeZone: 'Europe/London', sun: { event: 'sunset', ...london } } };
    expect(() => checkJob(job)).not.toThrow();
    expect(() => checkJob({ ...job, repeat: { ...job.repeat!, sun: { ...london, event: 'noon' as 'dusk' } } })).toThrow(/says no time of it/);
    expect(() => checkJob({ ...job, repeat: { ...job.repeat!, sun: { event: 'dusk', latitude: 51.5, longitude: 200 } } })).toThrow(/no valid place/);
    expect(() => checkJob({ ...job, repeat: { ...job.repeat!, sun: { ...london, event: 'dusk', offsetSeconds: 1.5 } } })).toThrow(/invalid while/);
  });
});

describe('occurrences of a routine that comes only every so many days, weeks, months or years', () => {
  const between = (repeat: Parameters<typeof occurrences>[0], from: string, to: string) => iso(occurrences(repeat, new Date(from), new Date(to), 20, 3_000));

  it('every other Tuesday: the Tuesdays of every second week from the first, none before it', () => {
    const fortnightly = { cron: '0 7 * * 2', timeZone: 'UTC', interval: { count: 2, unit: 'week' as const, from: '2026-12-01' } };
    expect(between(fortnightly, '2026-11-20T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual(['2026-12-01T07:00:00.000Z', '2026-12-15T07:00:00.000Z', '2026-12-29T07:00:00.000Z']);
    // Counted by weeks (Monday to Sunday), not from the day: a first day on the Sunday before starts the count in that week.
    expect(between({ ...fortnightly, interval: { ...fortnightly.interval, from: '2026-11-29' } }, '2026-11-20T00:00:00Z', '2026-12-20T00:00:00Z')).toEqual(['2026-12-08T07:00:00.000Z']);
    // Two days a week, every third week.
    const twoDays = { cron: '0 18 * * 1,4', timeZone: 'UTC', interval: { count: 3, unit: 'week' as const, from: '2026-11-23' } };
    expect(between(twoDays, '2026-11-23T00:00:00Z', '2026-12-31T00:00:00Z')).toEqual(['2026-11-23T18:00:00.000Z', '2026-11-26T18:00:00.000Z', '2026-12-14T18:00:00.000Z', '2026-12-17T18:00:00.000Z']);
  });

  it('every other day runs on across the end of a month (a cron step of days starts again on the 1st)', () => {
    const other = { cron: '30 8 * * *', timeZone: 'Europe/Paris', interval: { count: 2, unit: 'day' as const, from: '2026-12-29' } };
    expect(between(other, '2026-12-28T00:00:00Z', '2027-01-05T00:00:00Z')).toEqual(['2026-12-29T07:30:00.000Z', '2026-12-31T07:30:00.000Z', '2027-01-02T07:30:00.000Z', '2027-01-04T07:30:00.000Z']);
  });

  it('every 3 months and every 2 years, on the day of the month or of the year the pattern names', () => {
    const quarterly = { cron: '0 9 15 * *', timeZone: 'UTC', interval: { count: 3, unit: 'month' as const, from: '2026-12-15' } };
    expect(between(quarterly, '2026-11-01T00:00:00Z', '2027-08-01T00:00:00Z')).toEqual(['2026-12-15T09:00:00.000Z', '2027-03-15T09:00:00.000Z', '2027-06-15T09:00:00.000Z']);
    const biennial = { cron: '0 9 3 3 *', timeZone: 'UTC', interval: { count: 2, unit: 'year' as const, from: '2027-03-03' } };
    expect(between(biennial, '2026-11-01T00:00:00Z', '2031-12-31T00:00:00Z')).toEqual(['2027-03-03T09:00:00.000Z', '2029-03-03T09:00:00.000Z', '2031-03-03T09:00:00.000Z']);
  });

  it('of the sun too: every other day at sunset', () => {
    const london = { latitude: 51.5074, longitude: -0.1278 };
    const sunset = { cron: '0 0 * * *', timeZone: 'Europe/London', sun: { event: 'sunset' as const, ...london }, interval: { count: 2, unit: 'day' as const, from: '2026-11-27' } };
    const days = occurrences(sunset, new Date('2026-11-26T00:00:00Z'), new Date('2026-12-03T00:00:00Z'), 10).map((d) => d.toISOString().slice(0, 10));
    expect(days).toEqual(['2026-11-27', '2026-11-29', '2026-12-01']);
  });

  it('are checked: a known unit, a whole count it can keep to, a day to count from', () => {
    const job: ScheduledJob = { id: 'bins', kind: 'routine', at: new Date(), text: 'put out the bins', deliverTo: { channel: 'console', conversationId: 'console', userId: 'local' }, repeat: { cron: '0 7 * * 2', timeZone: 'UTC', interval: { count: 2, unit: 'week', from: '2026-12-01' } } };
    expect(() => checkJob(job)).not.toThrow();
    const withInterval = (interval: object) => ({ ...job, repeat: { ...job.repeat!, interval: { ...job.repeat!.interval!, ...interval } as never } });
    expect(() => checkJob(withInterval({ unit: 'fortnight' }))).toThrow(/no known unit/);
    expect(() => checkJob(withInterval({ count: 1.5 }))).toThrow(/no count it can keep to/);
    expect(() => checkJob(withInterval({ count: 53 }))).toThrow(/every 53 weeks/);
    expect(() => checkJob(withInterval({ unit: 'year', count: 3 }))).toThrow(/no count/);
    expect(() => checkJob(withInterval({ from: '2026-02-30' }))).toThrow(/which is no day/);
  });
});

describe('times a routine lets pass (one time of what it follows taken off or moved alone)', () => {
  const routine: ScheduledJob = {
    id: 'r',
    kind: 'routine',
    at: new Date('2026-11-30T09:45:00Z'),
    text: 'team meeting at 10:00',
    deliverTo: { channel: 'console', conversationId: 'console', userId: 'local' },
    repeat: { cron: '45 9 * * 1', timeZone: 'Europe/London' },
    except: ['2026-11-30T09:45:00.000Z', '2026-12-07T09:45:00.000Z'],
  };

  it('are passed over to the second, and the next time due is the first it keeps', () => {
    expect(passedOver(routine)).toBe(true);
    expect(passedOver({ ...routine, at: new Date('2026-11-30T09:45:01Z') })).toBe(false);
    expect(passedOver({ ...routine, at: new Date('2026-12-14T09:45:00Z') })).toBe(false);
    expect(nextDue(routine)).toEqual(new Date('2026-12-14T09:45:00Z'));
    expect(nextDue({ ...routine, except: [] })).toEqual(routine.at);
    // A reminder lets nothing pass.
    expect(passedOver({ ...routine, kind: 'reminder' })).toBe(false);
  });

  it('must be times, and only a routine has them', () => {
    expect(() => checkJob(routine)).not.toThrow();
    expect(() => checkJob({ ...routine, except: ['monday'] })).toThrow(/not all times/);
    const { repeat: _, ...once } = routine;
    expect(() => checkJob({ ...once, kind: 'reminder' })).toThrow(/has times to let pass/);
  });
});
