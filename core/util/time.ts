/**
 * Time-zone arithmetic with Intl only: the offset of a zone at an instant, an instant from
 * a wall-clock time in a zone, and ISO-8601 text with the zone's offset.
 */

export interface WallTime {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time in `timeZone` at `instant`. */
export function wallTime(instant: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts['year']!,
    month: parts['month']!,
    day: parts['day']!,
    hour: parts['hour']!,
    minute: parts['minute']!,
    second: parts['second']!,
  };
}

/** Minutes to add to UTC to get the wall-clock time in `timeZone` at `instant` (Paris in winter: 60). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const w = wallTime(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - whole) / 60_000);
}

/**
 * The instant at which the wall clock in `timeZone` shows `wall`. In a gap (spring forward)
 * the time is moved forward by the gap; in an overlap (fall back) the earlier instant wins.
 */
export function zonedToInstant(wall: WallTime, timeZone: string): Date {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // Two passes settle the offset around a transition.
  let guess = naive - offsetMinutes(new Date(naive), timeZone) * 60_000;
  const second = naive - offsetMinutes(new Date(guess), timeZone) * 60_000;
  if (second !== guess) {
    const earlier = Math.min(guess, second);
    guess = sameWall(wallTime(new Date(earlier), timeZone), wall) ? earlier : Math.max(guess, second);
  }
  return new Date(guess);
}

function sameWall(a: WallTime, b: WallTime): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;
}

function pad(n: number, width = 2): string {
  return String(Math.abs(n)).padStart(width, '0');
}

/** ISO-8601 with the zone's offset at that instant: `2026-11-22T08:00:00+01:00`, or `Z` for UTC. */
export function formatZoned(instant: Date, timeZone: string): string {
  const w = wallTime(instant, timeZone);
  const off = offsetMinutes(instant, timeZone);
  const zone = off === 0 ? 'Z' : `${off < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${zone}`;
}

/** An hour said on a 12-hour clock, on the 24-hour one: 8 pm is 20, 12 am is 0; without am or pm it is as said. */
export function hour24(hour: number, half: string | undefined): number {
  const h = half?.toLowerCase().replace(/\./g, '');
  if (h === 'pm' && hour < 12) return hour + 12;
  return h === 'am' && hour === 12 ? 0 : hour;
}

/** "08:00": the clock time in the zone. */
export function clockTime(instant: Date, timeZone: string): string {
  const w = wallTime(instant, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** "Sun 22 Nov, 08:00" in the zone: for messages to people. */
export function formatHuman(instant: Date, timeZone: string, reference?: Date): string {
  return `${dayHuman(instant, timeZone, reference)} at ${clockTime(instant, timeZone)}`;
}

/** "today", "tomorrow" (from `reference`), else "Sun 22 Nov": the day in the zone, for people. */
export function dayHuman(instant: Date, timeZone: string, reference?: Date): string {
  if (reference !== undefined && dayKey(instant, timeZone) === dayKey(reference, timeZone)) return 'today';
  if (reference !== undefined && dayKey(instant, timeZone) === dayKey(new Date(reference.getTime() + 86_400_000), timeZone)) return 'tomorrow';
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short' }).format(instant);
}

function dayKey(instant: Date, timeZone: string): string {
  const w = wallTime(instant, timeZone);
  return `${w.year}-${w.month}-${w.day}`;
}

/** Parses ISO-8601 text that carries an offset (or Z); undefined otherwise. */
export function parseIsoWithOffset(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** Milliseconds since `start` (a `performance.now()` reading), to the microsecond: how long a step took, for events and logs. */
export function msSince(start: number): number {
  return Math.round((performance.now() - start) * 1000) / 1000;
}

/** A duration in words that the rule brain's duration reader reads back: "2 hours", "90 minutes", "45 seconds". */
export function durationWords(ms: number): string {
  const say = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (ms % 3_600_000 === 0) return say(ms / 3_600_000, 'hour');
  if (ms % 60_000 === 0) return say(ms / 60_000, 'minute');
  return say(Math.round(ms / 1000), 'second');
}
