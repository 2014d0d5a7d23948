import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitMessage } from './split.js';

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const fenceLines = (chunk: string) => chunk.split('\n').filter((l) => /^ {0,3}```/.test(l)).length;

function paragraph(n: number, seed: string): string {
  return Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');
}

describe('splitMessage', () => {
  it('keeps a text that fits as one message', () => {
    expect(splitMessage('  turn on the light  ')).toEqual(['turn on the light']);
    expect(splitMessage('x'.repeat(2000))).toEqual(['x'.repeat(2000)]);
  });

  it('cuts between paragraphs, in order, each at most 2,000 characters', () => {
    const paragraphs = Array.from({ length: 12 }, (_, i) => paragraph(60, `p${i}w`));
    const text = paragraphs.join('\n\n');
    const chunks = splitMessage(text);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(2000);
    // Every chunk is whole paragraphs.
    for (const c of chunks) for (const p of c.split('\n\n')) expect(paragraphs).toContain(p);
    expect(chunks.join('\n\n')).toBe(text);
  });

  it('cuts between lines when a paragraph is longer than a message', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i}: ${'word '.repeat(8).trim()}`);
    const chunks = splitMessage(lines.join('\n'));
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('\n')).toBe(lines.join('\n'));
    for (const c of chunks) for (const l of c.split('\n')) expect(lines).toContain(l);
  });

  it('cuts between words in one long line, and anywhere in one long word, never inside a surrogate pair', () => {
    const line = paragraph(900, 'w');
    const chunks = splitMessage(line);
    expect(chunks.join(' ')).toBe(line);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(2000);
    const word = 'ab'.repeat(2300);
    expect(splitMessage(word).join('')).toBe(word);
    const emoji = '😀'.repeat(1500);
    const pieces = splitMessage(emoji);
    expect(pieces.join('')).toBe(emoji);
    for (const p of pieces) expect(p).not.toMatch(/[\uD800-\uDBFF]$/);
  });

  it('moves a code block that would straddle a cut to the next message whole', () => {
    const before = paragraph(150, 'intro');
    const code = ['```ts', ...Array.from({ length: 80 }, (_, i) => `const v${i} = ${i};`), '```'].join('\n');
    const text = `${before}\n${code}\nafter the code`;
    const chunks = splitMessage(text);
    expect(chunks[0]).toBe(before);
    expect(before.length + code.length).toBeGreaterThan(2000);
    expect(chunks[1]).toContain(code);
    for (const c of chunks) expect(fenceLines(c) % 2).toBe(0);
  });

  it('closes and reopens, with its language, a code block longer than a message', () => {
    const body = Array.from({ length: 250 }, (_, i) => `  print("row ${i}")`);
    const text = ['Here is the script:', '```python', ...body, '```', 'Run it with python3.'].join('\n');
    const chunks = splitMessage(text);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) {
      expect(c.length).toBeLessThanOrEqual(2000);
      expect(fenceLines(c) % 2).toBe(0);
    }
    expect(chunks[1]!.startsWith('```python\n')).toBe(true);
    // Nothing lost, nothing reordered: the code lines come out in order.
    const rows = chunks.flatMap((c) => c.split('\n')).filter((l) => l.startsWith('  print'));
    expect(rows).toEqual(body);
    expect(chunks.at(-1)!.endsWith('Run it with python3.')).toBe(true);
  });

  it('for any text: messages fit, and the words come out in order', () => {
    const word = fc.string({ minLength: 1, maxLength: 30, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789.,!?é😀') });
    const sep = fc.constantFrom(' ', ' ', ' ', '\n', '\n\n', '  ');
    const text = fc.array(fc.tuple(word, sep), { minLength: 1, maxLength: 1500 }).map((parts) => parts.map(([w, s]) => w + s).join(''));
    fc.assert(
      fc.property(text, fc.integer({ min: 100, max: 2000 }), (t, max) => {
        const chunks = splitMessage(t, max);
        for (const c of chunks) {
          if (c.length > max) return false;
          if (c.trim() !== c || c.length === 0) return false;
        }
        return JSON.stringify(words(chunks.join(' '))) === JSON.stringify(words(t));
      }),
      { numRuns: 300 },
    );
  });

  it('for any text with code blocks: every message has whole code blocks', () => {
    const line = fc.string({ minLength: 0, maxLength: 120, unit: fc.constantFrom(...'abc xyz=;(){}') });
    const block = fc.array(line, { minLength: 1, maxLength: 60 }).map((ls) => ['```js', ...ls, '```'].join('\n'));
    const text = fc.array(fc.oneof(block, line), { minLength: 1, maxLength: 40 }).map((parts) => parts.join('\n'));
    fc.assert(
      fc.property(text, (t) => splitMessage(t, 500).every((c) => c.length <= 500 && fenceLines(c) % 2 === 0)),
      { numRuns: 300 },
    );
  });
});
