import { describe, expect, it } from 'vitest';
import { tokenize } from '../tokens.js';
import { readCount, readPercent, readQuantity } from './numbers.js';

const all = () => true;

describe('readQuantity', () => {
  it.each([
    ['16', 16],
    ['a', 1],
    ['an', 1],
    ['two', 2],
    ['twenty five', 25],
    ['twenty-five', 25],
    ['a dozen', 12],
    ['two dozen', 24],
    ['a stack of', 64],
    ['two stacks', 128],
    ['half a stack', 32],
    ['a couple of', 2],
    ['a few', 3],
    ['a hundred', 100],
  ])('reads "%s" as %d', (text, value) => {
    expect(readQuantity(tokenize(text), 0, all)?.value).toBe(value);
  });

  it('does not take a lone article when told not to', () => {
    expect(readQuantity(tokenize('a torch'), 0, all, false)).toBeUndefined();
  });
});

describe('readCount', () => {
  it('takes the quantity right before the thing, through "of the"', () => {
    const tokens = tokenize('give bob 5 of the oak logs');
    expect(readCount(tokens, all, 5)).toMatchObject({ value: 5, start: 2 });
  });

  it('falls back on any number, but not on a lone article', () => {
    expect(readCount(tokenize('give 3 to bob'), all)?.value).toBe(3);
    expect(readCount(tokenize('give a torch to bob'), all)).toBeUndefined();
  });
});

describe('readPercent', () => {
  it.each([
    ['set it to 60%', 60],
    ['60 percent', 60],
    ['60 per cent', 60],
    ['to half', 50],
    ['dim to a quarter', 25],
    ['three quarters', 75],
    ['to max', 100],
    ['full brightness', 100],
    ['the lowest', 1],
    ['all the way up', 100],
    ['set the hall to 40', 40],
  ])('reads "%s" as %d', (text, value) => {
    expect(readPercent(tokenize(text), all)?.value).toBe(value);
  });

  it('takes no bare number that is not after "to" or "at", but one of two or three digits that ends a few words', () => {
    expect(readPercent(tokenize('kitchen 2'), all)).toBeUndefined();
    expect(readPercent(tokenize('kitchen 50'), all)).toEqual({ value: 50, indices: [1] });
    expect(readPercent(tokenize('kitchen lights 40'), all)?.value).toBe(40);
    expect(readPercent(tokenize('kitchen 150'), all)).toBeUndefined();
    expect(readPercent(tokenize('turn on the light in the kitchen 50'), all)).toBeUndefined();
  });

  it('takes no clock time for a level: "at half 7", "from 7 to 11"', () => {
    expect(readPercent(tokenize('turn on the porch light at half 7'), all)).toBeUndefined();
    expect(readPercent(tokenize('turn on the porch light from 7 to 11'), all)).toBeUndefined();
    expect(readPercent(tokenize('dim the lights to half'), all)?.value).toBe(50);
  });
});
