import { describe, expect, it } from 'vitest';
import { PhraseMatcher, expandPattern, nonOverlapping } from './pattern.js';
import { tokenize } from './tokens.js';

describe('expandPattern', () => {
  it('expands optional words and alternatives', () => {
    expect(expandPattern('turn (on|off) [the] light').map((w) => w.join(' '))).toEqual([
      'turn on the light',
      'turn on light',
      'turn off the light',
      'turn off light',
    ]);
    expect(expandPattern('(send|write) [me] [an|a] email')).toHaveLength(12);
    expect(expandPattern('(saying|that says|to say)').map((w) => w.join(' '))).toEqual(['saying', 'that says', 'to say']);
  });

  it('tokenizes words as requests are tokenized', () => {
    expect(expandPattern("what's on")).toEqual([['what', 'is', 'on']]);
  });
});

describe('PhraseMatcher', () => {
  const m = new PhraseMatcher<string>().add('turn (on|off)', 'switch', { inflect: true }).add('remind me', 'remind', { inflect: true });
  const hits = (text: string) => m.all(tokenize(text)).map((h) => `${h.payload}:${h.indices.join(',')}${h.inflected ? ':inflected' : ''}`);

  it('finds phrases anywhere', () => {
    expect(hits('please turn on the light and remind me')).toEqual(['switch:1,2', 'remind:6,7']);
  });

  it('lets a phrasal verb take its object in between', () => {
    expect(hits('turn the kitchen light off')).toEqual(['switch:0,4']);
    expect(hits('turn the light and then off')).toEqual([]);
  });

  it('matches other forms of the first word, marked as such', () => {
    expect(hits("once you've turned off the light")).toEqual(['switch:3,4:inflected']);
  });

  it('respects tokens already taken', () => {
    const tokens = tokenize('turn on');
    expect(m.all(tokens, (i) => i !== 1)).toEqual([]);
  });

  it('takes any one word, not a mark, for a "*"', () => {
    const lists = new PhraseMatcher<string>().add('to [the] * [*] list', 'list');
    const found = (text: string) => lists.all(tokenize(text)).map((h) => h.indices.join(','));
    expect(found('add milk to the hardware list')).toEqual(['2,3,4,5']);
    expect(found('add nails to the hardware store list')).toEqual(['2,3,4,5,6']);
    expect(found('add milk to the , list')).toEqual([]);
    expect(found('add milk to list')).toEqual([]);
  });

  it('starts a phrase that opens with "*" at any word but the requester and a mark', () => {
    const told = new PhraseMatcher<string>().add('* [email] address is', 'told').add('send', 'send');
    const found = (text: string) => nonOverlapping(told.all(tokenize(text))).map((h) => `${h.payload}:${h.indices.join(',')}:${h.wild?.join(',') ?? ''}`);
    expect(found("bob's email address is bob@example.com")).toEqual(['told:0,1,2,3:0']);
    expect(found('send my address is')).toEqual(['send:0:', 'told:1,2,3:1']);
    expect(found('me address is')).toEqual([]);
    expect(found(', address is')).toEqual([]);
  });

  it('keeps the longest of overlapping hits', () => {
    const long = new PhraseMatcher<string>().add('set [a] reminder', 'long').add('set', 'short');
    expect(nonOverlapping(long.all(tokenize('set a reminder'))).map((h) => h.payload)).toEqual(['long']);
  });
});
