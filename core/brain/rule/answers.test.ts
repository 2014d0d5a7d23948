import { describe, expect, it } from 'vitest';
import { readAnswer } from './answers.js';

describe('readAnswer', () => {
  it.each([
    ['yes', 'yes', ''],
    ['Yes, please!', 'yes', ''],
    ['ok go ahead', 'yes', ''],
    ['no thanks', 'no', ''],
    ['never mind', 'skip', ''],
    ['no, try again', 'retry', ''],
    ['no, stop', 'stop', ''],
    ['cancel everything', 'stop', ''],
    ['one more time', 'retry', ''],
    ['no, the kitchen', 'no', 'the kitchen'],
    ['yes at 6pm', 'yes', 'at 6pm'],
    ['the kitchen', undefined, 'the kitchen'],
  ])('"%s" → %s + "%s"', (answer, intent, rest) => {
    expect(readAnswer(answer)).toEqual({ intent, rest });
  });
});
