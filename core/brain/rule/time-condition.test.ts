import { describe, expect, it } from 'vitest';
import { timeConditions, withUnmet } from './time-condition.js';

/** 16:40 in Berlin (15:40 UTC). */
const time = { now: new Date('2026-11-21T15:40:00Z'), timeZone: 'Europe/Berlin' };

describe('timeConditions', () => {
  it('keeps a sentence whose condition holds, without the condition', () => {
    expect(timeConditions("If it's after 9am, turn on the kitchen light.", time)).toEqual({ text: 'Turn on the kitchen light.', unmet: [] });
    expect(timeConditions('turn on the garden lights, but only if it is before 22:00', time)).toEqual({ text: 'turn on the garden lights', unmet: [] });
    expect(timeConditions("if it's past noon turn on the porch light", time).text).toBe('turn on the porch light');
  });

  it('takes out a sentence whose condition does not hold, and says why, in the home\'s time', () => {
    expect(timeConditions("if it's after 10pm, turn off the porch light. Also remind me to call mom", time)).toEqual({
      text: 'Also remind me to call mom',
      unmet: [{ text: 'turn off the porch light', kind: 'terminate', reason: 'it is not after 10pm yet (it is 16:40)' }],
    });
    expect(timeConditions("turn on the lights if it's before 8am", time).unmet).toEqual([{ text: 'turn on the lights', kind: 'terminate', reason: 'it is not before 8am any more (it is 16:40)' }]);
  });

  it('asks about a time that may be in the morning or the evening', () => {
    expect(timeConditions('if it is after 9, email me', time)).toEqual({
      text: '',
      unmet: [{ text: 'email me', kind: 'none', reason: '"after 9" may be in the morning or in the evening: say which (e.g. "if it\'s after 9pm, email me")' }],
    });
  });

  it('leaves a condition said last of a message with words of its own to the message', () => {
    expect(timeConditions("tell bob I'll call if it's after 10pm", time)).toEqual({ text: "tell bob I'll call if it's after 10pm", unmet: [] });
    // Set apart, or of a message of no words, it is when to send it.
    expect(timeConditions("tell bob I'll call, but only if it's after 10pm", time).unmet).toHaveLength(1);
    expect(timeConditions("email me if it's after 10pm", time).unmet).toEqual([{ text: 'email me', kind: 'terminate', reason: 'it is not after 10pm yet (it is 16:40)' }]);
  });

  it('leaves every other "if" as it is', () => {
    for (const text of ['if it rains, turn on the porch light', 'turn on the kitchen light, and if that fails, email me', 'tell bob I will come if he wants', 'if it is late, turn off the lights']) {
      expect(timeConditions(text, time)).toEqual({ text, unmet: [] });
    }
  });
});

describe('withUnmet', () => {
  it('puts what is not done first and numbers the rest after it, with what they wait for', () => {
    const actions = [
      { id: 'a1', text: 'turn on the light', dependsOn: [], optional: false },
      { id: 'a2', text: 'email me', dependsOn: ['a1'], optional: false },
    ];
    expect(withUnmet(actions, [{ text: 'turn off the porch light', kind: 'terminate', reason: 'why' }])).toEqual([
      { id: 'a1', text: 'turn off the porch light', dependsOn: [], optional: false, decision: { kind: 'terminate', reason: 'why' } },
      { id: 'a2', text: 'turn on the light', dependsOn: [], optional: false },
      { id: 'a3', text: 'email me', dependsOn: ['a2'], optional: false },
    ]);
  });
});
