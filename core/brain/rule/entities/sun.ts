import { sunTimes, type GeoPlace, type SunEvent } from '../../../util/sun.js';

/** The words for what the sun does, and what each names. */
const NAMES: Record<string, SunEvent> = { sunset: 'sunset', sundown: 'sunset', dusk: 'dusk', nightfall: 'dusk', twilight: 'dusk', dark: 'dusk', sunrise: 'sunrise', sunup: 'sunrise', dawn: 'dawn', daybreak: 'dawn', 'first light': 'dawn' };
/** The one-word names of what the sun does: "sunset", "dawn". */
export const SUN_WORDS: ReadonlySet<string> = new Set(Object.keys(NAMES).filter((name) => !name.includes(' ')));
/** Words after which "dark" is a time: "after dark", "by dark", "from dark to 11" ("it's dark" is none). */
const BEFORE_DARK: ReadonlySet<string> = new Set(['at', 'after', 'by', 'before', 'until', 'till', 'til', 'from', 'around', 'past']);
/** Whether a word (after `before`, the word before it) names a time by the sun. */
export function namesSunTime(word: string, before: string | undefined): boolean {
  return SUN_WORDS.has(word) && (word !== 'dark' || (before !== undefined && BEFORE_DARK.has(before)));
}
const NAMED = '(sunset|sundown|dusk|nightfall|twilight|dark|sunrise|sunup|dawn|daybreak|first light)';
const DAY = "(today|tonight|tomorrow)(?:'s)?";
const UNITS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, 'half a': 0.5, 'half an': 0.5 };

/** "At sunset", "tomorrow at dawn", "30 minutes before sunrise", "an hour after dusk". */
const AT_SUN = new RegExp(
  String.raw`\b(?:(?:${DAY}\s+)?(?:at|by|around|about|after|come)\s+(?:about\s+)?(?:${DAY}\s+)?${NAMED}|(\d+|an?|one|two|three|half\s+an?)\s*(minutes?|mins?|hours?|hrs?)\s+(before|after)\s+(?:${DAY}\s+)?${NAMED})(?:\s+${DAY})?\b`,
  'i',
);
/** "When it gets dark", "once the sun goes down", "as soon as it gets light tomorrow". */
const WHEN_SUN = new RegExp(
  String.raw`\b(?:when|once|if|as\s+soon\s+as)\s+(?:(it\s+(?:gets|is|turns|goes)\s+dark|it's\s+dark|night\s+falls)|((?:the\s+)?sun\s+(?:sets|goes\s+down))|(it\s+(?:gets|is|turns)\s+light|it's\s+light|day\s+breaks)|((?:the\s+)?sun\s+(?:rises|comes\s+up)))(?:\s+${DAY})?\b`,
  'i',
);

/** A time said by the sun, where in the text, and when that is at a place; `at` is absent when the sun does not do so there then. */
export interface SunSaid {
  start: number;
  end: number;
  event: SunEvent;
  /** How long after it (before it when negative), in ms: "an hour before sunset" is -3,600,000. */
  shiftMs: number;
  at?: Date;
}

/**
 * The time a text says by the sun, at `place` on the day it says (today, tonight, tomorrow), or
 * the next one to come when it says none; "an hour before sunset" is that much before.
 */
export function sunSaid(text: string, place: GeoPlace, now: Date, dayOf: (instant: Date, plusDays: number) => { year: number; month: number; day: number }): SunSaid | undefined {
  const m = AT_SUN.exec(text);
  const w = m ? undefined : WHEN_SUN.exec(text);
  if (!m && !w) return undefined;
  let event: SunEvent;
  let shiftMs = 0;
  let day: string | undefined;
  if (m) {
    event = NAMES[(m[3] ?? m[8])!.toLowerCase().replace(/\s+/g, ' ')]!;
    day = m[1] ?? m[2] ?? m[7] ?? m[9];
    if (m[4] !== undefined) {
      const n = UNITS[m[4].toLowerCase().replace(/\s+/g, ' ')] ?? Number(m[4]);
      shiftMs = n * (/^h/i.test(m[5]!) ? 3_600_000 : 60_000) * (/before/i.test(m[6]!) ? -1 : 1);
    }
  } else {
    event = w![1] ? 'dusk' : w![2] ? 'sunset' : w![3] ? 'dawn' : 'sunrise';
    day = w![5];
  }
  const match = (m ?? w)!;
  const found: SunSaid = { start: match.index, end: match.index + match[0].length, event, shiftMs };
  const tomorrow = day !== undefined && /^tomorrow/i.test(day);
  // Today's, unless it has passed (or tomorrow's is said): then the next day's.
  for (let plus = tomorrow ? 1 : 0; plus <= 1; plus++) {
    const base = sunTimes(dayOf(now, plus), place)[event];
    if (base === undefined) return found;
    const at = new Date(base.getTime() + shiftMs);
    if (at.getTime() > now.getTime() + 60_000 || plus === 1) return { ...found, at };
  }
  return found;
}

/**
 * A routine said by the sun on the days of a pattern ("every weekday an hour before sunrise"): the
 * pattern of its days alone (its time of day, read from today's sun, is not kept), what the sun
 * does, and how long after it in seconds (before when negative; absent when at it).
 */
export function sunRoutine(cron: string, sun: SunSaid): { days: string; event: SunEvent; offsetSeconds?: number } {
  const days = `0 0 ${cron.trim().split(/\s+/).slice(-3).join(' ')}`;
  return { days, event: sun.event, ...(sun.shiftMs !== 0 ? { offsetSeconds: Math.round(sun.shiftMs / 1000) } : {}) };
}
