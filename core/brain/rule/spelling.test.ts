import { describe, expect, it } from 'vitest';
import { spelledAsMeant } from './spelling.js';

describe('words often mistyped', () => {
  it('are read as meant, keeping a capital, and nothing else changes', () => {
    expect(spelledAsMeant('remind me to call mom tomorow at 5')).toBe('remind me to call mom tomorrow at 5');
    expect(spelledAsMeant('Trun on the porch light tonite')).toBe('Turn on the porch light tonight');
    expect(spelledAsMeant('email bob saying the tomorrowland tickets are in')).toBe('email bob saying the tomorrowland tickets are in');
    expect(spelledAsMeant('turn on the light')).toBe('turn on the light');
  });
});
