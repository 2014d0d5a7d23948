import { describe, expect, it } from 'vitest';
import { formatZoned } from '../../../util/time.js';
import { durationWords } from '../../../util/time.js';
import { readDuration, readLead, readLength, readTimes } from './time.js';

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
    // An end said without am or pm is in the same half of the day as its start.
    expect(first('from 7pm to 11')).toMatchObject({ at: '2026-11-21T19:00:00Z', until: '2026-11-21T23:00:00Z' });
    expect(first('from 10pm to 2')).toMatchObject({ at: '2026-11-21T22:00:00Z', until: '2026-11-22T02:00:00Z' });
  });

  it.each([
    // A part of the day said after the time, which chrono reads apart from it.
    ['tomorrow at 7 in the evening', '2026-11-22T19:00:00Z', undefined],
    ['tomorrow at 7:30 in the evening', '2026-11-22T19:30:00Z', undefined],
    ['tomorrow from 7 to 11 in the evening', '2026-11-22T19:00:00Z', '2026-11-22T23:00:00Z'],
    ['from 7 to 11 in the morning', '2026-11-22T07:00:00Z', '2026-11-22T11:00:00Z'],
    // After a range, the part is the end's; the start's only where it fits before the end.
    ['on Monday from 9 to 5 in the afternoon', '2026-11-23T09:00:00Z', '2026-11-23T17:00:00Z'],
    // Not the start in the end's pm, after the end; not an end on the next day for a day said once.
    ['from 9 to 5pm', '2026-11-22T09:00:00Z', '2026-11-22T17:00:00Z'],
    ['on Monday from 9 to 5', '2026-11-23T09:00:00Z', '2026-11-23T17:00:00Z'],
    ['Monday from 10pm to 2am', '2026-11-23T22:00:00Z', '2026-11-24T02:00:00Z'],
    ['from Monday 9am to Tuesday 5pm', '2026-11-23T09:00:00Z', '2026-11-24T17:00:00Z'],
    // The day said apart from a time and its part of the day.
    ['tomorrow, remind me at 7 in the evening', '2026-11-22T19:00:00Z', undefined],
    // Waking up is in the morning: a time said without am or pm is not 18:30.
    ['wake me up at 6:30 tomorrow', '2026-11-22T06:30:00Z', undefined],
    ['tomorrow wake me at 6', '2026-11-22T06:00:00Z', undefined],
    ['wake me up at 7pm', '2026-11-21T19:00:00Z', undefined],
    ['set an alarm for 6:45', '2026-11-22T06:45:00Z', undefined],
    ['on Thanksgiving at 3pm', '2026-11-26T15:00:00Z', undefined],
    ['until New Year\'s Day', '2027-01-01T09:00:00Z', undefined],
    ['is Easter Monday', '2027-03-29T09:00:00Z', undefined],
    ['on the first of the month', '2026-12-01T09:00:00Z', undefined],
    ['on the third of January at 10am', '2027-01-03T10:00:00Z', undefined],
    ['on the twenty-fifth at noon', '2026-11-25T12:00:00Z', undefined],
  ])('"%s" at Saturday 10:00 UTC is %s (until %s)', (text, at, until) => {
    expect(first(text)).toMatchObject({ at, until });
    expect(readTimes(text, { now: new Date('2026-11-21T10:00:00Z'), timeZone: 'UTC' })).toHaveLength(1);
  });

  it('reads a day of the month said with "the" where it was said, whatever follows ("on the 1st to pay rent")', () => {
    const text = 'email me on the 1st to pay rent';
    const hit = readTimes(text, { now: new Date('2026-11-21T10:00:00Z'), timeZone: 'UTC' })[0]!;
    expect(hit.spans.map(([s, e]) => text.slice(s, e))).toEqual(['the 1st']);
    expect(formatZoned(hit.at, 'UTC')).toBe('2026-12-01T09:00:00Z');
  });

  it('reads a holiday as a day only where it is said as one', () => {
    const days = (text: string, now = '2026-11-21T10:00:00Z') => readTimes(text, { now: new Date(now), timeZone: 'UTC' }).map((h) => formatZoned(h.at, 'UTC').slice(0, 10));
    expect(days('buy christmas presents')).toEqual([]);
    expect(days('carve the halloween pumpkin')).toEqual([]);
    // An ordinal in words is a day only where a day ends.
    expect(days('the first thing tomorrow')).toEqual(['2026-11-22']);
    expect(days('the second car')).toEqual([]);
    // The next one: this year's until it has passed.
    expect(days('on christmas', '2026-12-26T10:00:00Z')).toEqual(['2027-12-25']);
    expect(days('on easter', '2026-03-01T10:00:00Z')).toEqual(['2026-04-05']);
    expect(days('on thanksgiving', '2027-01-10T10:00:00Z')).toEqual(['2027-11-25']);
  });

  it('says whether a day, a clock time and its half of the day were said', () => {
    const said = (text: string) => readTimes(text, { now: new Date('2026-11-21T10:00:00Z'), timeZone: 'UTC' })[0]?.said;
    expect(said('to 4pm')).toEqual({ date: false, clock: true, half: true });
    expect(said('to Friday')).toEqual({ date: true, clock: false, half: false });
    expect(said('to Monday at 10am')).toEqual({ date: true, clock: true, half: true });
    expect(said('tomorrow ... at 7pm')).toEqual({ date: true, clock: true, half: true });
    expect(said('tomorrow evening')).toEqual({ date: true, clock: false, half: false });
    expect(said('in 2 hours')).toEqual({ date: true, clock: true, half: true });
    // The half of the day guessed, or said another way.
    expect(said('at 10')).toEqual({ date: false, clock: true, half: false });
    expect(said('at quarter past 5')).toEqual({ date: false, clock: true, half: false });
    expect(said('at 14:30')).toEqual({ date: false, clock: true, half: true });
    expect(said('at 7 in the evening')).toEqual({ date: false, clock: true, half: true });
    expect(said('tomorrow morning ... at 9')).toEqual({ date: true, clock: true, half: true });
  });

  it('never takes a duration for a time to start at', () => {
    expect(readTimes('turn on the light for 10 minutes', { now: new Date('2026-11-21T10:00:00Z'), timeZone: 'UTC' })).toEqual([]);
    expect(first('stretch for 10 minutes at 5pm')).toMatchObject({ at: '2026-11-21T17:00:00Z', until: '2026-11-21T17:10:00Z' });
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

describe('a time said with "before"', () => {
  // Now is Saturday 2026-11-21 10:00 UTC.
  it.each([
    // Half an hour ahead of a clock time, the day before a day, half an hour before a part of the day starts.
    ['remind me before 6pm to call mom', '2026-11-21T17:30:00Z', '2026-11-21T18:00:00Z'],
    ['pay rent before friday', '2026-11-26T09:00:00Z', '2026-11-27T00:00:00Z'],
    ['close the windows before the night', '2026-11-21T17:30:00Z', undefined],
    // No earlier than halfway from now: 10:20 is near.
    ['stretch before 10:20', '2026-11-21T10:10:00Z', '2026-11-21T10:20:00Z'],
    ['pay rent before tomorrow', '2026-11-21T17:00:00Z', '2026-11-22T00:00:00Z'],
  ] as Array<[string, string, string | undefined]>)('"%s" is at %s, and its period runs from now to the deadline', (text, at, to) => {
    const hit = first(text);
    expect(hit?.at).toBe(at);
    expect(hit?.from).toBe('2026-11-21T10:00:00Z');
    if (to !== undefined) expect(hit?.to).toBe(to);
  });

  it('leaves "by" and a time said alone as they were', () => {
    expect(first('pay rent by friday')?.at).toBe('2026-11-27T09:00:00Z');
    expect(first('at 6pm')?.at).toBe('2026-11-21T18:00:00Z');
  });
});

describe('readDuration', () => {
  it.each([
    ['for an hour', 3_600_000],
    ['for 10 minutes', 600_000],
    ['for half an hour', 1_800_000],
    ['for an hour and a half', 5_400_000],
    ['for 1.5 hours', 5_400_000],
    ['for a couple of hours', 7_200_000],
    ['for the next 20 mins', 1_200_000],
    ['for the next hour', 3_600_000],
    ['for 90 seconds', 90_000],
    ['for two days', 172_800_000],
  ])('"%s" lasts %d ms', (text, ms) => {
    expect(readDuration(`turn it on ${text} please`)?.ms).toBe(ms);
  });

  it('is only a length of time said with "for"', () => {
    expect(readDuration('in 10 minutes')).toBeUndefined();
    expect(readDuration('for bob')).toBeUndefined();
  });

  it('reads a length with or without "for", but not one said as when', () => {
    expect(readLength('set a timer for 10 minutes')?.ms).toBe(600_000);
    expect(readLength('set a 5 minute timer')?.ms).toBe(300_000);
    expect(readLength('a 2-hour timer')?.ms).toBe(7_200_000);
    expect(readLength('timer, an hour and a half')?.ms).toBe(5_400_000);
    expect(readLength('half an hour')?.ms).toBe(1_800_000);
    expect(readLength('remind me in 10 minutes')).toBeUndefined();
    expect(readLength('set a timer')).toBeUndefined();
  });

  it('says a duration in words it reads back', () => {
    for (const ms of [3_600_000, 14_400_000, 5_400_000, 600_000, 45_000]) expect(readDuration(`for ${durationWords(ms)}`)?.ms).toBe(ms);
    expect(durationWords(14_400_000)).toBe('4 hours');
    expect(durationWords(60_000)).toBe('1 minute');
  });
});

describe('readLength of several parts', () => {
  it('adds the parts said in ever smaller units', () => {
    expect(readLength('a timer for 1 hour and 30 minutes')?.ms).toBe(90 * 60_000);
    expect(readLength('a timer of 2 hours, 15 minutes and 10 seconds')?.ms).toBe((2 * 3600 + 15 * 60 + 10) * 1000);
  });

  it('stops at a part that is no smaller', () => {
    expect(readLength('for 5 minutes and 10 minutes')?.ms).toBe(5 * 60_000);
  });
});

describe('readLead', () => {
  const said = (text: string) => {
    const hit = readLead(text);
    return hit && { words: text.slice(hit.start, hit.end), ms: hit.ms, event: hit.event };
  };

  it.each([
    ['remind me an hour before my dentist appointment', 'an hour before my dentist appointment', 3_600_000, 'my dentist appointment'],
    ['remind me to leave 30 minutes before the flight to paris', '30 minutes before the flight', 1_800_000, 'the flight'],
    ['remind me half an hour ahead of lunch with alice, please', 'half an hour ahead of lunch with alice', 1_800_000, 'lunch with alice'],
    ["a day and a half before mom's party", "a day and a half before mom's party", 129_600_000, "mom's party"],
    ['1 hour and 30 minutes prior to the interview', '1 hour and 30 minutes prior to the interview', 5_400_000, 'the interview'],
    ['2 days before the trip on friday', '2 days before the trip on friday', 172_800_000, 'the trip on friday'],
    ['remind me about the dentist an hour before', 'an hour before', 3_600_000, undefined],
  ])('"%s": "%s", %d ms before %s', (text, words, ms, event) => {
    expect(said(text)).toEqual({ words, ms, event });
  });

  it.each([['remind me to stretch before bed'], ['10 minutes before noon'], ['an hour before 5pm'], ['a day before friday'], ['2 months before the wedding'], ['turn it off before you leave']])('"%s" is none', (text) => {
    expect(readLead(text)).toBeUndefined();
  });

  it('leaves its words, the event\'s day too, out of the times read', () => {
    expect(readTimes('remind me 10 minutes before the party on friday', { now: new Date('2026-11-21T10:00:00Z'), timeZone: 'UTC' })).toEqual([]);
    expect(first('tomorrow, an hour before the meeting')?.at).toBe('2026-11-22T09:00:00Z');
  });
});
