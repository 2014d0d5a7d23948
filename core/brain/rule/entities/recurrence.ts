import { MAX_INTERVAL } from '../../../scheduler/recurrence.js';
import type { IntervalUnit, RecurrenceStep } from '../../../scheduler/scheduler.js';
import { hour24, wallTime } from '../../../util/time.js';
import { hourInPart, NTH_WEEKDAY, NTH_WORDS, partHour, type TimeContext, type TimeHit } from './time.js';

/**
 * How often, from words such as "every Monday at 8am", "daily at 9pm", "every weekday
 * morning", "on Tuesdays and Fridays", "every hour", "every month on the 3rd": a cron pattern
 * of five fields in the requester's zone. The time of day comes from the time said with it
 * ("at 8am", "morning"); none said is 09:00, as for "on Monday". Every so many days, weeks,
 * months or years ("every other Tuesday", "every 3 months", "fortnightly") is the pattern of
 * each with an interval: only every `count`-th of them comes.
 */
export interface RecurrenceHit {
  cron: string;
  interval?: RecurrenceStep;
  /** Only the n-th (1 to 5) of its weekdays in each month, or the last (-1): "the last Friday of every month". */
  week?: number;
  /** Character spans of the words that said how often. */
  spans: Array<[number, number]>;
}

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAY = '(?:sun|mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?)day';
/** "Monday", "Mondays", "Monday and Thursday", "Tuesdays, Thursdays and Saturdays". */
const DAY_LIST = `${DAY}s?(?:\\s*(?:,|and|&|or)\\s*${DAY}s?)*`;

type Cadence = ({ every: 'day'; days: string; week?: number; hours?: number[] } | { every: 'month' } | { every: 'year' }) & { step?: RecurrenceStep } | { every: 'hour' } | { every: 'interval'; unit: 'minutes' | 'hours'; n: number };


const NUMBER_WORDS: Record<string, number> = { other: 2, second: 2, two: 2, third: 3, three: 3, four: 4, fourth: 4, five: 5, six: 6, eight: 8, ten: 10, twelve: 12, fifteen: 15, twenty: 20, thirty: 30 };
/** "Every 15 minutes", "every two hours", "every other day", "every 2nd week": how many of what. */
const INTERVAL = /\b(?:every|each)\s+(\d+(?:st|nd|rd|th)?|other|second|third|fourth|two|three|four|five|six|eight|ten|twelve|fifteen|twenty|thirty)\s+(minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)\b/i;

const UNITS: Record<string, IntervalUnit> = { d: 'day', w: 'week', m: 'month', y: 'year' };

/**
 * The intervals a routine keeps to: minutes that divide an hour and hours that divide a day (a
 * cron pattern), and any count of days, weeks, months or years up to the most a routine may
 * skip by (a pattern of each with an interval).
 */
function interval(text: string): { even: true; said: RegExpExecArray; cadence: Cadence } | { even: false; said: RegExpExecArray } | undefined {
  const said = INTERVAL.exec(text);
  if (!said) return undefined;
  const n = NUMBER_WORDS[said[1]!.toLowerCase()] ?? parseInt(said[1]!, 10);
  const word = said[2]!.toLowerCase();
  if (/^m(in|inutes?)$/.test(word) || /^h/.test(word)) {
    const unit = word.startsWith('h') ? 'hours' : 'minutes';
    const within = unit === 'minutes' ? 60 : 24;
    return n >= 1 && n < within && within % n === 0 ? { even: true, said, cadence: { every: 'interval', unit, n } } : { even: false, said };
  }
  const unit = UNITS[word[0]!]!;
  if (n < 2 || n > MAX_INTERVAL[unit]) return { even: false, said };
  const step = { count: n, unit };
  // The days of the weeks said ("every 2 weeks on Tuesday"), or the day the time says, or today's: as for "every week".
  return { even: true, said, cadence: unit === 'day' ? { every: 'day', days: '*', step } : unit === 'week' ? { every: 'day', days: '', step } : { every: unit, step } };
}

/** "On the last day of every month", "at the end of each month": a day no pattern of days of the month says (months differ in length). */
const MONTH_END = /\b(?:(?:on\s+)?the\s+last\s+day\s+of\s+(?:every|each|the)\s+month|(?:at\s+)?the\s+end\s+of\s+(?:every|each|the)\s+month|every\s+month(?:'s)?\s+end)\b/i;

/**
 * The words that ask for a routine at each month's end, which no routine can keep to; undefined
 * when none are said, or said of once ("at the end of the month" is that month's last day).
 */
export function monthEnd(text: string): string | undefined {
  const said = MONTH_END.exec(text)?.[0];
  return said !== undefined && /\b(?:every|each)\b|\bmonthly\b/i.test(text) ? said : undefined;
}

/**
 * Words of an interval a routine cannot keep to ("every 45 minutes", "every 5 hours", "every 3
 * years"), or one of days, weeks, months or years when the method cannot take one
 * (`stepped` false): what was said, to tell the requester; undefined for any other text.
 */
export function unevenInterval(text: string, stepped: boolean): string | undefined {
  const found = interval(text);
  if (found && (!found.even || (!stepped && found.cadence.every !== 'interval'))) return found.said[0];
  const other = stepped ? undefined : STEPPED.exec(text);
  return other ? other[0] : undefined;
}

const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

const FEW = String.raw`(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple\s+of)`;
/**
 * An end of a routine said as a day ("until friday", "till the end of the month", "through
 * december") or as a while from now ("for the next 3 hours", "for 2 weeks"); "for an hour" is
 * how long each time lasts, "until 11" an hour of each day, "monday through friday" its days.
 */
const ROUTINE_END = new RegExp(
  String.raw`\b(?:(?<!\b${DAY}s?\s+)(?:until|till|til|through|thru)\s+(?:next\s+)?${DAY}\b|(?:until|till|til|through|thru)\s+(?:tomorrow|(?:the\s+)?end\s+of\s+(?:the\s+|this\s+|next\s+)?(?:week|month|year)|next\s+(?:week|month|year)|${MONTH}(?:\s+\d{1,2}(?:st|nd|rd|th)?)?|(?:the\s+)?\d{1,2}(?:st|nd|rd|th)(?:\s+of\s+${MONTH})?|christmas|new\s+year'?s?(?:\s+eve|\s+day)?)|for\s+the\s+next\s+${FEW}\s+(?:minutes?|hours?|days?|weeks?|months?|years?)|for\s+${FEW}\s+(?:days?|weeks?|months?|years?))\b`,
  'i',
);

/** The words that say when a routine is to end by itself, which none does; undefined when none are said. */
export function routineEnd(text: string): string | undefined {
  return ROUTINE_END.exec(text)?.[0];
}

/** "Every Monday to Friday", "each day from Monday through Friday", "Mondays until Fridays": days that come round, from one to another. */
const DAYS_TO = new RegExp(String.raw`\b(?:(every|each)\s+(?:day\s+)?(?:from\s+)?(${DAY})s?|(?:from\s+)?(${DAY})s)\s*(?:to|till|til|until|through|thru|-|–)\s*(${DAY})s?\b`, 'gi');

/**
 * "Turn on the kitchen light every Monday to Friday at 7am" said as "... every weekday at 7am",
 * "every Friday to Sunday" as "every friday, saturday and sunday", which the days that come
 * round are read from (it was a light on for 94 hours from Monday, every Monday).
 */
export function daysThrough(text: string): string {
  return text.replace(DAYS_TO, (_m, every: string | undefined, first: string | undefined, plural: string | undefined, last: string) => {
    const from = Number(daysOf((first ?? plural)!));
    const to = Number(daysOf(last));
    if (from === 1 && to === 5) return every ? `${every} weekday` : 'weekdays';
    const days: string[] = [];
    for (let d = from; days.length < 7; d = (d + 1) % 7) {
      days.push(every ? DAYS[d]! : `${DAYS[d]!}s`);
      if (d === to) break;
    }
    const named = days.length === 1 ? days[0]! : `${days.slice(0, -1).join(', ')} and ${days.at(-1)!}`;
    return every ? `${every} ${named}` : named;
  });
}

/**
 * Where "weekly", "daily" and the like say how often: not after "my", "the" and their kind, where
 * they name something that is there already ("cancel my weekly meeting", "send me the daily
 * report"); "add a weekly meeting" still makes one that comes round.
 */
const NAMED = String.raw`(?<!\b(?:my|the|our|your|his|her|their|this|that|these|those)\s+)\b`;

/** Every other week or the like said in a word, or of days of the week: "fortnightly", "every other Tuesday", "quarterly". */
const STEPPED = new RegExp(`\\b(?:every|each)\\s+fortnight\\b|${NAMED}(?:fortnightly|bi-?weekly)\\b|\\b(?:every|each)\\s+(?:other|second|2nd|third|3rd)\\s+(${DAY_LIST})\\b|\\b(?:every|each)\\s+quarter\\b|${NAMED}quarterly\\b`, 'i');

/** The days of the week said of weeks that come round: "every 2 weeks on Tuesday", "fortnightly on Mondays and Thursdays". */
const WEEK_DAYS = new RegExp(`\\b(?:on\\s+)?(${DAY_LIST})\\b`, 'i');

/**
 * "Every last Friday of the month", "on the first Monday of every month", "the 2nd Tuesday of each
 * month", "every month on the last Friday": the n-th (or last) of a weekday, in each month.
 */
const WEEK_OF_MONTH = new RegExp(
  `\\b(?:every|each)\\s+${NTH_WORDS}\\s+(${DAY})s?\\s+of\\s+(?:the|every|each)\\s+month\\b|\\b(?:on\\s+)?the\\s+${NTH_WORDS}\\s+(${DAY})s?\\s+of\\s+(?:every|each)\\s+month\\b|\\b(?:every|each)\\s+month\\s+on\\s+the\\s+${NTH_WORDS}\\s+(${DAY})\\b|${NAMED}monthly\\s+on\\s+the\\s+${NTH_WORDS}\\s+(${DAY})\\b`,
  'i',
);

/** Days of the month said together: "the 1st and the 15th", "1st, 10th and 20th". */
const DAYS_OF_MONTH = /\b(?:on\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)(?:\s*(?:,|and|&)\s*(?:the\s+)?\d{1,2}(?:st|nd|rd|th))+\b/i;

/** "Once a day", "twice a day", "three times daily", "4 times a day". */
const TIMES_A_DAY = /\b(once|twice|(?:two|three|four|2|3|4)\s+times)\s+(?:a|per|each|every)\s+day\b|\b(once|twice|(?:two|three|four|2|3|4)\s+times)\s+daily\b/i;
const TIMES: Record<string, number> = { once: 1, twice: 2, two: 2, '2': 2, three: 3, '3': 3, four: 4, '4': 4 };
/** The hours a thing done so many times a day comes at, when none is said. */
const SPREAD = [[9], [9, 21], [8, 14, 20], [8, 12, 16, 20]];

const CADENCES: Array<{ re: RegExp; counted?: true; cadence: (m: RegExpExecArray, hit: TimeHit | undefined, time: TimeContext) => Cadence | undefined }> = [
  {
    re: WEEK_OF_MONTH,
    cadence: (m) => {
      const [nth, day] = [m[1] ?? m[3] ?? m[5] ?? m[7], m[2] ?? m[4] ?? m[6] ?? m[8]];
      return { every: 'day', days: daysOf(day!), week: NTH_WEEKDAY[nth!.toLowerCase()]! };
    },
  },
  {
    // "Every 15 minutes", "every two hours", "every other day", "every 2 weeks", "every 3 months".
    re: INTERVAL,
    counted: true,
    cadence: (m) => {
      const found = interval(m[0]);
      return found?.even ? found.cadence : undefined;
    },
  },
  {
    // "Fortnightly", "every other Tuesday", "every second Monday and Thursday", "quarterly".
    re: STEPPED,
    cadence: (m) => {
      if (/quarter/i.test(m[0])) return { every: 'month', step: { count: 3, unit: 'month' } };
      const count = /third|3rd/i.test(m[0]) ? 3 : 2;
      return { every: 'day', days: m[1] ? daysOf(m[1]) : '', step: { count, unit: 'week' } };
    },
  },
  { re: new RegExp(`\\b(?:every|each)\\s+hour\\b|${NAMED}hourly\\b`, 'i'), cadence: () => ({ every: 'hour' }) },
  // "Twice a day", "three times daily": spread over the waking day, unless the times are said.
  { re: TIMES_A_DAY, cadence: (m) => ({ every: 'day', days: '*', hours: SPREAD[(TIMES[(m[1] ?? m[2])!.toLowerCase().replace(/\s+times$/, '')] ?? 1) - 1]! }) },
  // "Every year", "annually", "every March 3rd": on the day said (or today's).
  { re: new RegExp(`\\b(?:every|each)\\s+year\\b|${NAMED}(?:yearly|annual|annually)\\b|\\b(?:every|each)\\s+(?=${MONTH}\\s+\\d)`, 'i'), cadence: () => ({ every: 'year' }) },
  { re: new RegExp(`\\b(?:every|each)\\s+month\\b|${NAMED}monthly\\b|\\b(?:every|each)\\s+[\\w-]+(?:\\s+\\w+)?\\s+of\\s+the\\s+month\\b`, 'i'), cadence: () => ({ every: 'month' }) },
  // Not the days left out: "every morning except on weekends" is weekday mornings.
  { re: /\b(?:every|each)\s+(?:week\s*day|weekday)s?\b|(?<!\b(?:except|not|from|excluding)\s+(?:on\s+)?)\b(?:on\s+)?weekdays\b/i, cadence: () => ({ every: 'day', days: '1-5' }) },
  { re: /\b(?:every|each)\s+weekends?\b|(?<!\b(?:except|not|from|excluding)\s+(?:on\s+)?)\b(?:on\s+)?weekends\b/i, cadence: () => ({ every: 'day', days: '0,6' }) },
  {
    // "every Monday and Thursday", "each Friday"; a plural alone is a habit too: "on Tuesdays", but not the days left out ("except Fridays").
    re: new RegExp(`\\b(?:every|each)\\s+(${DAY_LIST})\\b|(?<!\\b(?:except|not|from|excluding)\\s+(?:on\\s+)?)\\b(?:on\\s+)?((?:${DAY}s)(?:\\s*(?:,|and|&|or)\\s*${DAY}s)*)\\b`, 'i'),
    cadence: (m) => ({ every: 'day', days: daysOf(m[1] ?? m[2]!) }),
  },
  {
    // "every week" on the day said, or today's.
    re: new RegExp(`\\b(?:every|each)\\s+week\\b|${NAMED}weekly\\b`, 'i'),
    cadence: (_m, hit, time) => ({ every: 'day', days: String(weekday(hit?.at ?? time.now, time.timeZone)) }),
  },
  {
    re: new RegExp(`\\b(?:every|each)\\s*(?:day|morning|afternoon|evening|night)\\b|\\beveryday\\b|${NAMED}(?:daily|nightly)\\b`, 'i'),
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

/** Clock times joined to the one said: "8am and 8pm", "7:30, 12:30 and 18:30" (an hour said without am or pm is taken as said). */
const MORE_TIMES = /^(?:\s*(?:,|and|&)\s*(?:at\s+)?\d{1,2}(?::[0-5]\d)?\s*(?:am|pm|a\.m\.|p\.m\.)?)+/i;
const ONE_TIME = /(\d{1,2})(?::([0-5]\d))?\s*(am|pm|a\.m\.|p\.m\.)?/gi;

/** Hours of more times of the same minute said right after the time `when`, and where they are; undefined when there are none, or their minutes differ. */
function moreHours(text: string, when: TimeHit, minute: number): { hours: number[]; span: [number, number] } | undefined {
  const end = Math.max(...when.spans.map(([, e]) => e));
  const said = MORE_TIMES.exec(text.slice(end));
  if (!said) return undefined;
  const hours: number[] = [];
  for (const t of said[0].matchAll(ONE_TIME)) {
    if (Number(t[2] ?? 0) !== minute) return undefined;
    if (Number(t[1]) > 23) return undefined;
    hours.push(hour24(Number(t[1]), t[3]));
  }
  return hours.length > 0 ? { hours, span: [end, end + said[0].length] } : undefined;
}

/** Another part of the day said after the first, each at its time: "... and every evening at 8", "... and in the evening". */
const MORE_PART = /^\s*(?:,|and|&)\s*(?:(?:every|each)\s+|in\s+the\s+)?(morning|afternoon|evening|night)(?:\s+at\s+(\d{1,2})(?::([0-5]\d))?\s*(am|pm|a\.m\.|p\.m\.)?)?\b/i;

/**
 * Hours of more parts of the day said after what comes round daily ("every morning at 8 and every
 * evening at 8": 08:00 and 20:00), and where they are; undefined when there are none, or their
 * minutes differ from `minute`.
 */
function moreParts(text: string, from: number, minute: number): { hours: number[]; span: [number, number] } | undefined {
  const hours: number[] = [];
  let end = from;
  for (let m = MORE_PART.exec(text.slice(end)); m; m = MORE_PART.exec(text.slice(end))) {
    if (m[2] !== undefined && Number(m[3] ?? 0) !== minute) return undefined;
    const hour = m[2] === undefined ? partHour(m[1]!) : m[4] !== undefined ? hour24(Number(m[2]), m[4]) : hourInPart(Number(m[2]) % 12 || 12, m[1]!);
    if (hour === undefined || hour > 23) return undefined;
    hours.push(hour);
    end += m[0].length;
  }
  return hours.length > 0 ? { hours, span: [from, end] } : undefined;
}

/** Once a year, on the day of `on`. */
function yearly(minute: number, hour: number, on: { day: number; month: number }): string {
  return `${minute} ${hour} ${on.day} ${on.month} *`;
}

function weekday(at: Date, timeZone: string): number {
  const w = wallTime(at, timeZone);
  return new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
}

/** Days said to be left out of those a pattern comes round on: "except friday", "but not on weekends", "except at the weekend". */
const EXCEPT = new RegExp(`\\b(?:except|but\\s+not|apart\\s+from|excluding|not)\\s+(?:on\\s+|at\\s+)?(?:the\\s+)?(${DAY_LIST}|weekends?|weekdays)\\b`, 'i');

/** The days of the week said to be left out: by name, or the weekend's or the weekdays'. */
function daysLeftOut(said: string): string {
  if (/^weekends?$/i.test(said)) return '0,6';
  if (/^weekdays$/i.test(said)) return '1,2,3,4,5';
  return daysOf(said);
}

/** The days of a pattern's day-of-week field (`*`, `1-5`, `0,6`) less `out` (a list); '' when none is left. */
function withoutDays(days: string, out: string): string {
  const all = days === '*' ? [0, 1, 2, 3, 4, 5, 6] : days.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number) as [number, number?];
    return Array.from({ length: to! - from + 1 }, (_, i) => from + i);
  });
  const gone = new Set(out.split(',').map(Number));
  const left = all.filter((d) => !gone.has(d));
  const list = left.join(',');
  // Monday to Friday as said of weekdays, so that it is said back so.
  return left.length === 7 ? '*' : list === '1,2,3,4,5' ? '1-5' : list;
}

function daysOf(list: string): string {
  const found = new Set<number>();
  for (const m of list.toLowerCase().matchAll(new RegExp(DAY, 'gi'))) {
    const prefix = m[0].slice(0, 3);
    const index = DAYS.findIndex((d) => d.startsWith(prefix));
    if (index >= 0) found.add(index);
  }
  const days = [...found].sort((a, b) => a - b).join(',');
  // Monday to Friday as said of weekdays, so that it is said back so.
  return days === '1,2,3,4,5' ? '1-5' : days || '*';
}

/** The hours a routine of every hour or so keeps to: "between 9 and 5", "from 8am to 8pm". */
const HOUR_WINDOW = /\b(?:between|from)\s+(\d{1,2})(?::00)?\s*(am|pm)?\s+(?:and|to|till|until)\s+(\d{1,2})(?::00)?\s*(am|pm)?\b/i;

/**
 * The first and last hour of a window said, on the 24-hour clock: an hour said without am or
 * pm is taken as a waking one ("between 2 and 6" is the afternoon, "between 9 and 5" ends at 17:00).
 */
function hourWindow(text: string): { from: number; to: number; span: [number, number] } | undefined {
  const m = HOUR_WINDOW.exec(text);
  if (!m) return undefined;
  const hour = (n: string, half: string | undefined) => (half ? (Number(n) % 12) + (/pm/i.test(half) ? 12 : 0) : Number(n));
  let from = hour(m[1]!, m[2]);
  let to = hour(m[3]!, m[4]);
  if (!m[2] && from >= 1 && from < 7) from += 12;
  if (!m[4] && to <= from && to < 12 && to + 12 > from) to += 12;
  if (from > 23 || to > 23 || to <= from) return undefined;
  return { from, to, span: [m.index, m.index + m[0].length] };
}

/** Every so many minutes or hours, within the hours of `window` when one is said. */
function everyInterval(unit: 'minutes' | 'hours', n: number, minute: number, window?: { from: number; to: number }): string {
  if (unit === 'minutes') return `*/${n} ${window ? `${window.from}-${window.to - 1}` : '*'} * * *`;
  return `${minute} ${window ? `${window.from}-${window.to}/${n}` : `*/${n}`} * * *`;
}

/**
 * How often `text` says something comes round, with `hit` the time said with it (or, where the
 * words of how often are read as a time too, the first of `others` said apart from them);
 * undefined when it says no such thing.
 */
export function readRecurrence(text: string, hit: TimeHit | undefined, time: TimeContext, others: readonly TimeHit[] = []): RecurrenceHit | undefined {
  for (const { re, counted, cadence } of CADENCES) {
    const m = re.exec(text);
    if (!m) continue;
    const found = cadence(m, hit, time);
    if (!found) continue;
    // "Every 2 days" is read as a time too ("in 2 days"): only a time said apart from it says when ("every 2 months on the 15th").
    // A time said partly with them ("every 2 days at 7pm" read as "in 2 days at 7pm") still says the time of day.
    const outside = ([s, e]: [number, number]) => e <= m.index || s >= m.index + m[0].length;
    const beyond = ([s, e]: [number, number]) => s < m.index || e > m.index + m[0].length;
    const when = counted ? ([hit, ...others].find((h) => h?.spans.every(outside)) ?? (hit?.spans.some(beyond) ? hit : undefined)) : hit;
    // Weeks with no day of their own ("every 2 weeks", "fortnightly"): the days said apart ("on Tuesdays"), or as for "every week".
    const weekDays = found.every === 'day' && found.days === '' ? WEEK_DAYS.exec(text) : null;
    const c: Cadence = found.every === 'day' && found.days === '' ? { ...found, days: weekDays ? daysOf(weekDays[1]!) : String(weekday(when?.at ?? time.now, time.timeZone)) } : found;
    const w = when ? wallTime(when.at, time.timeZone) : undefined;
    const minute = w?.minute ?? 0;
    // "Every night at 11": the part of the day said with how often puts a clock time said without one in its half (23:00, not 11:00).
    const inPart = w && !when!.said.half ? hourInPart(w.hour % 12 || 12, m[0]) : undefined;
    const hour = inPart ?? (w ? hourAsSaid(w.hour, [m[0], ...when!.spans.map(([s, e]) => text.slice(s, e))].join(' ')) : 9);
    // "At 8am and 8pm every day": more hours of the same minute, said right after the time.
    // "Every morning at 8 and every evening at 8": more parts of the day, each at its time.
    const saidEnd = Math.max(m.index + m[0].length, ...(when?.spans.map(([, e]) => e) ?? []));
    const more = c.every !== 'day' ? undefined : ((when ? moreHours(text, when, minute) : undefined) ?? (/\b(?:morning|afternoon|evening|night)\b/i.test(m[0]) ? moreParts(text, saidEnd, minute) : undefined));
    const hours = more ? [hour, ...more.hours].sort((a, b) => a - b).join(',') : 'hours' in c && c.hours && !when ? c.hours.join(',') : String(hour);
    // "Every weekday except friday", "every day but sunday": those days left out.
    const except = c.every === 'day' ? EXCEPT.exec(text) : null;
    const days = c.every !== 'day' ? '' : except ? withoutDays(c.days, daysLeftOut(except[1]!)) : c.days;
    if (c.every === 'day' && days === '') return undefined;
    // "On the 1st and the 15th of every month": each of the days said.
    const monthDays = c.every === 'month' && !('step' in c && c.step) ? DAYS_OF_MONTH.exec(text) : null;
    const doms = monthDays ? [...new Set([...monthDays[0].matchAll(/\d{1,2}/g)].map((d) => Number(d[0])))].filter((d) => d >= 1 && d <= 31).sort((a, b) => a - b) : [];
    const dom = doms.length > 1 ? doms.join(',') : String(w?.day ?? 1);
    // "Every hour between 9 and 5": within those hours.
    const window = c.every === 'interval' || c.every === 'hour' ? hourWindow(text) : undefined;
    const cron = c.every === 'interval' ? everyInterval(c.unit, c.n, minute, window) : c.every === 'hour' ? `${minute} ${window ? `${window.from}-${window.to}` : '*'} * * *` : c.every === 'month' ? `${minute} ${hour} ${dom} * *` : c.every === 'year' ? yearly(minute, hour, w ?? wallTime(time.now, time.timeZone)) : `${minute} ${hours} * * ${days}`;
    const step = 'step' in c ? c.step : undefined;
    const week = 'week' in c ? c.week : undefined;
    const spans: Array<[number, number]> = [[m.index, m.index + m[0].length], ...(more ? [more.span] : []), ...(window ? [window.span] : []), ...(except ? [[except.index, except.index + except[0].length] as [number, number]] : []), ...(weekDays ? [[weekDays.index, weekDays.index + weekDays[0].length] as [number, number]] : []), ...(doms.length > 1 ? [[monthDays!.index, monthDays!.index + monthDays![0].length] as [number, number]] : [])];
    return { cron, ...(step ? { interval: step } : {}), ...(week !== undefined ? { week } : {}), spans };
  }
  return undefined;
}
