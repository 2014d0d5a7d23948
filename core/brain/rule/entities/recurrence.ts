import { wallTime } from '../../../util/time.js';
import type { TimeContext, TimeHit } from './time.js';

/**
 * How often, from words such as "every Monday at 8am", "daily at 9pm", "every weekday
 * morning", "on Tuesdays and Fridays", "every hour", "every month on the 3rd": a cron pattern
 * of five fields in the requester's zone. The time of day comes from the time said with it
 * ("at 8am", "morning"); none said is 09:00, as for "on Monday".
 */
export interface RecurrenceHit {
  cron: string;
  /** Character spans of the words that said how often. */
  spans: Array<[number, number]>;
}

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAY = '(?:sun|mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?)day';
/** "Monday", "Mondays", "Monday and Thursday", "Tuesdays, Thursdays and Saturdays". */
const DAY_LIST = `${DAY}s?(?:\\s*(?:,|and|&|or)\\s*${DAY}s?)*`;

type Cadence = { every: 'day'; days: string } | { every: 'hour' } | { every: 'month' };

const CADENCES: Array<{ re: RegExp; cadence: (m: RegExpExecArray, hit: TimeHit | undefined, time: TimeContext) => Cadence }> = [
  { re: /\b(?:every|each)\s+hour\b|\bhourly\b/i, cadence: () => ({ every: 'hour' }) },
  { re: /\b(?:every|each)\s+month\b|\bmonthly\b|\b(?:every|each)\s+[\w-]+(?:\s+\w+)?\s+of\s+the\s+month\b/i, cadence: () => ({ every: 'month' }) },
  { re: /\b(?:every|each)\s+(?:week\s*day|weekday)s?\b|\b(?:on\s+)?weekdays\b/i, cadence: () => ({ every: 'day', days: '1-5' }) },
  { re: /\b(?:every|each)\s+weekends?\b|\b(?:on\s+)?weekends\b/i, cadence: () => ({ every: 'day', days: '0,6' }) },
  {
    // "every Monday and Thursday", "each Friday"; a plural alone is a habit too: "on Tuesdays".
    re: new RegExp(`\\b(?:every|each)\\s+(${DAY_LIST})\\b|\\b(?:on\\s+)?((?:${DAY}s)(?:\\s*(?:,|and|&|or)\\s*${DAY}s)*)\\b`, 'i'),
    cadence: (m) => ({ every: 'day', days: daysOf(m[1] ?? m[2]!) }),
  },
  {
    // "every week" on the day said, or today's.
    re: /\b(?:every|each)\s+week\b|\bweekly\b/i,
    cadence: (_m, hit, time) => ({ every: 'day', days: String(weekday(hit?.at ?? time.now, time.timeZone)) }),
  },
  {
    re: /\b(?:every|each)\s*(?:day|morning|afternoon|evening|night)\b|\beveryday\b|\b(?:daily|nightly)\b/i,
    cadence: () => ({ every: 'day', days: '*' }),
  },
];

const AFTER_NOON = /\b(pm|p\.m\.?|afternoon|evening|night|tonight|noon|midday)\b|\d(pm|p\.m\.?)/i;

/**
 * The hour meant by a time that comes round: "at 7" is 07:00 every day, whenever it is said
 * (the next 7 o'clock, which a one-off time means, would depend on the hour of the request).
 * An hour said after noon ("7pm", "19:00", "in the evening") stays as it is.
 */
function hourAsSaid(hour: number, said: string): number {
  if (hour < 13 || AFTER_NOON.test(said) || new RegExp(`\\b${hour}\\b`).test(said)) return hour;
  return hour - 12;
}

function weekday(at: Date, timeZone: string): number {
  const w = wallTime(at, timeZone);
  return new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
}

function daysOf(list: string): string {
  const found = new Set<number>();
  for (const m of list.toLowerCase().matchAll(new RegExp(DAY, 'gi'))) {
    const prefix = m[0].slice(0, 3);
    const index = DAYS.findIndex((d) => d.startsWith(prefix));
    if (index >= 0) found.add(index);
  }
  return [...found].sort((a, b) => a - b).join(',') || '*';
}

/** How often `text` says something comes round, with `hit` the time said with it; undefined when it says no such thing. */
export function readRecurrence(text: string, hit: TimeHit | undefined, time: TimeContext): RecurrenceHit | undefined {
  for (const { re, cadence } of CADENCES) {
    const m = re.exec(text);
    if (!m) continue;
    const c = cadence(m, hit, time);
    const w = hit ? wallTime(hit.at, time.timeZone) : undefined;
    const minute = w?.minute ?? 0;
    const hour = w ? hourAsSaid(w.hour, [m[0], ...hit!.spans.map(([s, e]) => text.slice(s, e))].join(' ')) : 9;
    const cron = c.every === 'hour' ? `${minute} * * * *` : c.every === 'month' ? `${minute} ${hour} ${w?.day ?? 1} * *` : `${minute} ${hour} * * ${c.days}`;
    return { cron, spans: [[m.index, m.index + m[0].length]] };
  }
  return undefined;
}
