/** Where the home is, in decimal degrees: north and east positive. */
export interface GeoPlace {
  latitude: number;
  longitude: number;
}

/** When the sun does what people plan by, on one day at one place; absent when it does not that day (polar day or night). */
export interface SunTimes {
  /** Civil dawn: the sun 6° below the horizon, getting light. */
  dawn?: Date;
  sunrise?: Date;
  sunset?: Date;
  /** Civil dusk: the sun 6° below the horizon, dark enough for lights. */
  dusk?: Date;
}

const RAD = Math.PI / 180;
const DAY_MS = 86_400_000;
/** Julian day of the Unix epoch, and of J2000.0. */
const UNIX_JD = 2440587.5;
const J2000 = 2451545;

const sin = (deg: number) => Math.sin(deg * RAD);
const cos = (deg: number) => Math.cos(deg * RAD);

/**
 * Sunrise, sunset, dawn and dusk on a calendar day (as the home's calendar names it) at a place,
 * by the sunrise equation (NOAA's approximations, good to a minute or two away from the poles).
 */
export function sunTimes(day: { year: number; month: number; day: number }, place: GeoPlace): SunTimes {
  // Days since J2000 at the day's noon, then the mean solar noon at this longitude.
  const n = Math.round(Date.UTC(day.year, day.month - 1, day.day, 12) / DAY_MS + UNIX_JD - J2000);
  const meanNoon = n - place.longitude / 360;
  const anomaly = (357.5291 + 0.98560028 * meanNoon) % 360;
  const centre = 1.9148 * sin(anomaly) + 0.02 * sin(2 * anomaly) + 0.0003 * sin(3 * anomaly);
  const ecliptic = (anomaly + centre + 180 + 102.9372) % 360;
  const transit = J2000 + meanNoon + 0.0053 * sin(anomaly) - 0.0069 * sin(2 * ecliptic);
  const declination = Math.asin(sin(ecliptic) * sin(23.4397)) / RAD;
  const at = (altitude: number): { rise?: Date; set?: Date } => {
    const cosHour = (sin(altitude) - sin(place.latitude) * sin(declination)) / (cos(place.latitude) * cos(declination));
    if (!(cosHour >= -1 && cosHour <= 1)) return {};
    const hour = Math.acos(cosHour) / RAD;
    const instant = (jd: number) => new Date(Math.round(((jd - UNIX_JD) * DAY_MS) / 1000) * 1000);
    return { rise: instant(transit - hour / 360), set: instant(transit + hour / 360) };
  };
  const sun = at(-0.833);
  const civil = at(-6);
  return {
    ...(civil.rise ? { dawn: civil.rise } : {}),
    ...(sun.rise ? { sunrise: sun.rise } : {}),
    ...(sun.set ? { sunset: sun.set } : {}),
    ...(civil.set ? { dusk: civil.set } : {}),
  };
}

/** What the sun does that people name: the sun's own times, and dark and light as dusk and dawn. */
export type SunEvent = keyof SunTimes;

const NAMES: Record<string, SunEvent> = { sunset: 'sunset', sundown: 'sunset', dusk: 'dusk', nightfall: 'dusk', twilight: 'dusk', sunrise: 'sunrise', sunup: 'sunrise', dawn: 'dawn', daybreak: 'dawn', 'first light': 'dawn' };
const NAMED = '(sunset|sundown|dusk|nightfall|twilight|sunrise|sunup|dawn|daybreak|first light)';
const DAY = "(today|tonight|tomorrow)(?:'s)?";
const UNITS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, 'half a': 0.5, 'half an': 0.5 };

/** "At sunset", "tomorrow at dawn", "30 minutes before sunrise", "an hour after dusk". */
const AT_SUN = new RegExp(
  String.raw`\b(?:(?:${DAY}\s+)?(?:at|by|around|about|after|come)\s+(?:about\s+)?(?:${DAY}\s+)?${NAMED}|(\d+|an?|one|two|three|half\s+an?)\s*(minutes?|mins?|hours?|hrs?)\s+(before|after)\s+(?:${DAY}\s+)?${NAMED})(?:\s+${DAY})?\b`,
  'i',
);
/** "When it gets dark", "once the sun goes down", "as soon as it gets light tomorrow". */
const WHEN_SUN = new RegExp(
  String.raw`\b(?:when|once|as\s+soon\s+as)\s+(?:(it\s+(?:gets|is|turns|goes)\s+dark|it's\s+dark|night\s+falls)|((?:the\s+)?sun\s+(?:sets|goes\s+down))|(it\s+(?:gets|is|turns)\s+light|it's\s+light|day\s+breaks)|((?:the\s+)?sun\s+(?:rises|comes\s+up)))(?:\s+${DAY})?\b`,
  'i',
);

/** A time said by the sun, where in the text, and when that is at a place; `at` is absent when the sun does not do so there then. */
export interface SunSaid {
  start: number;
  end: number;
  event: SunEvent;
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
  const found: SunSaid = { start: match.index, end: match.index + match[0].length, event };
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
