import { describe, expect, it } from 'vitest';
import { readPosition } from './position.js';

describe('readPosition', () => {
  it('reads block coordinates said as three numbers, or with each axis named', () => {
    expect(readPosition('go to 100 64 -20')).toEqual({ value: { x: 100, y: 64, z: -20 }, start: 6, end: 16 });
    expect(readPosition('walk to (100, 64, -20) please')?.value).toEqual({ x: 100, y: 64, z: -20 });
    expect(readPosition('go to 100,64,-20')?.value).toEqual({ x: 100, y: 64, z: -20 });
    expect(readPosition('go to x=100, y=64, z=-20')?.value).toEqual({ x: 100, y: 64, z: -20 });
    expect(readPosition('go to x: -5 y: 70 z: 12')?.value).toEqual({ x: -5, y: 70, z: 12 });
    // Without a height: a place on the map.
    expect(readPosition('come to x 100 z -20')?.value).toEqual({ x: 100, z: -20 });
  });

  it('reads no coordinates from other numbers', () => {
    for (const text of ['set the kitchen light to 50%', 'give bob 3 oak logs', 'go to 1.5 2 3', 'get 64 cobblestone and 12 torches 3 times', 'remind me at 10:30', 'go to 1 2', 'at 7, 8 and 9', 'set it to 50% 60% 70%']) {
      expect(readPosition(text), text).toBeUndefined();
    }
  });
});
