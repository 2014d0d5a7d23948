import { describe, expect, it } from 'vitest';
import { spelledAsMeant } from './spelling.js';

describe('words often mistyped', () => {
  it('are read as meant, keeping a capital, and nothing else changes', () => {
    expect(spelledAsMeant('remind me to call mom tomorow at 5')).toBe('remind me to call mom tomorrow at 5');
    expect(spelledAsMeant('Trun on the porch light tonite')).toBe('Turn on the porch light tonight');
    expect(spelledAsMeant('email bob saying the tomorrowland tickets are in')).toBe('email bob saying the tomorrowland tickets are in');
    expect(spelledAsMeant('turn on the light')).toBe('turn on the light');
  });

  it('say a chat channel\'s mark in words; an id, a number or a mark inside a word is left alone', () => {
    expect(spelledAsMeant('post in #general that dinner is ready')).toBe('post in the general channel that dinner is ready');
    expect(spelledAsMeant('#kids-room: movie at 8')).toBe('the kids-room channel: movie at 8');
    expect(spelledAsMeant('post it in <#123456789012345678>')).toBe('post it in <#123456789012345678>');
    expect(spelledAsMeant('add item #3 and C# books to the list')).toBe('add item #3 and C# books to the list');
  });
});
