import { describe, expect, it } from 'vitest';
import { sunTimes } from './sun.js';

/** Minutes between an instant and the one an almanac gives. */
const off = (at: Date | undefined, expected: string) => Math.abs((at?.getTime() ?? Number.NaN) - Date.parse(expected)) / 60_000;

describe('sunTimes', () => {
  it('gives sunrise and sunset to within two minutes of the almanac, on both sides of the date line and the equator', () => {
    const london = sunTimes({ year: 2026, month: 6, day: 21 }, { latitude: 51.5074, longitude: -0.1278 });
    expect(off(london.sunrise, '2026-06-21T03:43Z')).toBeLessThan(2);
    expect(off(london.sunset, '2026-06-21T20:21Z')).toBeLessThan(2);
    const newYork = sunTimes({ year: 2026, month: 12, day: 21 }, { latitude: 40.7128, longitude: -74.006 });
    expect(off(newYork.sunrise, '2026-12-21T12:16Z')).toBeLessThan(2);
    expect(off(newYork.sunset, '2026-12-21T21:32Z')).toBeLessThan(2);
    // The 21st in Sydney begins on the 20th in UTC.
    const sydney = sunTimes({ year: 2026, month: 11, day: 21 }, { latitude: -33.8688, longitude: 151.2093 });
    expect(off(sydney.sunrise, '2026-11-20T18:41Z')).toBeLessThan(2);
    expect(off(sydney.sunset, '2026-11-21T08:41Z')).toBeLessThan(2);
  });

  it('puts dusk after sunset and dawn before sunrise, and leaves out what the sun does not do that day', () => {
    const london = sunTimes({ year: 2026, month: 11, day: 21 }, { latitude: 51.5074, longitude: -0.1278 });
    expect(london.dawn!.getTime()).toBeLessThan(london.sunrise!.getTime());
    expect(london.dusk!.getTime() - london.sunset!.getTime()).toBeGreaterThan(20 * 60_000);
    // Polar night in Tromsø: no sunrise nor sunset, but twilight around noon.
    const tromso = sunTimes({ year: 2026, month: 12, day: 21 }, { latitude: 69.65, longitude: 18.96 });
    expect(tromso).not.toHaveProperty('sunrise');
    expect(tromso).not.toHaveProperty('sunset');
    expect(tromso.dawn).toBeInstanceOf(Date);
    // Midnight sun: nothing at all.
    expect(sunTimes({ year: 2026, month: 6, day: 21 }, { latitude: 78.22, longitude: 15.65 })).toEqual({});
  });
});
