import { describe, expect, it } from 'vitest';
import { describeEvery, describeRepeat } from './every.js';

describe('describeEvery', () => {
  it('reads back the patterns requests make', () => {
    expect(describeEvery('0 8 * * 1')).toBe('every Monday at 08:00');
    expect(describeEvery('30 21 * * *')).toBe('every day at 21:30');
    expect(describeEvery('45 6 * * 1-5')).toBe('every weekday at 06:45');
    expect(describeEvery('0 10 * * 0,6')).toBe('every Saturday and Sunday at 10:00');
    expect(describeEvery('0 12 * * 1,3,5')).toBe('every Monday, Wednesday and Friday at 12:00');
    expect(describeEvery('0 * * * *')).toBe('every hour, on the hour');
    expect(describeEvery('15 * * * *')).toBe('every hour at 15 past');
    expect(describeEvery('0 9 3 * *')).toBe('on the 3rd of every month at 09:00');
    expect(describeEvery('0 9 11 * *')).toBe('on the 11th of every month at 09:00');
    expect(describeEvery('0 9 1,15 * *')).toBe('on the 1st and 15th of every month at 09:00');
    expect(describeEvery('0 9 22 * *')).toBe('on the 22nd of every month at 09:00');
    expect(describeEvery('*/15 * * * *')).toBe('every 15 minutes');
    expect(describeEvery('0 */3 * * *')).toBe('every 3 hours, on the hour');
    expect(describeEvery('30 */2 * * *')).toBe('every 2 hours at 30 past');
    expect(describeEvery('0 9 */2 * *')).toBe('every other day at 09:00 (counted from the 1st of each month)');
    expect(describeEvery('0 20 */3 * *')).toBe('every 3 days at 20:00 (counted from the 1st of each month)');
    expect(describeEvery('0 8,20 * * *')).toBe('every day at 08:00 and 20:00');
    expect(describeEvery('30 7,12,18 * * 1-5')).toBe('every weekday at 07:30, 12:30 and 18:30');
    expect(describeEvery('0 9 3 3 *')).toBe('every year on 3 March at 09:00');
    expect(describeEvery('30 18 25 12 *')).toBe('every year on 25 December at 18:30');
  });

  it('says five or six days of the week by those left out', () => {
    expect(describeEvery('0 23 * * 0,1,2,3,4,6')).toBe('every day except Friday at 23:00');
    expect(describeEvery('0 9 * * 1,2,3,4,5')).toBe('every weekday at 09:00');
    expect(describeEvery('0 9 * * 1,2,3,4,6')).toBe('every day except Sunday and Friday at 09:00');
    expect(describeEvery('0 9 * * 0,1,2,3,4,5,6')).toBe('every day at 09:00');
  });

  it('reads back every hour or so within some hours of the day, to the last time it comes', () => {
    expect(describeEvery('0 9-17 * * *')).toBe('every hour from 09:00 to 17:00');
    expect(describeEvery('0 8-20/2 * * *')).toBe('every 2 hours from 08:00 to 20:00');
    expect(describeEvery('15 9-20/3 * * *')).toBe('every 3 hours from 09:15 to 18:15');
    expect(describeEvery('*/30 9-16 * * *')).toBe('every 30 minutes from 09:00 to 16:30');
    expect(describeEvery('*/7 9-16 * * *')).toBe('every 7 minutes from 09:00 to 16:56');
  });

  it('quotes any other pattern', () => {
    expect(describeEvery('*/5 9 * * *')).toBe('on the pattern "*/5 9 * * *"');
    expect(describeEvery('0 8 * 6 1')).toBe('on the pattern "0 8 * 6 1"');
    expect(describeEvery('0 0 8 * * 1')).toBe('on the pattern "0 0 8 * * 1"');
  });
});

describe('describeRepeat', () => {
  const sun = { latitude: 51.5, longitude: -0.12 };
  it('reads back a routine that follows the sun: its days, and when against the sun', () => {
    expect(describeRepeat({ cron: '0 0 * * *', timeZone: 'UTC', sun: { event: 'sunset', ...sun } })).toBe('every day at sunset');
    expect(describeRepeat({ cron: '0 0 * * 1-5', timeZone: 'UTC', sun: { event: 'sunrise', offsetSeconds: -1800, ...sun } })).toBe('every weekday 30 minutes before sunrise');
    expect(describeRepeat({ cron: '0 0 * * 6', timeZone: 'UTC', sun: { event: 'dusk', offsetSeconds: 3600, ...sun } })).toBe('every Saturday an hour after dusk');
    expect(describeRepeat({ cron: '0 0 1 * *', timeZone: 'UTC', sun: { event: 'dawn', ...sun } })).toBe('at dawn, on the days of "0 0 1 * *"');
    expect(describeRepeat({ cron: '0 8 * * 1', timeZone: 'UTC' })).toBe('every Monday at 08:00');
  });

  it('reads back one that comes only every so many days, weeks, months or years', () => {
    const apart = (cron: string, count: number, unit: 'day' | 'week' | 'month' | 'year', more: object = {}) => describeRepeat({ cron, timeZone: 'UTC', ...more, interval: { count, unit, from: '2026-12-01' } });
    expect(apart('0 7 * * 2', 2, 'week')).toBe('every other Tuesday at 07:00');
    expect(apart('0 7 * * 2', 3, 'week')).toBe('every 3 weeks on Tuesday at 07:00');
    expect(apart('0 18 * * 1,3,5', 2, 'week')).toBe('every other week on Monday, Wednesday and Friday at 18:00');
    expect(apart('0 9 * * 1-5', 2, 'week')).toBe('every weekday of every other week at 09:00');
    expect(apart('30 8 * * *', 2, 'day')).toBe('every other day at 08:30');
    expect(apart('0 8,20 * * *', 5, 'day')).toBe('every 5 days at 08:00 and 20:00');
    expect(apart('0 9 15 * *', 3, 'month')).toBe('on the 15th of every 3 months at 09:00');
    expect(apart('0 9 3 3 *', 2, 'year')).toBe('every other year on 3 March at 09:00');
    expect(apart('0 0 * * *', 2, 'day', { sun: { event: 'sunset', ...sun } })).toBe('every other day at sunset');
    expect(apart('*/15 * * * *', 2, 'day')).toBe('every 15 minutes, every other day from 2026-12-01');
  });
});
