import { describe, expect, it } from 'vitest';
import { readCues, readOpening } from './cues.js';
import { tokenize } from './tokens.js';

const cues = (text: string) => {
  const tokens = tokenize(text);
  const c = readCues(tokens);
  return { ...c, left: tokens.filter((_, i) => !c.covered[i]).map((t) => t.norm).join(' ') };
};

describe('readCues', () => {
  it('finds optional cues at either end and anywhere when unmistakable', () => {
    expect(cues('turn on the light if you can')).toMatchObject({ optional: true, left: 'turn on the light' });
    expect(cues('maybe turn on the light')).toMatchObject({ optional: true, left: 'turn on the light' });
    expect(cues('if you have time, water the plants')).toMatchObject({ optional: true, left: 'water the plants' });
    expect(cues('turn on the light, optionally')).toMatchObject({ optional: true });
  });

  it('leaves "maybe" inside a message alone', () => {
    expect(cues('email bob saying maybe we meet')).toMatchObject({ optional: false, left: 'email bob saying maybe we meet' });
  });

  it('finds "when that is over" and other ways to wait for the action before', () => {
    for (const text of ["send me an email when that's over", 'tell me once it is done', "notify me when you're done", 'after that, email me', 'then email me']) {
      expect(cues(text).afterPrevious, text).toBe(true);
    }
    expect(cues('email me').afterPrevious).toBe(false);
  });

  it('takes politeness and opening connectives out, and says how the clause is linked', () => {
    expect(cues('and then could you please turn on the light for me, thanks')).toMatchObject({ link: 'then', left: 'turn on the light' });
    expect(cues('also, turn on the light')).toMatchObject({ link: 'also' });
    expect(cues('meanwhile get me some wood')).toMatchObject({ link: 'meanwhile' });
  });
});

describe('readOpening', () => {
  it('separates connectives (not part of the action) from other opening cues (part of it)', () => {
    const tokens = tokenize(', and then please turn on the light');
    const o = readOpening(tokens, 0, tokens.length);
    expect(tokens[o.connectivesEnd]!.norm).toBe('please');
    expect(tokens[o.contentStart]!.norm).toBe('turn');
    expect(o.link).toBe('then');
  });
});
