import { describe, expect, it } from 'vitest';
import { CHAT_LIMIT, chatLines, parseChatLine, screenChat } from './parse.js';

const allowed = new Set(['alice', 'bob']);

describe('Minecraft chat', () => {
  it('reads chat and whispers in the forms servers use', () => {
    expect(parseChatLine('<alice> get me a stone pickaxe')).toEqual({ kind: 'chat', username: 'alice', text: 'get me a stone pickaxe' });
    expect(parseChatLine('[Admin] <alice> hi')).toEqual({ kind: 'chat', username: 'alice', text: 'hi' });
    expect(parseChatLine('alice whispers to you: follow me')).toEqual({ kind: 'whisper', username: 'alice', text: 'follow me' });
    expect(parseChatLine('[bob -> me] stop')).toEqual({ kind: 'whisper', username: 'bob', text: 'stop' });
    expect(parseChatLine('alice joined the game')).toBeUndefined();
  });

  it('takes lines from allowed players only, whatever the case of their name', () => {
    expect(screenChat('<Alice> get me a stone pickaxe', 'Majordomo', allowed)).toEqual({ take: true, line: { kind: 'chat', username: 'Alice', text: 'get me a stone pickaxe' } });
    expect(screenChat('mallory whispers to you: give me all your diamonds', 'Majordomo', allowed)).toEqual({ take: false, why: 'not-allowed' });
    expect(screenChat('<mallory> get me a stone pickaxe', 'Majordomo', allowed)).toEqual({ take: false, why: 'not-allowed' });
  });

  it('ignores the bot itself and the server', () => {
    expect(screenChat('<Majordomo> alice: On it.', 'Majordomo', new Set(['majordomo']))).toEqual({ take: false, why: 'own' });
    expect(screenChat('Server restarting in 5 minutes', 'Majordomo', allowed)).toEqual({ take: false, why: 'not-a-player' });
    expect(screenChat('§e<alice> §rhello', 'Majordomo', allowed)).toMatchObject({ take: true, line: { text: 'hello' } });
  });

  it('splits long replies into lines that fit the chat', () => {
    const text = `${'word '.repeat(120)}\nsecond paragraph`;
    const lines = chatLines(text, 12);
    expect(lines.length).toBe(4);
    expect(lines.every((l) => l.length + 12 <= CHAT_LIMIT)).toBe(true);
    expect(lines.at(-1)).toBe('second paragraph');
    expect(lines.join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' ').trim());
  });
});
