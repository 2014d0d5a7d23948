import type { Recurrence } from '../../core/scheduler/scheduler.js';
import { durationWords } from '../../core/util/time.js';
import { joined } from '../../core/util/text.js';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function ordinal(n: number): string {
  const tens = n % 100;
  return `${n}${tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
}

function days(field: string): string | undefined {
  if (field === '*') return 'every day';
  if (field === '1-5') return 'every weekday';
  if (field === '0,6' || field === '6,0') return 'every Saturday and Sunday';
  if (!/^[0-7](,[0-7])*$/.test(field)) return undefined;
  const on = new Set(field.split(',').map((d) => Number(d) % 7));
  if (on.size === 7) return 'every day';
  if (on.size === 5 && !on.has(0) && !on.has(6)) return 'every weekday';
  // "0,1,2,3,4,6": said by the days left out, "every day except Friday".
  if (on.size >= 5) return `every day except ${joined(DAY_NAMES.filter((_, d) => !on.has(d)))}`;
  return `every ${joined([...on].map((d) => DAY_NAMES[d]!))}`;
}

/**
 * "every Monday at 08:00" for `0 8 * * 1`: the patterns a request's words make read back in
 * words; any other pattern is quoted as it is.
 */
export function describeEvery(cron: string): string {
  const fields = cron.trim().split(/\s+/);
  const step = (f: string) => /^\*\/(\d+)$/.exec(f)?.[1];
  if (fields.length === 5) {
    const [minute, hour, dom, month, dow] = fields as [string, string, string, string, string];
    const rest = (...fs: string[]) => fs.every((f) => f === '*');
    if (step(minute) && rest(hour, dom, month, dow)) return `every ${step(minute)} minutes`;
    // Within some hours of the day: "0 9-17 * * *", "0 8-20/2 * * *", "*/30 9-16 * * *".
    const window = /^(\d+)-(\d+)(?:\/(\d+))?$/.exec(hour);
    if (window && rest(dom, month, dow)) {
      const [, first, last, every = '1'] = window as unknown as [string, string, string, string?];
      const clock = (h: string, m: string) => `${h.padStart(2, '0')}:${m.padStart(2, '0')}`;
      if (/^\d+$/.test(minute)) return `every ${every === '1' ? 'hour' : `${every} hours`} from ${clock(first, minute)} to ${clock(String(Number(last) - ((Number(last) - Number(first)) % Number(every))), minute)}`;
      const n = step(minute);
      if (n && every === '1') return `every ${n} minutes from ${clock(first, '0')} to ${clock(last, String(60 - (60 % Number(n) || Number(n))))}`;
    }
    if (/^\d+$/.test(minute) && step(hour) && rest(dom, month, dow)) return `every ${step(hour)} hours${minute === '0' ? ', on the hour' : ` at ${minute.padStart(2, '0')} past`}`;
    if (/^\d+$/.test(minute) && /^\d+$/.test(hour) && step(dom) && rest(month, dow)) {
      return `every ${step(dom) === '2' ? 'other day' : `${step(dom)} days`} at ${hour.padStart(2, '0')}:${minute.padStart(2, '0')} (counted from the 1st of each month)`;
    }
  }
  if (fields.length === 5 && fields.every((f) => /^[\d*,-]+$/.test(f))) {
    const [minute, hour, dom, month, dow] = fields as [string, string, string, string, string];
    const mm = /^\d+$/.test(minute) ? minute.padStart(2, '0') : undefined;
    if (mm !== undefined && hour === '*' && dom === '*' && month === '*' && dow === '*') return minute === '0' ? 'every hour, on the hour' : `every hour at ${mm} past`;
    // "0 8,20 * * *": every day at 08:00 and 20:00.
    if (mm !== undefined && /^\d+(?:,\d+)+$/.test(hour) && dom === '*' && month === '*') {
      const times = hour.split(',').map((h) => `${h.padStart(2, '0')}:${mm}`);
      const on = days(dow);
      if (on) return `${on} at ${joined(times)}`;
    }
    // "0 9 3 3 *": once a year, on that day.
    if (mm !== undefined && /^\d+$/.test(hour) && /^\d+$/.test(dom) && /^\d+$/.test(month) && dow === '*' && MONTH_NAMES[Number(month) - 1] !== undefined) {
      return `every year on ${Number(dom)} ${MONTH_NAMES[Number(month) - 1]} at ${hour.padStart(2, '0')}:${mm}`;
    }
    if (mm !== undefined && /^\d+$/.test(hour) && month === '*') {
      const at = `at ${hour.padStart(2, '0')}:${mm}`;
      if (/^\d+(?:,\d+)*$/.test(dom) && dow === '*') return `on the ${joined(dom.split(',').map((d) => ordinal(Number(d))))} of every month ${at}`;
      const on = dom === '*' ? days(dow) : undefined;
      if (on) return `${on} ${at}`;
    }
  }
  return `on the pattern "${cron}"`;
}

/**
 * How often a routine comes, in words: its pattern's (see {@link describeEvery}), or for one that
 * follows the sun, its days and the sun ("every weekday 30 minutes before sunset"); only every
 * so many of them, as said ("every other Tuesday at 07:00", "on the 15th of every 3 months").
 */
export function describeRepeat(repeat: Recurrence): string {
  const each = repeat.sun === undefined ? describeEvery(repeat.cron) : bySun(repeat.cron, repeat.sun);
  const spaced = repeat.interval === undefined ? each : apart(each, repeat.interval);
  return repeat.weekOfMonth === undefined ? spaced : ofTheMonth(spaced, repeat.weekOfMonth);
}

const NTH_WORDS: Record<number, string> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', 5: 'fifth', [-1]: 'last' };

/** "every Friday at 09:00" said of the last of them in each month: "every last Friday of the month at 09:00". */
function ofTheMonth(each: string, week: number): string {
  const days = new RegExp(`^every ((?:${DAY_NAMES.join('|')})(?:(?:, | and | or )(?:${DAY_NAMES.join('|')}))*)`).exec(each);
  return days ? each.replace(days[0], `every ${NTH_WORDS[week]} ${days[1]} of the month`) : `${each}, the ${NTH_WORDS[week]} of them in each month`;
}

function bySun(cron: string, sun: NonNullable<Recurrence['sun']>): string {
  const fields = cron.trim().split(/\s+/);
  const [dom, month, dow] = fields.slice(-3) as [string, string, string];
  const on = dom === '*' && month === '*' ? days(dow) : undefined;
  const shift = sun.offsetSeconds ?? 0;
  const when = `${shift === 0 ? 'at' : `${durationWords(Math.abs(shift) * 1000).replace(/^1 hour$/, 'an hour')} ${shift < 0 ? 'before' : 'after'}`} ${sun.event}`;
  return on ? `${on} ${when}` : `${when}, on the days of "${cron}"`;
}

/** "every Tuesday at 07:00" said of every other week: "every other Tuesday at 07:00". */
function apart(each: string, interval: NonNullable<Recurrence['interval']>): string {
  const { count, unit } = interval;
  // Every one of them, from a day on: said with the first time.
  if (count === 1) return each;
  const many = count === 2 ? `other ${unit}` : `${count} ${unit}s`;
  const day = `(?:${DAY_NAMES.join('|')})`;
  if (unit === 'day' && /^every day\b/.test(each)) return each.replace(/^every day/, `every ${many}`);
  if (unit === 'week') {
    const one = new RegExp(`^every (${day})\\b(?!,| and)`).exec(each);
    if (one) return each.replace(one[0], count === 2 ? `every other ${one[1]}` : `every ${many} on ${one[1]}`);
    const several = new RegExp(`^every (${day}(?:, ${day})* and ${day})`).exec(each);
    if (several) return each.replace(several[0], `every ${many} on ${several[1]}`);
    const daily = /^every (day|weekday|Saturday and Sunday)\b/.exec(each);
    if (daily) return each.replace(daily[0], `${daily[0]} of every ${many}`);
  }
  if (unit === 'month' && each.includes('every month')) return each.replace('every month', `every ${many}`);
  if (unit === 'year' && /^every year\b/.test(each)) return each.replace(/^every year/, `every ${many}`);
  return `${each}, every ${many} from ${interval.from}`;
}
