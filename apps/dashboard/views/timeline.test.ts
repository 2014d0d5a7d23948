import { describe, expect, it } from 'vitest';
import type { ActionRecord, GroupCheckpoint } from '../../../core/agent/checkpoint.js';
import type { PlannedAction } from '../../../core/types.js';
import type { ViewContext } from './context.js';
import { groupSection } from './timeline.js';

const at = '2026-11-22T10:00:00.000Z';
const ctx = { timeZone: 'UTC', now: () => new Date(at), csrf: undefined, activity: () => undefined } as unknown as ViewContext;

/** A finished group of request r1 with these actions, shown as the dashboard shows it. */
function shown(requestText: string, actions: ActionRecord[]): string {
  const group: GroupCheckpoint = {
    version: 1,
    requestId: 'r1',
    groupId: 'r1.g1',
    requester: { address: { channel: 'console', conversationId: 'c', userId: 'local' } },
    requestText,
    dispatch: 0,
    position: actions.length,
    status: 'done',
    createdAt: at,
    updatedAt: at,
    actions,
  };
  return String(groupSection(ctx, group, '/'));
}

describe('the timeline of a group', () => {
  it('shows which lessons an action recalled and what they changed', () => {
    const page = shown('water the roses', [
      {
        action: { id: 'a1', text: 'water the roses', dependsOn: [], optional: false, decision: { kind: 'call', target: 'garden.water_with_hose', args: { zone: 'roses' }, confidence: 0.9 } },
        status: 'done',
        decisions: [],
        attempts: [],
        feedback: [],
        lessons: [{ id: 'm1', action: 'water the <roses>', target: 'garden.water_with_sprinkler', outcome: 'failed', why: 'PUMP', relevance: 0.95, at }],
        learned: 'garden.water_with_sprinkler failed before, so I used garden.water_with_hose',
      },
    ]);
    expect(page).toContain('Learned before: garden.water_with_sprinkler failed before, so I used garden.water_with_hose');
    expect(page).toContain('Lessons recalled: garden.water_with_sprinkler failed for &quot;water the &lt;roses&gt;&quot; (0.95)');
  });

  it('says which actions run only if another failed, and why one was not needed', () => {
    const call = { kind: 'call' as const, target: 'lights.toggle_lights_in_location', args: { location: 'porch' }, confidence: 0.9 };
    const record = (action: PlannedAction, extra: Partial<ActionRecord>): ActionRecord => ({ action, status: 'pending', decisions: [], attempts: [], feedback: [], ...extra });
    const page = shown('turn on the porch light, and if that fails, email me', [
      record({ id: 'a1', text: 'step a1', dependsOn: [], optional: false, decision: call }, { status: 'done' }),
      record({ id: 'a2', text: 'email me', dependsOn: ['a1'], optional: false, onlyIf: 'failed', decision: call }, { status: 'skipped', unneeded: true, note: 'not needed: "step a1" did not fail' }),
    ]);
    expect(page).toContain('only if a1 failed');
    expect(page).not.toContain('after a1');
    expect(page).toContain('not needed: &quot;step a1&quot; did not fail');
  });
});
