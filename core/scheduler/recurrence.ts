import { createTask, parse, validate } from 'node-cron';
import { InvalidInputError } from '../errors.js';
import { SUN_EVENTS, sunTimes } from '../util/sun.js';
import { zonedToInstant, wallTime } from '../util/time.js';
import { INTERVAL_UNITS, passedOver, type IntervalUnit, type Recurrence, type RecurrenceInterval, type ScheduledJob, type SunRecurrence } from './scheduler.js';

const DAY_MS = 86_400_000;

/**
 * Checks a job before it is scheduled, the same way in every scheduler: a valid time, and a
 * pattern and time zone for a routine (only for one).
 */
export function checkJob(job: ScheduledJob): void {
  if (typeof job.id !== 'string' || job.id.length === 0) throw new InvalidInputError('a scheduled job needs an id');
  if (!(job.at instanceof Date) || Number.isNaN(job.at.getTime())) {
    throw new InvalidInputError(`the time of job ${job.id} is not a valid date`, { hint: 'give a Date' });
  }
  if (job.kind === 'reminder') {
    if (job.repeat !== undefined) throw new InvalidInputError(`reminder ${job.id} has a repeat pattern`, { hint: 'schedule it as a routine' });
    if (job.except !== undefined) throw new InvalidInputError(`reminder ${job.id} has times to let pass`, { hint: 'only a routine lets times of its pattern pass' });
    return;
  }
  if (job.kind !== 'routine') throw new InvalidInputError(`job ${job.id} is of an unknown kind "${String(job.kind)}"`, { hint: 'use reminder or routine' });
  if (job.repeat === undefined) throw new InvalidInputError(`routine ${job.id} has no repeat pattern`, { hint: 'give repeat: { cron, timeZone }' });
  checkRecurrence(job.id, job.repeat);
  if (job.except !== undefined && (!Array.isArray(job.except) || job.except.some((t) => typeof t !== 'string' || Number.isNaN(Date.parse(t))))) {
    throw new InvalidInputError(`routine ${job.id} has times to let pass that are not all times`, { hint: 'give except as ISO 8601 times, e.g. ["2026-12-07T09:45:00Z"]' });
  }
}

/** A cron pattern of five fields (minute hour day-of-month month day-of-week), or six with seconds first. */
export function isCronPattern(cron: unknown): cron is string {
  if (typeof cron !== 'string') return false;
  const fields = cron.trim().split(/\s+/).length;
  return (fields === 5 || fields === 6) && validate(cron);
}

function checkRecurrence(id: string, repeat: Recurrence): void {
  if (!isCronPattern(repeat.cron)) {
    throw new InvalidInputError(`routine ${id} has an invalid cron pattern "${String(repeat.cron)}"`, {
      hint: 'five fields (minute hour day-of-month month day-of-week), or six with seconds first, e.g. "0 8 * * 1-5"',
    });
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: repeat.timeZone });
  } catch (error) {
    throw new InvalidInputError(`routine ${id} has an unknown time zone "${String(repeat.timeZone)}"`, { cause: error, hint: 'give an IANA zone, e.g. Europe/Paris' });
  }
  if (repeat.sun !== undefined) checkSun(id, repeat.sun);
  if (repeat.interval !== undefined) checkInterval(id, repeat.interval);
  if (repeat.weekOfMonth !== undefined) checkWeekOfMonth(id, repeat);
}

/** The weeks of a month a routine may keep to: the first to the fifth of its weekdays, or the last (-1). */
export const WEEKS_OF_MONTH: readonly number[] = [1, 2, 3, 4, 5, -1];

function checkWeekOfMonth(id: string, repeat: Recurrence): void {
  if (!WEEKS_OF_MONTH.includes(repeat.weekOfMonth!)) {
    throw new InvalidInputError(`routine ${id} comes on week ${String(repeat.weekOfMonth)} of the month, which no month has`, { hint: 'give weekOfMonth 1 to 5, or -1 for the last' });
  }
  const fields = repeat.cron.trim().split(/\s+/);
  const [dom, dow] = fields.length === 6 ? [fields[3], fields[5]] : [fields[2], fields[4]];
  if (dom !== '*' || dow === '*' || dow === '?') {
    throw new InvalidInputError(`routine ${id} comes on the n-th of some weekday of the month, but its pattern "${repeat.cron}" says no weekday, or a day of the month too`, { hint: 'say the weekdays and no day of the month, e.g. "0 9 * * 5" for the last Friday' });
  }
}

/** Whether a day (of `days` in its month) is the n-th of its weekday in the month (`week` 1 to 5), or the last (-1). */
function inWeekOfMonth(week: number, day: number, days: number): boolean {
  return week === -1 ? day + 7 > days : Math.ceil(day / 7) === week;
}

/**
 * The most of each unit a routine may skip by: its next time is always found within the two
 * years and a bit that {@link occurrences} looks ahead.
 */
export const MAX_INTERVAL: Readonly<Record<IntervalUnit, number>> = { day: 366, week: 52, month: 24, year: 2 };

function checkInterval(id: string, interval: RecurrenceInterval): void {
  if (typeof interval !== 'object' || interval === null || !INTERVAL_UNITS.includes(interval.unit)) {
    throw new InvalidInputError(`routine ${id} comes every so many of no known unit`, { hint: `give interval.unit, one of ${INTERVAL_UNITS.join(', ')}` });
  }
  const most = MAX_INTERVAL[interval.unit];
  if (!Number.isInteger(interval.count) || interval.count < 1 || interval.count > most) {
    throw new InvalidInputError(`routine ${id} comes every ${String(interval.count)} ${interval.unit}s, which is no count it can keep to`, { hint: `give interval.count as a whole number from 1 to ${most}` });
  }
  if (typeof interval.from !== 'string' || dayNumber(interval.from) === undefined) {
    throw new InvalidInputError(`routine ${id} counts its ${interval.unit}s from "${String(interval.from)}", which is no day`, { hint: 'give interval.from as YYYY-MM-DD' });
  }
}

/** Days since 1970-01-01 of a day written YYYY-MM-DD; undefined for anything else. */
function dayNumber(day: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const [year, month, dom] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(year, month - 1, dom));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === dom ? at.getTime() / DAY_MS : undefined;
}

/** Whether a day (days since 1970-01-01) is of every `count`-th day, week (Monday to Sunday), month or year from the interval's first, and not before it. */
function keptByInterval(interval: RecurrenceInterval, day: number): boolean {
  const first = dayNumber(interval.from)!;
  const date = (n: number) => new Date(n * DAY_MS);
  // 1970-01-01 was a Thursday: the Monday on or before a day is 3 days after a multiple of 7, less.
  const monday = (n: number) => n - ((n + 3) % 7);
  const months = (n: number) => date(n).getUTCFullYear() * 12 + date(n).getUTCMonth();
  const apart = {
    day: () => day - first,
    week: () => (monday(day) - monday(first)) / 7,
    month: () => months(day) - months(first),
    year: () => date(day).getUTCFullYear() - date(first).getUTCFullYear(),
  }[interval.unit]();
  return day >= first && apart % interval.count === 0;
}

/**
 * Whether a pattern's times are read day by day ({@link occurrences}) rather than by a cron
 * scheduler: one that follows the sun, comes only every so many days, weeks, months or years, or
 * only on the n-th of its weekdays in a month.
 */
export function readDayByDay(repeat: Recurrence): boolean {
  return repeat.sun !== undefined || repeat.interval !== undefined || repeat.weekOfMonth !== undefined;
}

/** A routine comes at most half a day before or after what the sun does. */
const MAX_SUN_OFFSET_SECONDS = 12 * 3600;

function checkSun(id: string, sun: SunRecurrence): void {
  const number = (v: unknown, limit: number) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= limit;
  if (typeof sun !== 'object' || sun === null || !SUN_EVENTS.includes(sun.event)) {
    throw new InvalidInputError(`routine ${id} follows the sun but says no time of it`, { hint: `give sun.event, one of ${SUN_EVENTS.join(', ')}` });
  }
  if (!number(sun.latitude, 90) || !number(sun.longitude, 180)) {
    throw new InvalidInputError(`routine ${id} follows the sun at no valid place`, { hint: 'give sun.latitude (-90 to 90) and sun.longitude (-180 to 180), in decimal degrees' });
  }
  if (sun.offsetSeconds !== undefined && !(number(sun.offsetSeconds, MAX_SUN_OFFSET_SECONDS) && Number.isInteger(sun.offsetSeconds))) {
    throw new InvalidInputError(`routine ${id} comes at an invalid while from the ${sun.event}`, { hint: `give sun.offsetSeconds as whole seconds, at most ${MAX_SUN_OFFSET_SECONDS} either way` });
  }
}

/**
 * The first occurrence of a pattern after now, or after `after` when that is later (node-cron's
 * reading of the pattern; the sun's times for one that follows it).
 */
export function nextOccurrence(repeat: Recurrence, after?: Date): Date {
  const now = Date.now();
  if (readDayByDay(repeat) || (after !== undefined && after.getTime() > now)) {
    const from = new Date(Math.max(now, after?.getTime() ?? now) + 1);
    const [next] = occurrences(repeat, from, new Date(from.getTime() + 800 * DAY_MS), 1);
    if (next === undefined) throw new InvalidInputError(`"${repeat.cron}"${repeat.sun ? ` at ${repeat.sun.event} (${repeat.sun.latitude}, ${repeat.sun.longitude})` : ''} does not come round in the next two years`);
    return next;
  }
  const task = createTask(repeat.cron, () => undefined, { timezone: repeat.timeZone });
  try {
    // getNextRun() answers only for a started task; getNextRuns() reads the pattern alone.
    const [next] = task.getNextRuns(1);
    if (next === undefined) throw new InvalidInputError(`the pattern "${repeat.cron}" never comes round`);
    return next;
  } finally {
    void task.destroy();
  }
}

/** Occurrences looked at, at most, to tell whether a pattern comes round in a period. */
const MAX_OCCURRENCES = 1024;

/**
 * Whether a pattern comes round between `from` (included) and `to` (excluded), from now on.
 * A pattern that comes round more than {@link MAX_OCCURRENCES} times before `from` comes
 * round often enough to count as coming in any period after.
 */
export function occursBetween(repeat: Recurrence, from: Date, to: Date): boolean {
  if (readDayByDay(repeat)) return occurrences(repeat, new Date(Math.max(from.getTime(), Date.now())), to, 1).length > 0;
  const task = createTask(repeat.cron, () => undefined, { timezone: repeat.timeZone });
  try {
    for (let count = 16; ; count *= 4) {
      const runs = task.getNextRuns(Math.min(count, MAX_OCCURRENCES));
      if (runs.some((at) => at.getTime() >= from.getTime() && at.getTime() < to.getTime())) return true;
      const last = runs.at(-1);
      // It never comes round again, or already came round after the period.
      if (last === undefined || last.getTime() >= to.getTime() || runs.length < Math.min(count, MAX_OCCURRENCES)) return false;
      if (count >= MAX_OCCURRENCES) return true;
    }
  } finally {
    void task.destroy();
  }
}

/**
 * The times a pattern comes round from `from` (included) to `to` (excluded), soonest first, at
 * most `limit` of them; read day by day in the pattern's time zone from `from` on, whatever the
 * clock says (node-cron counts from now only). As cron reads them, a day of the month and a day
 * of the week both restricted are either one; days looked at stop after `maxDays`. One that
 * follows the sun comes once for each of those days, when the sun does what it says there,
 * shifted as said (into the next day or the one before, maybe). One with an interval comes only
 * on the days of its pattern that the interval keeps; one with a week of the month, only on
 * those that are the n-th (or last) of their weekday in their month.
 */
export function occurrences(repeat: Recurrence, from: Date, to: Date, limit: number, maxDays = 800): Date[] {
  const fields = repeat.cron.trim().split(/\s+/);
  const [domField, dowField] = fields.length === 6 ? [fields[3], fields[5]] : [fields[2], fields[4]];
  const f = parse(repeat.cron);
  const doms = new Set(f.dayOfMonth);
  const dows = new Set(f.dayOfWeek.map((d) => Number(d) % 7));
  const months = new Set(f.month);
  const anyDom = domField === '*' || domField === '?';
  const anyDow = dowField === '*' || dowField === '?';
  const dayFits = (dom: number, dow: number) => (anyDom && anyDow) || (anyDom ? dows.has(dow) : anyDow ? doms.has(dom) : doms.has(dom) || dows.has(dow));
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const times = sorted(f.hour).flatMap((hour) => sorted(f.minute).flatMap((minute) => sorted(f.second).map((second) => ({ hour, minute, second }))));
  const sun = repeat.sun;
  const timesOf = (year: number, month: number, day: number): Date[] => {
    if (sun === undefined) return times.map((t) => zonedToInstant({ year, month, day, ...t }, repeat.timeZone));
    const at = sunTimes({ year, month, day }, sun)[sun.event];
    return at === undefined ? [] : [new Date(at.getTime() + (sun.offsetSeconds ?? 0) * 1000)];
  };
  const first = wallTime(from, repeat.timeZone);
  const out: Date[] = [];
  // Shifted by up to half a day, the sun's time of the day before may still be to come ("11 hours after sunset" at 1am).
  for (let i = sun === undefined ? 0 : -1; i < maxDays; i++) {
    const day = new Date(Date.UTC(first.year, first.month - 1, first.day + i));
    if (day.getTime() - DAY_MS * 2 >= to.getTime()) break;
    const [year, month, dom] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    if (!months.has(month) || !dayFits(dom, day.getUTCDay())) continue;
    if (repeat.interval !== undefined && !keptByInterval(repeat.interval, day.getTime() / DAY_MS)) continue;
    if (repeat.weekOfMonth !== undefined && !inWeekOfMonth(repeat.weekOfMonth, dom, new Date(Date.UTC(year, month, 0)).getUTCDate())) continue;
    for (const at of timesOf(year, month, dom)) {
      if (at.getTime() < from.getTime()) continue;
      if (at.getTime() >= to.getTime()) return out;
      out.push(at);
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/** When a job is due next: a routine's next time that it does not let pass (see {@link ScheduledJob.except}). */
export function nextDue(job: ScheduledJob): Date {
  if (!job.repeat || !job.except?.length) return job.at;
  const times = occurrences(job.repeat, job.at, new Date(job.at.getTime() + 800 * 24 * 3600_000), job.except.length + 1);
  return times.find((at) => !passedOver({ ...job, at })) ?? job.at;
}
