import type { EntityValue } from '../../core/plugin/hints.js';

/**
 * Places whose time can be asked ("what time is it in Tokyo"): the cities the time zones of this
 * runtime are named after, and a few countries and other names people say for one of them.
 */

/** Zones named after a city of these regions; Antarctic stations, Indian Ocean islands and "Etc/" zones are no place people ask about by name. */
const REGIONS = new Set(['Africa', 'America', 'Asia', 'Atlantic', 'Australia', 'Europe', 'Pacific']);

/** Zone names that are something else to most who say them: "when is easter" asks for a day. */
const NOT_PLACES = new Set(['easter']);

/** Other names for a zone (any of its ids this runtime knows): countries of one zone, large cities it has no zone named after. */
const OTHER_NAMES: Array<[ids: string[], names: string[]]> = [
  [['UTC'], ['utc', 'gmt']],
  [['Asia/Tokyo'], ['japan']],
  [['Europe/London'], ['uk', 'england', 'britain', 'great britain', 'scotland', 'wales', 'manchester', 'edinburgh']],
  [['Europe/Dublin'], ['ireland']],
  [['Europe/Paris'], ['france']],
  [['Europe/Berlin'], ['germany', 'munich', 'hamburg', 'frankfurt', 'cologne']],
  [['Europe/Madrid'], ['spain', 'barcelona']],
  [['Europe/Rome'], ['italy', 'milan']],
  [['Europe/Amsterdam'], ['netherlands', 'holland']],
  [['Europe/Zurich'], ['switzerland', 'geneva']],
  [['Europe/Vienna'], ['austria']],
  [['Europe/Stockholm'], ['sweden']],
  [['Europe/Oslo'], ['norway']],
  [['Europe/Copenhagen'], ['denmark']],
  [['Europe/Helsinki'], ['finland']],
  [['Europe/Warsaw'], ['poland']],
  [['Europe/Athens'], ['greece']],
  [['Europe/Lisbon'], ['portugal']],
  [['Europe/Istanbul'], ['turkey']],
  [['Europe/Kyiv', 'Europe/Kiev'], ['ukraine', 'kyiv', 'kiev']],
  [['Asia/Kolkata', 'Asia/Calcutta'], ['india', 'kolkata', 'delhi', 'new delhi', 'mumbai', 'bombay', 'bangalore', 'bengaluru', 'chennai']],
  [['Asia/Shanghai'], ['china', 'beijing']],
  [['Asia/Seoul'], ['korea', 'south korea']],
  [['Asia/Singapore'], ['singapore']],
  [['Asia/Dubai'], ['uae', 'abu dhabi']],
  [['Asia/Ho_Chi_Minh', 'Asia/Saigon'], ['vietnam', 'ho chi minh city', 'saigon']],
  [['Asia/Bangkok'], ['thailand']],
  [['Asia/Jerusalem'], ['israel', 'tel aviv']],
  [['Asia/Manila'], ['philippines']],
  [['Africa/Cairo'], ['egypt']],
  [['Africa/Lagos'], ['nigeria']],
  [['Africa/Nairobi'], ['kenya']],
  [['Africa/Johannesburg'], ['south africa', 'cape town']],
  [['America/New_York'], ['new york city', 'nyc', 'boston', 'miami', 'atlanta', 'philadelphia', 'the east coast']],
  [['America/Chicago'], ['houston', 'dallas', 'austin', 'texas']],
  [['America/Denver'], ['colorado']],
  [['America/Los_Angeles'], ['san francisco', 'seattle', 'california', 'san diego', 'the west coast']],
  [['America/Mexico_City'], ['mexico']],
  [['America/Sao_Paulo'], ['brazil', 'rio', 'rio de janeiro']],
  [['America/Argentina/Buenos_Aires', 'America/Buenos_Aires'], ['argentina', 'buenos aires']],
  [['America/Toronto'], ['ottawa', 'montreal']],
  [['Australia/Sydney'], ['canberra']],
  [['Pacific/Auckland'], ['new zealand', 'wellington']],
];

/** Whether this runtime knows a time zone by that id. */
export function isTimeZone(id: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: id });
    return true;
  } catch {
    return false;
  }
}

/** What a place is called, from its zone's id: "America/New_York" → "New York". */
export function placeOfZone(id: string): string {
  const city = id.split('/').at(-1)!.replaceAll('_', ' ');
  return city === 'UTC' ? 'UTC' : city;
}

let values: EntityValue[] | undefined;

/** The places whose time can be asked, each by its zone's id. */
export function zoneValues(): EntityValue[] {
  if (values) return values;
  const names = new Map<string, Set<string>>();
  const claimed = new Set<string>();
  const add = (id: string, name: string) => {
    if (claimed.has(name)) return;
    claimed.add(name);
    if (!names.has(id)) names.set(id, new Set());
    names.get(id)!.add(name);
  };
  for (const id of Intl.supportedValuesOf('timeZone')) {
    const parts = id.split('/');
    if (parts.length !== 2 || !REGIONS.has(parts[0]!)) continue;
    const city = parts[1]!.replaceAll('_', ' ').toLowerCase();
    if (!NOT_PLACES.has(city)) add(id, city);
  }
  for (const [ids, others] of OTHER_NAMES) {
    // The id the runtime lists ("Asia/Calcutta" in older ones), else any it takes.
    const id = ids.find((i) => names.has(i)) ?? ids.find(isTimeZone);
    if (id !== undefined) for (const name of others) add(id, name);
  }
  values = [...names].map(([value, said]) => ({ value, names: [...said] }));
  return values;
}
