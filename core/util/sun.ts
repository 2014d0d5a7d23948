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

/** Every {@link SunEvent}, in the order of a day. */
export const SUN_EVENTS = ['dawn', 'sunrise', 'sunset', 'dusk'] as const satisfies readonly SunEvent[];
