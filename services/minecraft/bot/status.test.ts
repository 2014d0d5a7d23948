import { describe, expect, it } from 'vitest';
import { describe as describeStatus, gameClock, type BotReport } from './status.js';

describe('gameClock', () => {
  it('reads the game ticks as a 24-hour clock whose day starts at 06:00', () => {
    expect(gameClock(0)).toBe('06:00');
    expect(gameClock(6000)).toBe('12:00');
    expect(gameClock(12_000)).toBe('18:00');
    expect(gameClock(18_000)).toBe('00:00');
    expect(gameClock(23_999)).toBe('05:59');
    expect(gameClock(1_500)).toBe('07:30');
    // The day count is no part of the time of day.
    expect(gameClock(24_000 * 3 + 13_000)).toBe('19:00');
  });
});

describe('the status in words', () => {
  const report: BotReport = {
    username: 'Majordomo',
    health: 20,
    food: 18,
    position: { x: 1, y: 64, z: -3 },
    dimension: 'overworld',
    inventory: { cobblestone: 3 },
    nearbyBlocks: [],
    nearbyEntities: [],
    activity: 'idle',
  };

  it('says whether it is day or night in the game, when the game has said its time', () => {
    expect(describeStatus({ ...report, time: { clock: '19:30', day: false } })).toMatch(/It is night in the game \(19:30\)\.$/);
    expect(describeStatus({ ...report, time: { clock: '07:00', day: true } })).toMatch(/It is day in the game \(07:00\)\.$/);
    expect(describeStatus(report)).not.toMatch(/in the game/);
  });
});
