import { ButtonStyle } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { answeredButtons, parseButton, questionButtons } from './buttons.js';

describe('question buttons', () => {
  it('offers Approve and Reject for a yes/no question, and name the question and the answer', () => {
    const [row] = questionButtons('r-1.g1:a1:q1', ['yes', 'no']);
    expect(row!.components.map((b) => [b.label, b.style])).toEqual([
      ['Approve', ButtonStyle.Success],
      ['Reject', ButtonStyle.Danger],
    ]);
    expect(row!.components.map((b) => parseButton(b.custom_id))).toEqual([
      { questionId: 'r-1.g1:a1:q1', index: 0 },
      { questionId: 'r-1.g1:a1:q1', index: 1 },
    ]);
  });

  it('puts at most five buttons in a row, and none when Discord could not take them', () => {
    const choices = Array.from({ length: 7 }, (_, i) => `choice ${i}`);
    expect(questionButtons('q', choices).map((r) => r.components.length)).toEqual([5, 2]);
    expect(questionButtons('q', [])).toEqual([]);
    expect(questionButtons('q', undefined)).toEqual([]);
    expect(questionButtons('x'.repeat(100), ['yes', 'no'])).toEqual([]);
    expect(questionButtons('q', Array.from({ length: 26 }, (_, i) => `c${i}`))).toEqual([]);
  });

  it('shows an answered question with every button disabled and the chosen one marked', () => {
    const [row] = answeredButtons('q', ['try again', 'skip', 'stop'], 1);
    expect(row!.components.map((b) => [b.label, b.style, b.disabled])).toEqual([
      ['Try again', ButtonStyle.Secondary, true],
      ['✓ Skip', ButtonStyle.Secondary, true],
      ['Stop', ButtonStyle.Secondary, true],
    ]);
  });

  it('ignores buttons that are not a question\'s', () => {
    expect(parseButton('something-else')).toBeUndefined();
    expect(parseButton('mj:q::1')).toBeUndefined();
  });
});
