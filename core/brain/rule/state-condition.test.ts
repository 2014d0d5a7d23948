import { describe, expect, it } from 'vitest';
import { stateConditionsFirst } from './state-condition.js';

describe('stateConditionsFirst', () => {
  it('puts the state of a light said last of a sentence first, as the condition of what comes before', () => {
    expect(stateConditionsFirst('Turn off the porch light if the garage light is on.')).toBe('If the garage light is on, turn off the porch light.');
    expect(stateConditionsFirst('turn on the porch light, but only if the living room lights are still off')).toBe('if the living room lights are still off, turn on the porch light');
    // The other sentences stay as they are.
    expect(stateConditionsFirst('Remind me to call mom. Turn off the porch light in case the garage light is on. Thanks')).toBe(
      'Remind me to call mom. If the garage light is on, turn off the porch light. Thanks',
    );
  });

  it('reads "unless" as "if" of the other state', () => {
    expect(stateConditionsFirst('turn on the porch light unless the garage light is on')).toBe('if the garage light is off, turn on the porch light');
    expect(stateConditionsFirst('turn off the hallway light unless my bedroom lamp is off')).toBe('if my bedroom lamp is on, turn off the hallway light');
  });

  it('leaves what asks whether, a message\'s words, and a condition said first as they are', () => {
    for (const text of [
      'check if the kitchen light is on',
      'let me know if the garage light is on',
      'email me if the garage light is still on',
      'tell bob dinner is ready if the porch light is on',
      'if the garage light is on, turn off the porch light',
      'the garage light is on',
      'turn off the porch light if it rains',
    ]) {
      expect(stateConditionsFirst(text)).toBe(text);
    }
    // Set apart, a bare message waits for it.
    expect(stateConditionsFirst('email me, but only if the garage light is on')).toBe('if the garage light is on, email me');
  });
});
