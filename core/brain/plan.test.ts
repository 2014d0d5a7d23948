import { describe, expect, it } from 'vitest';
import type { Plan, PlannedAction } from '../types.js';
import { inTurn } from './plan.js';

const action = (id: string, target: string, dependsOn: string[] = [], optional = false): PlannedAction => ({
  id,
  text: target,
  dependsOn,
  optional,
  decision: { kind: 'call', target, args: {}, confidence: 1 },
});

describe('inTurn', () => {
  it('is one group doing the first plan, then the next, with ids and what each waits for renumbered', () => {
    const first: Plan = { groups: [{ id: 'g1', actions: [action('a1', 'lights.restore_lights')] }] };
    const next: Plan = {
      groups: [
        { id: 'g1', actions: [action('a1', 'lights.toggle_lights_in_location'), action('a2', 'email.send_message', ['a1'])] },
        { id: 'g2', actions: [action('a3', 'calendar.create_reminder')] },
      ],
    };
    const plan = inTurn(first, next);
    expect(plan.groups).toHaveLength(1);
    expect(plan.groups[0]!.actions.map((a) => [a.id, a.text, a.dependsOn, a.optional])).toEqual([
      // What is put back first may be passed by: the rest goes on.
      ['a1', 'lights.restore_lights', [], true],
      ['a2', 'lights.toggle_lights_in_location', [], false],
      ['a3', 'email.send_message', ['a2'], false],
      ['a4', 'calendar.create_reminder', [], false],
    ]);
    expect(plan.usage).toBeUndefined();
  });
});
