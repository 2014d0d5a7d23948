import { describe, expect, it } from 'vitest';
import { escapeRegExp, saidBack } from './text.js';

describe('saidBack', () => {
  it('says the requester\'s words back to them, whole words only', () => {
    expect(saidBack('email me my reminders')).toBe('email you your reminders');
    expect(saidBack('Remind myself that the book is mine')).toBe('Remind yourself that the book is yours');
    expect(saidBack('My lights, for me')).toBe('Your lights, for you');
    expect(saidBack('turn on the home lights')).toBe('turn on the home lights');
    expect(saidBack("tell bob I'm running late and I love him")).toBe("tell bob you're running late and you love him");
    expect(saidBack('I was going to call when I am home, was I not')).toBe('You were going to call when you are home, were you not');
    expect(saidBack("check if I've paid, and whether I’ll need more")).toBe("check if you've paid, and whether you'll need more");
    // Not a word of its own: left as it is.
    expect(saidBack('find the iPhone in aisle I-5')).toBe('find the iPhone in aisle I-5');
  });
});

describe('escapeRegExp', () => {
  it('makes a pattern that matches the text as written, its special characters too', () => {
    const said = "bob's (work) e-mail: a.b+c@x.io [1]? $5 ^*|\\";
    expect(new RegExp(`^${escapeRegExp(said)}$`).test(said)).toBe(true);
    expect(new RegExp(escapeRegExp('a.b')).test('axb')).toBe(false);
  });
});
