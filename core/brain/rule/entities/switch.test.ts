import { describe, expect, it } from 'vitest';
import { tokenize } from '../tokens.js';
import { readOnOff } from './switch.js';

const things = new Set(['porch', 'kitchen']);
const read = (text: string, phrase: number[] = []) => readOnOff(tokenize(text), () => true, phrase, (w) => things.has(w))?.value;

describe('readOnOff', () => {
  it('reads on, off and out', () => {
    expect(read('turn the light on')).toBe(true);
    expect(read('switch it off')).toBe(false);
    expect(read('lights out')).toBe(false);
    expect(read('kill the lights')).toBe(false);
    expect(read('toggle the light')).toBeUndefined();
  });

  it('does not take a place or a day for a switch', () => {
    expect(read('the light on the porch')).toBeUndefined();
    expect(read('on Monday')).toBeUndefined();
    expect(read('the light on porch')).toBeUndefined();
  });

  it('trusts the words of the matched phrase first', () => {
    expect(read('turn off the light on the porch', [0, 1])).toBe(false);
  });
});
