import { describe, expect, it } from 'vitest';
import { sourceText, tokenize, words } from './tokens.js';

describe('tokenize', () => {
  it('splits words, numbers, addresses and punctuation, keeping offsets', () => {
    const text = 'Email sam@example.com: 60% at 7:30 p.m.!';
    const tokens = tokenize(text);
    expect(tokens.map((t) => t.norm)).toEqual(['email', 'sam@example.com', ':', '60', '%', 'at', '7:30', 'pm', '!']);
    expect(tokens.map((t) => t.kind)).toEqual(['word', 'email', 'punct', 'number', 'punct', 'word', 'word', 'word', 'punct']);
    for (const t of tokens) expect(text.slice(t.start, t.end).toLowerCase().replace(/[.\s]/g, '')).toContain(t.norm.replace(/[.\s]/g, '').slice(0, 2));
  });

  it('expands the contractions that matter for matching, sharing their offsets', () => {
    expect(words("when that's over, don't let me forget; you've done it")).toEqual([
      'when', 'that', 'is', 'over', ',', 'do', 'not', 'let', 'me', 'forget', ';', 'you', 'have', 'done', 'it',
    ]);
    const [, that, is] = tokenize("when that's over");
    expect([that!.start, that!.end]).toEqual([is!.start, is!.end]);
  });

  it('keeps possessives and hyphenated words whole', () => {
    expect(words("mom's e-mail twenty-five")).toEqual(["mom's", 'e-mail', 'twenty-five']);
  });

  it('drops emoji and control characters, and stops at the token limit', () => {
    expect(words('\u0007turn 💡 on\u0000')).toEqual(['turn', 'on']);
    expect(tokenize('a '.repeat(100), 10)).toHaveLength(10);
  });
});

describe('sourceText', () => {
  it('cuts runs of tokens out of the text with their casing, and joins separate runs', () => {
    const text = 'remind me to Call Mom at 5 about the Bills';
    const tokens = tokenize(text);
    expect(sourceText(text, tokens, [3, 4, 7, 8, 9])).toBe('Call Mom about the Bills');
  });
});
