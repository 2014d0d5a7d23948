import { describe, expect, it } from 'vitest';
import { formatZoned } from '../../../util/time.js';
import { readTimes } from './time.js';

function first(text: string, now = '2026-11-21T10:00:00Z', timeZone = 'UTC') {
  const hit = readTimes(text, { now: new Date(now), timeZone })[0];
  return hit && { at: formatZoned(hit.at, timeZone), from: formatZoned(hit.period.from, timeZone), to: formatZoned(hit.period.to, timeZone), until: hit.until && formatZoned(hit.until, timeZone) };
}

describe('readTimes', () => {
  it.each([
    ['at 7pm', '2026-11-21T19:00:00Z'],
    ['at 9am', '2026-11-22T09:00:00Z'],
    ['at 8', '2026-11-21T20:00:00Z'],
    ['at noon', '2026-11-21T12:00:00Z'],
    ['at midnight', '2026-11-22T00:00:00Z'],
    ['in the morning', '2026-11-22T08:00:00Z'],
    ['this afternoon', '2026-11-21T15:00:00Z'],
    ['this evening', '2026-11-21T19:00:00Z'],
    ['tonight', '2026-11-21T20:00:00Z'],
    ['tomorrow morning', '2026-11-22T08:00:00Z'],
    ['in 45 minutes', '2026-11-21T10:45:00Z'],
    ['in 2 hours', '2026-11-21T12:00:00Z'],
    ['on Thursday at 11am', '2026-11-26T11:00:00Z'],
    ['on Monday', '2026-11-23T09:00:00Z'],
    ['tomorrow ... at 7pm', '2026-11-22T19:00:00Z'],
    ['game night tomorrow at 8pm', '2026-11-22T20:00:00Z'],
  ])('"%s" at Saturday 10:00 UTC is %s', (text, at) => {
    expect(first(text)?.at).toBe(at);
  });

  it('reads periods: a day, a part of a day, a week', () => {
    expect(first('on Monday')).toMatchObject({ from: '2026-11-23T00:00:00Z', to: '2026-11-24T00:00:00Z' });
    expect(first('tomorrow afternoon')).toMatchObject({ from: '2026-11-22T12:00:00Z', to: '2026-11-22T18:00:00Z' });
    expect(first('this week')).toMatchObject({ from: '2026-11-16T00:00:00Z', to: '2026-11-23T00:00:00Z' });
    expect(first('next weekend')).toMatchObject({ from: '2026-11-28T00:00:00Z', to: '2026-11-30T00:00:00Z' });
    expect(first('this month')).toMatchObject({ from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z' });
  });

  it('reads ranges and durations as an end', () => {
    expect(first('tomorrow from 2 to 3pm')).toMatchObject({ at: '2026-11-22T14:00:00Z', until: '2026-11-22T15:00:00Z' });
    expect(first('on Tuesday at 3pm for an hour')).toMatchObject({ at: '2026-11-24T15:00:00Z', until: '2026-11-24T16:00:00Z' });
  });

  it('uses the zone\'s rules on the day meant, across daylight-saving changes', () => {
    // Paris springs forward in the night of 28 to 29 March 2026.
    expect(first('tomorrow at 9am', '2026-03-28T10:00:00Z', 'Europe/Paris')?.at).toBe('2026-03-29T09:00:00+02:00');
    expect(first('in 2 hours', '2026-03-28T10:00:00Z', 'Europe/Paris')?.at).toBe('2026-03-28T13:00:00+01:00');
    expect(first('on Monday', '2026-03-28T10:00:00Z', 'Europe/Paris')).toMatchObject({ from: '2026-03-30T00:00:00+02:00', to: '2026-03-31T00:00:00+02:00' });
    // New York falls back on 1 November 2026.
    expect(first('tomorrow at 9am', '2026-10-31T14:00:00Z', 'America/New_York')?.at).toBe('2026-11-01T09:00:00-05:00');
  });

  it('finds nothing where there is no time, even in long odd text', () => {
    expect(readTimes('turn on the kitchen light', { now: new Date(), timeZone: 'UTC' })).toEqual([]);
    expect(readTimes(`${' '.repeat(5_000)}${'1'.repeat(50_000)}`, { now: new Date(), timeZone: 'UTC' })).toEqual([]);
  });
});
