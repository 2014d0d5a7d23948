import { describe, expect, it } from 'vitest';
import { escapeRegExp, saidBack } from './text.js';

describe('saidBack', () => {
  it('says the requester\'s words back to them, whole words only', () => {
    expect(saidBack('email me my reminders')).toBe('email you your reminders');
    expect(saidBack('Remind myself that the book is mine')).toBe('Remind yourself that the book is yours');
    expect(saidBack('My lights, for me')).toBe('Your lights, for you');
    expect(saidBack('turn on the home lights')).toBe('turn on the home lights');
  });
});

describe('escapeRegExp', () => {
  it('makes a pattern that matches the text as written, its special characters too', () => {
    const said = "bob's (work) e-mail: a.b+c@x.io [1]? $5 ^*|\\";
    expect(new RegExp(`^${escapeRegExp(said)}$`).test(said)).toBe(true);
    expect(new RegExp(escapeRegExp('a.b')).test('axb')).toBe(false);
  });
});
