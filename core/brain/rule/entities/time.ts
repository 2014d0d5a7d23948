import * as chrono from 'chrono-node';
import type { GeoPlace } from '../../../util/sun.js';
import { sunSaid, type SunSaid } from './sun.js';
import { offsetMinutes, wallTime, zonedToInstant, type WallTime } from '../../../util/time.js';
import { CLOCK_WORDS, HALF_HOUR, HOUR_WORDS } from '../lexicon.js';
import { readPosition } from './position.js';

/**
 * Times and periods in the requester's zone. chrono reads the words; the wall-clock result is
 * turned into an instant with the zone's rules for that day, so "at 9 on July 4" is right
 * across daylight-saving changes. chrono's own zone option takes offsets, not IANA names.
 */

export interface TimeContext {
  now: Date;
  timeZone: string;
  /** Where the home is: "at sunset", "when it gets dark" are placed in time there; unknown, they are not read. */
  place?: GeoPlace;
}

/** A time found in text. */
export interface TimeHit {
  /** Character spans of the words that said it, in the text. */
  spans: Array<[number, number]>;
  /** The instant meant: "tomorrow at 7pm", "in 45 minutes", "Monday" (09:00). */
  at: Date;
  /** The end, when a range or a duration was said ("from 2 to 3pm", "for 2 hours"). */
  until?: Date;
  /** The span of the duration that set `until` ("for 2 hours"): the words of an end, apart from those of the time. */
  duration?: [number, number];
  /** The period meant when the words name one: "on Monday" is Monday 00:00 to Tuesday 00:00. */
  period: { from: Date; to: Date };
  /** How much was said: a date, a time, a range. The most precise of several times is meant. */
  precision: number;
  /**
   * Whether a day was said ("Friday", "tomorrow", "in 2 hours"), a clock time ("at 4pm"), and
   * the half of the day it is in (am or pm, a part of the day, a 24-hour clock; "at 10" leaves
   * it to be guessed): what is not said may be kept from elsewhere.
   */
  said: { date: boolean; clock: boolean; half: boolean };
}

/** A part of the day: the hour to use for an instant, the hours of the period, and the half of the day a clock time said with it is in. */
interface Part {
  re: RegExp;
  hour: number;
  from: number;
  to: number;
  /** "At night" is pm until the small hours: 2 at night is 02:00. */
  half: 'am' | 'pm' | 'night';
}

const PARTS: Part[] = [
  { re: /\bmorning\b/i, hour: 8, from: 6, to: 12, half: 'am' },
  { re: /\bafternoon\b/i, hour: 15, from: 12, to: 18, half: 'pm' },
  { re: /\bevening\b/i, hour: 19, from: 18, to: 24, half: 'pm' },
  { re: /\b(tonight|night)\b/i, hour: 20, from: 18, to: 24, half: 'night' },
];

/** Words that put a clock time in the morning: "wake me up at 6:30", "set an alarm for 6:45" (where "for 7" is when, not how long). */
export const WAKING = /\bwake\s+(?:me|us|him|her|them)\b|\bwake[- ]?up\b|\balarms?\b/i;

/**
 * Words of what happens in the evening: a clock time without am or pm next to them is after noon
 * ("dinner with alice on friday at 7", "movie night on saturday at 8", "book a table for 8", "remind me
 * to go to bed at 11", "my book club on friday at 7").
 */
const EVENING_OUT = /\b(?:dinner|supper|drinks|cocktails|movies?|film|cinema|concert|theat(?:er|re)|opera|gig|karaoke|pub|night|(?:book|reserve)\s+(?:a\s+)?table|book\s+club|go(?:ing)?\s+to\s+(?:bed|sleep))\b/i;

/** "An alarm for 7": the time it goes off, read as "at 7" (the same length, so offsets hold); "for 7 minutes" is a length. */
function alarmTimes(text: string): string {
  return text.replace(/\bfor(?=\s+\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?(?![\d:]|\s*(?:min|minutes?|hours?|hrs?|h\b|secs?|seconds?|%|percent|days?|weeks?)))/gi, 'at ');
}

/** Words that move a thing in time: the clock time it goes "to" is when ("move the meeting to 11"). */
const MOVING = /\b(?:move|shift|reschedule|postpone|push|bring|change)\b/i;

/**
 * "Move the meeting to 11": the hour it moves to, read as "at 11" (the same length, so offsets
 * hold); "to 4pm" and "to 10:30" chrono reads itself, and "to 11 minutes", "to 50%" and the end of a range
 * ("from 3 to 4") are no such time.
 */
function movedTimes(text: string): string {
  return text.replace(/(?<!\bfrom\s+\S+\s+)\bto(?=\s+\d{1,2}(?:\s*o'clock)?(?![\d:.,]|\s*(?:[ap]\.?m\b|min|minutes?|hours?|hrs?|h\b|secs?|seconds?|%|percent|days?|weeks?|times?|people|of\b)))/gi, 'at');
}

/** A clock hour (1 to 12) in the half of the day of a part said with it: 7 in the evening is 19, 12 in the morning is 0, 2 at night is 2. */
function inPart(hour: number, part: Part): number {
  if (hour > 12) return hour;
  if (part.half === 'am' || (part.half === 'night' && hour < 6)) return hour === 12 ? 0 : hour;
  return hour < 12 ? hour + 12 : hour;
}

/** The hour a part of the day said alone means ("every evening": 19:00); undefined when `text` says none. */
export function partHour(text: string): number | undefined {
  return PARTS.find((p) => p.re.test(text))?.hour;
}

/** A clock hour (1 to 12) in the part of the day `text` names ("every night" and 11 is 23); undefined when it names none. */
export function hourInPart(hour: number, text: string): number | undefined {
  const part = PARTS.find((p) => p.re.test(text));
  return part ? inPart(hour, part) : undefined;
}

const TIMEISH =
  /\d|\b(today|tomorrow|tonight|morning|afternoon|evening|night|noon|midday|midnight|mon|tue|wed|thu|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|weekend|month|year|minutes?|hours?|days?|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|next|ago|later|half|quarter|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|christmas|xmas|easter|thanksgiving|halloween|boxing|valentine|valentine's|patrick's|independence|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\w+teenth|twentieth|thirtieth|twenty-\w+|thirty-first|sunset|sundown|dusk|nightfall|twilight|sunrise|sunup|dawn|daybreak|eod)\b/i;
/** Words of the sun's times said otherwise, read only where the home's place is known: "when it gets dark". */
export const SUNISH = /\b(?:dark|light|sun)\b/i;

const WINDOW = 300;
const HOUR = 3_600_000;

type Day = Pick<WallTime, 'year' | 'month' | 'day'>;

function shift(day: Day, days: number): Day {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function at(day: Day, hour: number, minute: number, tz: string): Date {
  const h = Math.min(hour, 24);
  const d = h === 24 ? shift(day, 1) : day;
  return zonedToInstant({ ...d, hour: h === 24 ? 0 : h, minute, second: 0 }, tz);
}

/** The Monday of the week a day is in. */
function mondayOf(day: Day): Day {
  const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
  return shift(day, -((weekday + 6) % 7));
}

/** A period said by `said` that has begun already: as a time to do something, an hour from now. */
function fromNow(said: RegExpExecArray, period: { from: Date; to: Date }, ctx: TimeContext): TimeHit {
  return { spans: [[said.index, said.index + said[0].length]], at: new Date(ctx.now.getTime() + HOUR), period, precision: 1, said: { date: true, clock: false, half: false } };
}

/** "The next two weeks", "the coming 3 days", "the next couple of days". */
const NEXT_FEW = /\b(?:the\s+)?(?:next|coming|following)\s+(\d+|two|three|four|five|six|seven|eight|nine|ten|few|couple(?:\s+of)?)\s+(days|weeks|months)\b/i;
const FEW: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, few: 3, couple: 2 };

/** Periods chrono does not read as periods: "this week", "next weekend", "this month". */
function namedPeriod(text: string, ctx: TimeContext): TimeHit | undefined {
  const today = wallTime(ctx.now, ctx.timeZone);
  // "The rest of the day", "the rest of my week": from now to its end.
  const rest = /\b(?:the\s+)?rest\s+of\s+(?:(?:the|this|my|our)\s+)?(today|day|week|month)\b/i.exec(text);
  if (rest) {
    const unit = rest[1]!.toLowerCase();
    const end = unit === 'month' ? shift({ year: today.year, month: today.month + 1, day: 1 }, 0) : unit === 'week' ? shift(mondayOf(today), 7) : shift(today, 1);
    return fromNow(rest, { from: ctx.now, to: at(end, 0, 0, ctx.timeZone) }, ctx);
  }
  // "The next two weeks", "the coming 3 days": from now to the end of the last of them.
  const span = NEXT_FEW.exec(text);
  if (span) {
    const said = span[1]!.toLowerCase().replace(/\s+of$/, '');
    const n = FEW[said] ?? Number(said);
    const unit = span[2]!.toLowerCase();
    const end = unit === 'months' ? shift({ year: today.year, month: today.month + n, day: today.day + 1 }, 0) : shift(today, n * (unit === 'weeks' ? 7 : 1) + 1);
    // As a time to do something, the morning of the last of them ("remind me in the next few days").
    const last = at(shift(end, -1), 9, 0, ctx.timeZone);
    const period = { from: ctx.now, to: at(end, 0, 0, ctx.timeZone) };
    if (n >= 1 && n <= 366) return { spans: [[span.index, span.index + span[0].length]], at: last, period, precision: 1, said: { date: true, clock: false, half: false } };
  }
  // "Today and tomorrow": both days.
  const both = /\b(?:today|tonight)\s+and\s+tomorrow\b/i.exec(text);
  if (both) {
    return fromNow(both, { from: at(today, 0, 0, ctx.timeZone), to: at(shift(today, 2), 0, 0, ctx.timeZone) }, ctx);
  }
  // Not "the first of the month": a day of it.
  const m = /(?<!\bof\s+)\b(this|next|the|coming)\s+(week|weekend|month)\b/i.exec(text);
  if (!m) return undefined;
  const next = /next|coming/i.test(m[1]!) ? 1 : 0;
  const unit = m[2]!.toLowerCase();
  let from: Day;
  let to: Day;
  if (unit === 'month') {
    from = { year: today.year, month: today.month + next, day: 1 };
    from = shift(from, 0);
    to = shift({ year: from.year, month: from.month + 1, day: 1 }, 0);
  } else {
    const monday = shift(mondayOf(today), 7 * next);
    from = unit === 'week' ? monday : shift(monday, 5);
    to = shift(monday, 7);
  }
  const period = { from: at(from, 0, 0, ctx.timeZone), to: at(to, 0, 0, ctx.timeZone) };
  // As a time to do something, its first morning ("remind me next week": Monday at 09:00); one begun already, an hour from now.
  const morning = at(from, 9, 0, ctx.timeZone);
  const start = morning.getTime() > ctx.now.getTime() ? morning : new Date(ctx.now.getTime() + HOUR);
  return { spans: [[m.index, m.index + m[0].length]], at: start, period, precision: 1, said: { date: true, clock: false, half: false } };
}

/** The hour meant: "at 5" with no am or pm is 17:00, nobody sets things for 05:00 by accident. */
function clockHour(c: chrono.ParsedComponents): number {
  const hour = c.get('hour') ?? 9;
  return c.isCertain('hour') && !c.isCertain('meridiem') && hour >= 1 && hour <= 6 ? hour + 12 : hour;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/**
 * "on the 5th" names a day of this month (or the next, once it has passed), "the 3rd of
 * January" a day of January, "on Christmas Eve" December 24; chrono reads none of them, so they
 * are rewritten as "Dec 5", "Jan 3" and "Dec 24", padded to keep every offset.
 */
function ordinalDays(text: string, ctx: TimeContext): { text: string; regions: Array<[number, number]> } {
  const today = wallTime(ctx.now, ctx.timeZone);
  const regions: Array<[number, number]> = [];
  const rewritten = text
    .replace(WEEKDAY_OF_MONTH, (m: string, lead: string, nth: string, weekday: string, month: string, offset: number) => {
      const date = weekdayOfMonth(nth, weekday, month, today);
      if (!date) return m;
      regions.push([offset + lead.length, offset + m.length]);
      return `${lead}${`${MONTHS[date.month - 1]!.slice(0, 3)} ${date.day}`.padEnd(m.length - lead.length, ' ')}`;
    })
    .replace(ORDINAL_DAY, (m: string, lead: string, d: string, named: string | undefined, offset: number) => {
      const day = /^\d/.test(d) ? Number.parseInt(d, 10) : ORDINALS.indexOf(d.toLowerCase().replace(/[\s-]+/g, ' ')) + 1;
      // "the first of the month", "every 15th of the month": of the month it is in (or the next).
      const ofMonth = named !== undefined && /^(?:the|every|each)\s+month$/i.test(named);
      const said = named && !ofMonth ? MONTHS.findIndex((name) => name.startsWith(named.toLowerCase().slice(0, 3))) : -1;
      if (day < 1 || day > 31 || (named && !ofMonth && said < 0)) return m;
      const month = said >= 0 ? said : (today.month - 1 + (day < today.day ? 1 : 0)) % 12;
      const date = `${MONTHS[month]!.slice(0, 3)} ${day}`;
      // "The 1st" is shorter than "Dec 1": written over "the" too, so that what follows keeps its place ("email me on the 1st to pay rent").
      if (date.length > m.length - lead.length && /^the\s+$/i.test(lead) && date.length <= m.length) {
        regions.push([offset, offset + m.length]);
        return date.padEnd(m.length, ' ');
      }
      regions.push([offset + lead.length, offset + m.length]);
      return `${lead}${date.padEnd(m.length - lead.length, ' ')}`;
    })
    .replace(CLOCK_TIMES, (m: string, by: string, way: string, h: string, offset: number) => {
      // "Quarter past 5", "ten to 6", "half past twelve": the clock time they say.
      const hour = /^\d/.test(h) ? Number(h) : HOUR_WORDS.indexOf(h.toLowerCase()) + 1;
      const minutes = /^\d/.test(by) ? Number(by.replace(/\D+$/, '')) : (MINUTE_WORDS[by.toLowerCase().replace(/[\s-]+/g, ' ').replace(/ minutes?$/, '')] ?? -1);
      if (hour < 1 || hour > 12 || minutes < 1 || minutes > 30) return m;
      const [hh, mm] = /^to$/i.test(way) ? [hour === 1 ? 12 : hour - 1, 60 - minutes] : [hour, minutes];
      regions.push([offset, offset + m.length]);
      return `${hh}:${String(mm).padStart(2, '0')}`.padEnd(m.length, ' ');
    })
    .replace(HALF_HOUR_TIME, (m: string, lead: string, h: string, offset: number) => {
      // "At half 7": half past 7, as said in Britain.
      const hour = /^\d/.test(h) ? Number(h) : HOUR_WORDS.indexOf(h.toLowerCase()) + 1;
      if (hour < 1 || hour > 12) return m;
      regions.push([offset + lead.length, offset + m.length]);
      return `${lead}${`${hour}:30`.padEnd(m.length - lead.length, ' ')}`;
    })
    .replace(END_OF_DAY, (m: string, lead: string | undefined, offset: number) => {
      // "At the end of the day", "by end of day", "EOD": the working day's end, 17:00.
      const at = m.length >= 8 ? `${lead ?? 'at '}17:00` : '5pm';
      if (at.length > m.length) return m;
      regions.push([offset, offset + m.length]);
      return at.padEnd(m.length, ' ');
    })
    .replace(MORE_OF_A_UNIT, (m: string, n: string, unit: string, offset: number) => {
      // "In 15 more minutes": chrono reads no length with "more" in it.
      regions.push([offset, offset + m.length]);
      return `${n} ${unit}`.padEnd(m.length, ' ');
    })
    .replace(AND_A_HALF, (m: string, lead: string, n: string, unitBefore: string | undefined, unitAfter: string | undefined, offset: number) => {
      // "In an hour and a half", "in two and a half hours": chrono reads the first part alone ("an hour", "a half").
      const count = countOf(n);
      const unit = (unitBefore ?? unitAfter ?? '').toLowerCase().replace(/s$/, '');
      const smaller = HALF_IN[unit];
      if (count < 1 || !smaller) return m;
      regions.push([offset + lead.length, offset + m.length]);
      return `${lead}${`${(count + 0.5) * smaller.per} ${smaller.unit}`.padEnd(m.length - lead.length, ' ')}`;
    })
    .replace(HOLIDAY, (m: string, lead: string, name: string, offset: number) => {
      const date = holiday(name, today);
      if (!date) return m;
      regions.push([offset + lead.length, offset + m.length]);
      return `${lead}${`${MONTHS[date.month - 1]!.slice(0, 3)} ${date.day}`.padEnd(name.length, ' ')}`;
    });
  return { text: rewritten, regions };
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** Which of a weekday in a month: the first to the fifth, or the last (-1). */
export const NTH_WEEKDAY: Readonly<Record<string, number>> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, fifth: 5, '5th': 5, last: -1 };
/** The words of {@link NTH_WEEKDAY}, as a group of a pattern. */
export const NTH_WORDS = `(${Object.keys(NTH_WEEKDAY).join('|')})`;

/**
 * "The last Friday of the month", "the first Monday of December", "the 2nd Tuesday of next
 * month": one day (of every month, "of every month", it is how often, read elsewhere).
 */
const WEEKDAY_OF_MONTH = new RegExp(
  `\\b(the\\s+)${NTH_WORDS}\\s+(${WEEKDAYS.join('|')})\\s+(?:of|in)\\s+(the\\s+month|this\\s+month|next\\s+month|${MONTHS.join('|')}|${MONTHS.map((m) => m.slice(0, 3)).join('|')})\\b`,
  'gi',
);

/** The n-th (or, -1, the last) weekday of a month: of this month or the next one said, or of a month named (this year's until it has passed). */
function weekdayOfMonth(nthWord: string, weekday: string, monthWords: string, today: Day): { month: number; day: number } | undefined {
  const n = NTH_WEEKDAY[nthWord.toLowerCase()]!;
  const dow = WEEKDAYS.indexOf(weekday.toLowerCase());
  const said = monthWords.toLowerCase().replace(/\s+/g, ' ');
  const named = MONTHS.findIndex((m) => m.startsWith(said.slice(0, 3)));
  const dayIn = (year: number, month: number): number | undefined => {
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const firstDow = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    const first = 1 + ((dow - firstDow + 7) % 7);
    const day = n > 0 ? first + 7 * (n - 1) : first + 7 * Math.floor((days - first) / 7);
    return day <= days ? day : undefined;
  };
  const monthAfter = (year: number, month: number) => (month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 });
  let at = said === 'next month' ? monthAfter(today.year, today.month) : named >= 0 && !said.endsWith('month') ? { year: today.year, month: named + 1 } : { year: today.year, month: today.month };
  let day = dayIn(at.year, at.month);
  // Passed already: "the last Friday of the month" is next month's; a month named, next year's.
  if (said !== 'next month' && (day === undefined || at.month < today.month || (at.month === today.month && day < today.day))) {
    at = named >= 0 && !said.endsWith('month') ? { year: at.year + 1, month: at.month } : monthAfter(at.year, at.month);
    day = dayIn(at.year, at.month);
  }
  return day === undefined ? undefined : { month: at.month, day };
}

/** "At half 7", "by half eight": half past the hour, after a word that says a time follows. */
const HALF_HOUR_TIME = new RegExp(`${HALF_HOUR}(?![:.]\\d|\\s*(?:minutes?|mins?|hours?|hrs?|seconds?|secs?|days?|weeks?|%|percent))`, 'gi');

const MINUTE_WORDS: Record<string, number> = { five: 5, ten: 10, quarter: 15, 'a quarter': 15, twenty: 20, 'twenty five': 25, half: 30 };
/** Clock times in words, and not a length ("five to ten minutes") or an amount. */
const CLOCK_TIMES = new RegExp(`\\b${CLOCK_WORDS}(?![:.]\\d|\\s*(?:minutes?|mins?|hours?|hrs?|seconds?|secs?|days?|weeks?|%|percent|people|of))`, 'gi');

const ORDINALS = [
  'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth',
  'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth', 'twentieth',
  'twenty first', 'twenty second', 'twenty third', 'twenty fourth', 'twenty fifth', 'twenty sixth', 'twenty seventh', 'twenty eighth', 'twenty ninth', 'thirtieth', 'thirty first',
];
const ORDINAL_WORD = '(?:twenty|thirty)[\\s-]+(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth';

/**
 * "the 5th", "the first of January", "every 15th of the month", "on the twenty-first at noon";
 * an ordinal said in words only where a day ends ("the first thing tomorrow" is no day).
 */
const ORDINAL_DAY = new RegExp(
  `\\b((?:the|every|each)\\s+)(\\d{1,2}(?:st|nd|rd|th)\\b|(?:${ORDINAL_WORD})\\b(?=\\s+of\\b|\\s+(?:at|in|to|and|for|from|until|till|by|remind|turn|set|add)\\b|\\s*[,.!?]|\\s*$))(?:\\s+of\\s+((?:the|every|each)\\s+month|[a-z]+))?`,
  'gi',
);

/**
 * A holiday named as a day ("on Christmas Eve", "what day is Easter", "until New Year's Day"):
 * only after a word that makes it one, so that "buy christmas presents" stays words.
 */
const HOLIDAY =
  /(\b(?:on|is|until|till|before|by)\s+)((?:christmas|xmas)(?:\s+(?:eve|day))?|boxing\s+day|new\s+year['’]?s(?:\s+(?:eve|day))|new\s+year|halloween|valentine['’]?s(?:\s+day)?|st\.?\s+patrick['’]?s(?:\s+day)?|easter(?:\s+(?:sunday|monday))?|thanksgiving(?:\s+day)?|independence\s+day)\b/gi;

/** The next date of a holiday, this year's until it has passed. */
function holiday(name: string, today: Day): { month: number; day: number } | undefined {
  const key = name.toLowerCase().replace(/['’.]/g, '').replace(/\s+/g, ' ');
  const fixed = (month: number, day: number) => ({ month, day });
  const on = (year: number) => {
    if (/^(christmas|xmas)( day)?$/.test(key)) return fixed(12, 25);
    if (/eve$/.test(key)) return key.startsWith('new') ? fixed(12, 31) : fixed(12, 24);
    if (key === 'boxing day') return fixed(12, 26);
    if (key.startsWith('new year')) return fixed(1, 1);
    if (key === 'halloween') return fixed(10, 31);
    if (key.startsWith('valentine')) return fixed(2, 14);
    if (key.startsWith('st patrick')) return fixed(3, 17);
    if (key === 'independence day') return fixed(7, 4);
    if (key.startsWith('easter')) {
      const sunday = easterSunday(year);
      return key.endsWith('monday') ? shiftDay(sunday, 1) : sunday;
    }
    if (key.startsWith('thanksgiving')) {
      // The fourth Thursday of November.
      const first = new Date(Date.UTC(year, 10, 1)).getUTCDay();
      return fixed(11, 1 + ((4 - first + 7) % 7) + 21);
    }
    return undefined;
  };
  const thisYear = on(today.year);
  if (!thisYear) return undefined;
  const passed = thisYear.month < today.month || (thisYear.month === today.month && thisYear.day < today.day);
  return passed ? on(today.year + 1) : thisYear;
}

/** Easter Sunday of a year (the Gregorian computus). */
function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  return { month: Math.floor((h + l - 7 * m + 114) / 31), day: ((h + l - 7 * m + 114) % 31) + 1 };
}

function shiftDay(date: { month: number; day: number }, days: number): { month: number; day: number } {
  const d = new Date(Date.UTC(2000, date.month - 1, date.day + days));
  return { month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** A chrono result, said at character `start` of the text, as a time in the requester's zone. */
function fromChrono(r: chrono.ParsedResult, start: number, ctx: TimeContext, said?: Part): TimeHit {
  const c = r.start;
  const tz = ctx.timeZone;
  const now = ctx.now;
  const end = start + r.text.length;
  const part = PARTS.find((p) => p.re.test(r.text));
  if (c.isCertain('timezoneOffset')) {
    // A duration from now ("in 45 minutes"): an exact instant, whatever the wall clock does.
    const instant = c.date();
    return { spans: [[start, end]], at: instant, period: { from: instant, to: new Date(instant.getTime() + HOUR) }, precision: 3, said: { date: true, clock: true, half: true } };
  }
  const dateKnown = c.isCertain('day') || c.isCertain('weekday') || c.isCertain('month');
  const today = wallTime(now, tz);
  let day: Day = dateKnown ? { year: c.get('year')!, month: c.get('month')!, day: c.get('day')! } : today;
  const hourKnown = c.isCertain('hour');
  // "7 in the evening": the half of the day is said, in words. After a range it is the end's ("from 9 to 5 in the afternoon"), and the start's when it fits before it.
  const e = r.end ?? undefined;
  const endSaid = said !== undefined && e !== undefined && e.isCertain('hour') && !e.isCertain('meridiem');
  const halfSaid = said !== undefined && hourKnown && !c.isCertain('meridiem') && !(endSaid && inPart(c.get('hour')!, said) > inPart(e.get('hour')!, said));
  let hour = halfSaid ? inPart(c.get('hour')!, said) : clockHour(c);
  // "From 9 to 5pm": chrono gives the start the end's pm, which puts it after the end; it is 9:00.
  const endClock = e?.isCertain('hour') && e.isCertain('meridiem') ? e.get('hour')! : undefined;
  const amBeforeEnd = endClock !== undefined && hourKnown && !c.isCertain('meridiem') && !halfSaid && hour > 12 && hour > endClock && hour - 12 < endClock;
  if (amBeforeEnd) hour -= 12;
  let minute = c.get('minute') ?? 0;
  if (!hourKnown) {
    if (part) [hour, minute] = [part.hour, 0];
    // A day said ("the day after tomorrow", "next week") is at 09:00; a length from now ("in 2 days") keeps the time of day.
    else if (!c.tags().has('result/relativeDate') || !/^\s*(?:in|within)\b/i.test(r.text)) [hour, minute] = [9, 0];
  }
  let instant = at(day, hour, minute, tz);
  if (hourKnown && !c.isCertain('meridiem') && !halfSaid && !amBeforeEnd && hour >= 1 && hour <= 11 && !part && !dateKnown) {
    // "at 8" said at 10:00 means 20:00 today, not 08:00 tomorrow.
    const evening = at(day, hour + 12, minute, tz);
    if (instant.getTime() <= now.getTime() && evening.getTime() > now.getTime()) {
      hour += 12;
      instant = evening;
    }
  }
  if (!dateKnown && instant.getTime() <= now.getTime()) {
    day = shift(day, 1);
    instant = at(day, hour, minute, tz);
  }
  if (!hourKnown && dateKnown && !part && instant.getTime() <= now.getTime()) {
    // A day said without a time that is today: the next whole hour, not a time already past.
    instant = new Date(Math.ceil((now.getTime() + 1) / HOUR) * HOUR);
  }
  let period: TimeHit['period'];
  if (hourKnown) period = { from: instant, to: new Date(instant.getTime() + HOUR) };
  else if (part) period = { from: at(day, part.from, 0, tz), to: at(day, part.to, 0, tz) };
  else period = { from: at(day, 0, 0, tz), to: at(shift(day, 1), 0, 0, tz) };
  let until: Date | undefined;
  if (e) {
    // The end's own date when one is said for it; chrono also moves an end it finds before the start to the next day, which the lines below decide.
    const endDated = e.isCertain('day') || (e.isCertain('weekday') && (!c.isCertain('weekday') || e.get('weekday') !== c.get('weekday')));
    const endDay: Day = endDated ? { year: e.get('year')!, month: e.get('month')!, day: e.get('day')! } : day;
    const endHour = endSaid ? inPart(e.get('hour')!, said) : (e.get('hour') ?? hour + 1);
    until = at(endDay, endHour, e.get('minute') ?? 0, tz);
    // "From 7pm to 11": the same half of the day, not 11 the next morning.
    const afternoon = at(endDay, endHour + 12, e.get('minute') ?? 0, tz);
    if (until.getTime() <= instant.getTime() && !e.isCertain('meridiem') && !endSaid && endHour < 12 && afternoon.getTime() > instant.getTime()) until = afternoon;
    if (until.getTime() <= instant.getTime()) until = new Date(until.getTime() + 24 * HOUR);
    period = { from: instant, to: until };
  }
  const precision = Number(dateKnown) + Number(hourKnown) * 2 + Number(Boolean(r.end)) + Number(part !== undefined) * 0.5;
  return { spans: [[start, end]], at: instant, ...(until ? { until } : {}), period, precision, said: { date: dateKnown, clock: hourKnown, half: hourKnown && (c.isCertain('meridiem') || halfSaid || part !== undefined) } };
}

/** The word said right before a time. */
const NAMED_BY = /(?:^|[\s,])([a-z][a-z'’]*)\s+$/i;
/** Words a part of the day follows when it says when ("friday night", "in the morning", "every evening", "late at night"). */
const PART_LEAD = /^(?:at|in|on|by|for|from|of|until|till|to|the|this|that|every|each|all|one|some|any|late|early|last|next|tomorrow|today|yesterday|tonight|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekday|weekend|and|or|then|a|an|am|pm|o'clock)$/i;

/**
 * chrono, but a part of the day that is really part of a name ("game night tomorrow at 8pm")
 * does not swallow the time that follows it.
 */
function parse(text: string, reference: chrono.ParsingReference): Array<{ r: chrono.ParsedResult; index: number }> {
  const results: Array<{ r: chrono.ParsedResult; index: number }> = [];
  for (const r of chrono.parse(text, reference, { forwardDate: true })) {
    const lead = /^(morning|afternoon|evening|night)\s+/i.exec(r.text);
    if (lead) {
      const offset = r.index + lead[0].length;
      const rest = chrono.parse(text.slice(offset, r.index + r.text.length), reference, { forwardDate: true });
      if (rest.length > 0) {
        // "My morning tomorrow", "my afternoon on friday": the part of the day stays, to be weighed (a name's, or the requester's) like any.
        if (rest.every((x) => !x.start.isCertain('hour'))) results.push(...chrono.parse(lead[1]!, reference, { forwardDate: true }).map((x) => ({ r: x, index: r.index })));
        for (const x of rest) results.push({ r: x, index: x.index + offset });
        continue;
      }
    }
    results.push({ r, index: r.index });
  }
  return results;
}

const NUMBER_WORDS = new Map(
  Object.entries({ a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, 'forty-five': 45, forty: 40, ninety: 90 }),
);
const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: HOUR, d: 24 * HOUR };
/** "In an hour and a half", "in two and a half hours", "after a day and a half": a length from now with a half more. */
const AND_A_HALF = new RegExp(
  String.raw`(\b(?:in|within|after)\s+)(\d{1,3}|${[...NUMBER_WORDS.keys()].join('|')})\s+(?:(hours?|minutes?|days?|weeks?)\s+and\s+a\s+half|and\s+a\s+half\s+(hours?|minutes?|days?|weeks?))\b`,
  'gi',
);
/** The end of the (working) day: "at the end of the day", "by end of business day", "EOD". */
const END_OF_DAY = /\b((?:at|by|before)\s+)?(?:the\s+)?end\s+of\s+(?:the\s+)?(?:(?:working|work|business)\s+)?day\b|\beod\b/gi;
/** "15 more minutes", "two extra hours": a length, said as more of it. */
const MORE_OF_A_UNIT = new RegExp(String.raw`\b(\d{1,3}|${[...NUMBER_WORDS.keys()].filter((w) => w !== 'a' && w !== 'an').join('|')})\s+(?:more|extra)\s+(seconds?|minutes?|hours?|days?|weeks?)\b`, 'gi');
/** A half of each unit, said in the next smaller one. */
const HALF_IN: Record<string, { per: number; unit: string }> = { hour: { per: 60, unit: 'minutes' }, minute: { per: 60, unit: 'seconds' }, day: { per: 24, unit: 'hours' }, week: { per: 7, unit: 'days' } };
const DURATION = new RegExp(
  String.raw`\bfor\s+(?:(?:about|around|roughly|another|the\s+next)\s+)?(\d+(?:\.\d+)?|half\s+an?|an?\s+couple\s+of|a\s+few|${[...NUMBER_WORDS.keys()].join('|')})?\s*(?:(?:more|extra)\s+)?(seconds?|secs?|minutes?|mins?|hours?|hrs?|days?)(\s+and\s+a\s+half)?\b`,
  'i',
);

/** How many units a length's words say: "2", "two", "an", "half an", "a couple of", "a few"; none said is one ("for the next hour"). */
function countOf(words: string): number {
  const said = words.toLowerCase().replace(/\s+/g, ' ').trim();
  return said === '' ? 1 : said.startsWith('half') ? 0.5 : said.endsWith('couple of') ? 2 : said === 'a few' ? 3 : (NUMBER_WORDS.get(said) ?? Number(said));
}

/** How long something is to last, where `text` says so: "for an hour", "for 10 minutes", "for the next two hours", "for an hour and a half". */
export function readDuration(text: string): { start: number; end: number; ms: number } | undefined {
  const m = DURATION.exec(text);
  if (!m) return undefined;
  // "for the next hour": no number is one.
  const n = countOf(m[1] ?? '');
  const ms = (n + (m[3] ? 0.5 : 0)) * UNIT_MS[m[2]!.toLowerCase()[0]!]!;
  if (!(ms > 0)) return undefined;
  return withSmallerParts(text, { start: m.index, end: m.index + m[0].length, ms }, m[3] ? undefined : m[2]!);
}

/** A further part of a length, right after one: "and 30 minutes" of "1 hour and 30 minutes". */
const NEXT_PART = new RegExp(String.raw`^\s*(?:,\s*)?(?:and\s+)?(\d+(?:\.\d+)?|${[...NUMBER_WORDS.keys()].filter((w) => w !== 'a' && w !== 'an').join('|')})[\s-]*(seconds?|secs?|minutes?|mins?|hours?|hrs?)\b`, 'i');
/** How big a unit of a length is, by its first letter: seconds, minutes, hours. */
export const UNIT_RANK: Readonly<Record<string, number>> = { s: 1, m: 2, h: 3 };

/** A length with the parts said after it in ever smaller units: "1 hour and 30 minutes", "2 hours, 15 minutes and 10 seconds". */
function withSmallerParts(text: string, found: { start: number; end: number; ms: number }, unit: string | undefined): { start: number; end: number; ms: number } {
  let rank = unit === undefined ? undefined : UNIT_RANK[unit.toLowerCase()[0]!];
  let { end, ms } = found;
  for (let m = NEXT_PART.exec(text.slice(end)); m && rank !== undefined; m = NEXT_PART.exec(text.slice(end))) {
    const next = UNIT_RANK[m[2]!.toLowerCase()[0]!]!;
    const n = countOf(m[1]!);
    if (next >= rank || !(n > 0)) break;
    ms += n * UNIT_MS[m[2]!.toLowerCase()[0]!]!;
    end += m[0].length;
    rank = next;
  }
  return { start: found.start, end, ms };
}

const LENGTH = new RegExp(
  String.raw`\b(\d+(?:\.\d+)?|half(?:\s+an?)?|an?|${[...NUMBER_WORDS.keys()].join('|')})[\s-]*(?:(?:more|extra)\s+)?(seconds?|secs?|minutes?|mins?|hours?|hrs?)(\s+and\s+a\s+half)?\b`,
  'i',
);

const LENGTH_ALONE = new RegExp(String.raw`^(?:\d+(?:\.\d+)?|half(?:\s+an?)?|an?|${[...NUMBER_WORDS.keys()].join('|')})[\s-]*(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)$`, 'i');

/** Whether words say a length and nothing else: "5 minute", "five minutes", "half hour" (of "a half hour timer"). */
export function isLengthAlone(said: string): boolean {
  return LENGTH_ALONE.test(said.trim());
}

/**
 * A length of time where one is meant, with or without "for": "for 10 minutes", "a 10-minute
 * timer", "an hour and a half". Not one said as when ("in 10 minutes").
 */
export function readLength(text: string): { start: number; end: number; ms: number } | undefined {
  const lasting = readDuration(text);
  if (lasting) return lasting;
  const m = LENGTH.exec(text);
  if (!m || /\b(in|within|after)\s+$/i.test(text.slice(0, m.index))) return undefined;
  const n = countOf(m[1]!);
  const ms = (n + (m[3] ? 0.5 : 0)) * UNIT_MS[m[2]!.toLowerCase()[0]!]!;
  return ms > 0 ? withSmallerParts(text, { start: m.index, end: m.index + m[0].length, ms }, m[3] ? undefined : m[2]!) : undefined;
}

/** A time said as a length before an event: what it is before, and how long before. */
export interface LeadHit {
  /** Where the words are, from the length to the end of the event's words (or of "before"). */
  start: number;
  end: number;
  /** How long before the event, in ms. */
  ms: number;
  /** The words that name the event ("my dentist appointment"), when said after "before"; none when said earlier ("remind me about the dentist an hour before"). */
  event?: string;
}

const LEAD_UNIT_MS: Record<string, number> = { ...UNIT_MS, w: 7 * 24 * HOUR };
/** The length that ends right where "before" starts, with a larger part before it: "1 hour and 30 minutes", "half an hour", "a day and a half". */
const LEAD_LENGTH = new RegExp(
  String.raw`(?:\b(\d{1,3}|${[...NUMBER_WORDS.keys()].join('|')})[\s-]*(hours?|hrs?|days?|weeks?)\s*(?:,\s*|\s+and\s+)?)?\b(\d+(?:\.\d+)?|half\s+an?|an?|the|a\s+couple\s+of|a\s+few|${[...NUMBER_WORDS.keys()].join('|')})[\s-]*(seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?)(\s+and\s+a\s+half)?\s+$`,
  'i',
);
/** "Before", and the words that say the same. */
export const LEAD_GATE = /\b(?:before|ahead\s+of|prior\s+to)\b/i;
const BEFORE_WORD = /\s(before|ahead\s+of|prior\s+to)\b/gi;
/** Where the event's words end: what follows says something else ("... before the meeting to bring the slides"). */
const EVENT_END = /\s+(?:to|that|about|so|saying)\s|[,.;:!?]/i;
/** Words after "before" that are a time, not an event: "10 minutes before noon", "an hour before 5pm", "a day before friday". */
const NOT_AN_EVENT = new RegExp(String.raw`^(?:\d|(?:noon|midday|midnight|tonight|today|tomorrow|yesterday|sunset|sunrise|dawn|dusk|then|that|it|this|now|(?:sun|mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?)day|(?:the\s+)?(?:morning|afternoon|evening|night|weekend|end\s+of))\b)|^${CLOCK_WORDS}`, 'i');
/** "It starts", "that begins", "it's on": the event said before, not one named here. */
const IT_STARTS = /^(?:it|that|this|they)(?:\s+(?:starts?|begins?|happens?|is\s+on|are\s+on|kicks?\s+off)|['’]s\s+on)\b/i;
/** The longest time before an event said so: a month. */
const MAX_LEAD_MS = 31 * 24 * HOUR;

/**
 * A time said as how long before an event: "an hour before my dentist appointment", "30 minutes
 * ahead of the meeting with bob", "a day before mom's party"; or, the event said earlier in the
 * clause, "remind me about the dentist an hour before". When it is depends on the event, which
 * only the calendar knows: it is no time read here ({@link readTimes} leaves its words alone).
 */
export function readLead(text: string): LeadHit | undefined {
  for (const b of text.matchAll(BEFORE_WORD)) {
    const m = LEAD_LENGTH.exec(text.slice(0, b.index + 1));
    // "The day before my dentist appointment", "the hour before": one; not "the minutes before".
    const the = m?.[3]!.toLowerCase() === 'the';
    if (!m || (the && (m[1] !== undefined || m[5] !== undefined || !/^(?:hour|day|week)s?$/i.test(m[4]!) || /s$/i.test(m[4]!)))) continue;
    const n = the ? 1 : countOf(m[3]!);
    const larger = m[1] === undefined ? 0 : countOf(m[1]) * LEAD_UNIT_MS[m[2]!.toLowerCase()[0]!]!;
    const unit = LEAD_UNIT_MS[m[4]!.toLowerCase()[0]!]!;
    const ms = larger + (n + (m[5] ? 0.5 : 0)) * unit;
    // "2 hours and 30 minutes": the larger part is larger.
    if (m[1] !== undefined && !(LEAD_UNIT_MS[m[2]!.toLowerCase()[0]!]! > unit)) continue;
    if (!(ms > 0) || ms > MAX_LEAD_MS) continue;
    const afterBefore = b.index + b[0].length;
    const rest = text.slice(afterBefore);
    const words = rest.replace(/^\s+/, '');
    // "15 minutes before it starts": the event said earlier in the clause, as "15 minutes before" alone.
    const itStarts = IT_STARTS.exec(words);
    if (itStarts) return { start: m.index, end: afterBefore + (rest.length - words.length) + itStarts[0].length, ms };
    const stop = EVENT_END.exec(words);
    const eventWords = (stop ? words.slice(0, stop.index) : words).trim();
    if (eventWords === '') return { start: m.index, end: afterBefore, ms };
    if (NOT_AN_EVENT.test(eventWords)) continue;
    const end = afterBefore + (rest.length - words.length) + eventWords.length;
    return { start: m.index, end, ms, event: eventWords };
  }
  return undefined;
}

/** A part of the day said alone ("evening"): no clock time, no date. */
function isPartAlone(r: chrono.ParsedResult): boolean {
  const c = r.start;
  return !c.isCertain('hour') && !c.isCertain('day') && !c.isCertain('weekday') && !c.isCertain('month') && !r.end;
}

/** "In 10" said last, without a unit. */
const BARE_IN = /\bin\s+(\d{1,3})(?=\s*(?:[,.!?]|$))/i;

const FROM_NOW_ON = /\bfrom\s+now\s+on\b/i;

/** A time `text` says by the sun ("at sunset", "when it gets dark"), where the home is; none where that is not known. */
export function sunIn(text: string, ctx: TimeContext): SunSaid | undefined {
  return ctx.place ? sunSaid(text, ctx.place, ctx.now, (instant, plus) => shift(wallTime(instant, ctx.timeZone), plus)) : undefined;
}

const CLOCK_VALUE = String.raw`\d{1,2}(?::\d\d)?(?:\s*(?:am|pm|a\.m\.|p\.m\.))?`;
const BETWEEN = new RegExp(String.raw`\bbetween(\s+${CLOCK_VALUE}\s+)and(\s+${CLOCK_VALUE})(?![\d:%]|\s*(?:percent|per\s+cent)\b)`, 'gi');

/**
 * "Between 2 and 3": read as "from 2 to 3", which chrono knows, in as many characters; with
 * where each was, so that a time read there is said by all its words.
 */
function betweenTimes(text: string): { text: string; regions: Array<[number, number]> } {
  const regions: Array<[number, number]> = [];
  const out = text.replace(BETWEEN, (m: string, a: string, b: string, at: number) => {
    regions.push([at, at + m.length]);
    return ` from  ${a}to ${b}`;
  });
  return { text: out, regions };
}

/** Every time in `text`, earliest mention first, with a date and a time said apart merged into one. */
export function readTimes(said: string, ctx: TimeContext): TimeHit[] {
  if (!TIMEISH.test(said) && !(ctx.place && SUNISH.test(said))) return [];
  // "An hour before the party on friday" is no time here, nor is the day of the event it names (see readLead).
  const lead = LEAD_GATE.test(said) ? readLead(said) : undefined;
  // Nor are coordinates: "go to 12 64 -30", "the spot at 12 64 -30" (not 12 o'clock).
  // "At sunset", "an hour before dawn", "when it gets dark": when that is here (its words are no other time).
  const sun = sunIn(said, ctx);
  const sunHit: TimeHit | undefined = sun?.at ? { spans: [[sun.start, sun.end]], at: sun.at, period: { from: sun.at, to: new Date(sun.at.getTime() + HOUR) }, precision: 3, said: { date: true, clock: true, half: true } } : undefined;
  // "From now on" says for how long a change holds, not when it is made.
  const onward = FROM_NOW_ON.exec(said);
  const masked = [lead, readPosition(said), sunHit ? sun : undefined, onward ? { start: onward.index, end: onward.index + onward[0].length } : undefined].reduce((t, span) => (span ? `${t.slice(0, span.start)}${','.repeat(span.end - span.start)}${t.slice(span.end)}` : t), said);
  const { text, regions } = betweenTimes(masked);
  const named = namedPeriod(text, ctx);
  const reference = { instant: ctx.now, timezone: offsetMinutes(ctx.now, ctx.timeZone) };
  const windows = text.length <= 2 * WINDOW ? [[0, text.length]] : [[0, WINDOW], [text.length - WINDOW, text.length]];
  const hits: TimeHit[] = [...(named ? [named] : []), ...(sunHit ? [sunHit] : [])];
  const found: Array<{ r: chrono.ParsedResult; hit: TimeHit; said?: Part }> = [];
  // "Wake me up at 6:30", "an alarm for 6:45": a clock time without am or pm is in the morning.
  const waking = WAKING.test(text) ? PARTS[0] : undefined;
  // The half of the day such words put a clock time in, unless a part of the day is said ("at night": 1 is 01:00).
  const out = waking || /\b(?:morning|afternoon)\b/i.test(text) ? undefined : EVENING_OUT.exec(text)?.[0];
  const usual = waking ?? (out === undefined ? undefined : /^night$/i.test(out) ? PARTS[3] : PARTS[2]);
  for (const [from, to] of windows as Array<[number, number]>) {
    // Long runs of digits, of unbroken characters or of blanks are never times, and some of
    // chrono's patterns take quadratic time over them; they are masked, keeping offsets.
    const days = ordinalDays((waking ? alarmTimes(text) : MOVING.test(text) ? movedTimes(text) : text).slice(from, to), ctx);
    const window = days.text
      .replace(/\d{7,}|\S{40,}/g, (m) => ','.repeat(m.length))
      .replace(/\s{4,}/g, (m) => ` ${','.repeat(m.length - 2)} `);
    for (const { r, index } of parse(window, reference)) {
      // A rewritten "the 3rd of January" is said by all its words.
      const local = days.regions.reduce(([s0, e0], [rs, re]) => (rs < e0 && re > s0 ? [Math.min(s0, rs), Math.max(e0, re)] : [s0, e0]), [index, index + r.text.length]);
      const start = from + local[0]!;
      const end = from + local[1]!;
      if ([...hits, ...found.map((f) => f.hit)].some((h) => h.spans.some(([s, e]) => start < e && end > s))) continue;
      // "tomorrow at 7 in the evening", "from 7 to 11 in the morning": chrono reads the part of the day apart from the time it follows.
      const before = found.at(-1);
      const part = PARTS.find((p) => p.re.test(r.text));
      if (before && part && isPartAlone(r) && before.r.start.isCertain('hour') && !before.r.start.isCertain('meridiem') && /^\s*(?:in\s+the|at|this)?\s*$/i.test(text.slice(before.hit.spans[0]![1], start))) {
        const [from0] = before.hit.spans[0]!;
        before.hit = { ...fromChrono(before.r, from0, ctx, part), spans: [[from0, end]] };
        before.said = part;
        continue;
      }
      // "Game night", "poker night on friday", "say good night": a part of the day after a word of a name is part of the name.
      const named = part && isPartAlone(r) && /^(?:morning|afternoon|evening|night)$/i.test(r.text.trim()) ? NAMED_BY.exec(text.slice(0, start))?.[1] : undefined;
      // "Clear my afternoon", "my morning tomorrow": the requester's part of the day, where nothing it names follows ("my morning routine" is a name).
      const mine = named !== undefined && /^(?:my|our)$/i.test(named) && /^\s*(?:$|[,.!?;]|(?:today|tomorrow|on|this|next)\b|(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)day\b)/i.test(text.slice(end));
      if (named !== undefined && !PART_LEAD.test(named) && !mine) continue;
      found.push({ r, hit: { ...fromChrono(r, start, ctx, usual), spans: [[start, end]] }, ...(usual ? { said: usual } : {}) });
    }
  }
  // "tomorrow ... at 7pm": a date alone and a time alone are one time; so are "tomorrow morning ... at 9", the time in that part of the day.
  const dateOnly = found.find(({ r }) => !r.start.isCertain('hour') && (r.start.isCertain('day') || r.start.isCertain('weekday')));
  const timeOnly = found.find(
    ({ r }) =>
      (r.start.isCertain('hour') || PARTS.some((p) => p.re.test(r.text))) &&
      !r.start.isCertain('day') &&
      !r.start.isCertain('weekday') &&
      !r.start.isCertain('timezoneOffset'),
  );
  for (const f of found) {
    if (dateOnly && timeOnly && f === dateOnly) continue;
    if (dateOnly && timeOnly && f === timeOnly) {
      const d = dateOnly.r.start;
      const t = timeOnly.r.start;
      const part = PARTS.find((p) => p.re.test(timeOnly.r.text));
      const said = timeOnly.said ?? PARTS.find((p) => p.re.test(dateOnly.r.text));
      const hour = !t.isCertain('hour') ? (part?.hour ?? 9) : said && !t.isCertain('meridiem') ? inPart(t.get('hour')!, said) : clockHour(t);
      const minute = t.isCertain('hour') ? (t.get('minute') ?? 0) : 0;
      const day = { year: d.get('year')!, month: d.get('month')!, day: d.get('day')! };
      const merged = at(day, hour, minute, ctx.timeZone);
      // "My morning tomorrow": that part of that day, as "tomorrow morning" is.
      const period = part && !t.isCertain('hour') ? { from: at(day, part.from, 0, ctx.timeZone), to: at(day, part.to, 0, ctx.timeZone) } : { from: merged, to: new Date(merged.getTime() + HOUR) };
      hits.push({ spans: [...dateOnly.hit.spans, ...f.hit.spans], at: merged, period, precision: 3, said: { date: true, clock: t.isCertain('hour'), half: t.isCertain('hour') && (t.isCertain('meridiem') || said !== undefined) } });
      continue;
    }
    hits.push(f.hit);
  }
  // "Turn the lights off in 10": minutes, as people say it, when nothing else is said of them.
  const bare = BARE_IN.exec(text);
  if (bare && !hits.some((h) => h.spans.some(([s, e]) => s < bare.index + bare[0].length && e > bare.index))) {
    const [inMinutes] = readTimes(`in ${bare[1]} minutes`, ctx);
    if (inMinutes) hits.push({ ...inMinutes, spans: [[bare.index, bare.index + bare[0].length]] });
  }
  for (const hit of hits) hit.spans = hit.spans.map(([s, e]) => regions.reduce<[number, number]>(([s0, e0], [rs, re]) => (rs < e0 && re > s0 ? [Math.min(s0, rs), Math.max(e0, re)] : [s0, e0]), [s, e]));
  hits.sort((a, b) => a.spans[0]![0] - b.spans[0]![0]);
  // A duration is how long, never when: "for 10 minutes" is not ten minutes from now. It ends the first time said ("at 3pm for an hour").
  const duration = readDuration(text);
  if (!duration) return hits.map((h) => deadline(h, text, ctx));
  const whens = hits.filter((h) => !h.spans.every(([s, e]) => s >= duration.start && e <= duration.end));
  const first = whens[0];
  if (first && !first.until) whens[0] = { ...first, until: new Date(first.at.getTime() + duration.ms), duration: [duration.start, duration.end] };
  return whens.map((h) => deadline(h, text, ctx));
}

/** "Before" right before a time: what is done by then. */
const BEFORE = /\bbefore\s+(?:the\s+)?$/i;
/** How long before a clock time said with "before" something comes: time to act on it. */
const AHEAD_MS = 30 * 60_000;

/**
 * A time said with "before" ("remind me to pay rent before friday", "turn off the lights before
 * midnight") is a deadline: what is done then comes ahead of it (half an hour before a clock
 * time or a part of the day, the day before a day), and no earlier than halfway from now; the
 * period it names runs from now to it ("what's on my calendar before friday").
 */
function deadline(hit: TimeHit, text: string, ctx: TimeContext): TimeHit {
  if (!BEFORE.test(text.slice(0, hit.spans[0]![0])) || hit.until) return hit;
  const end = hit.said.clock ? hit.at : hit.period.from;
  const room = end.getTime() - ctx.now.getTime();
  if (room <= 0) return hit;
  // A whole day ("before friday"): the day before, at the hour a day alone is at; a part of the day ("before the night"): half an hour before it starts.
  const day = !hit.said.clock && hit.period.to.getTime() - hit.period.from.getTime() >= 20 * HOUR;
  const at = day ? hit.at.getTime() - 24 * HOUR : end.getTime() - AHEAD_MS;
  return { ...hit, at: new Date(Math.max(at, ctx.now.getTime() + room / 2)), period: { from: ctx.now, to: end } };
}
