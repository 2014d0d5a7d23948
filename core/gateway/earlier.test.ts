import { describe, expect, it } from 'vitest';
import type { Plan } from '../types.js';
import { EARLIER_MS, RecentRequests } from './earlier.js';

const alice = { channel: 'discord', conversationId: 'c1', userId: 'alice' };
const plan = (text: string, target: string, args: Record<string, unknown>): Plan => ({
  groups: [{ id: 'g1', actions: [{ id: 'a1', text, dependsOn: [], optional: false, decision: { kind: 'call', target, args, confidence: 1 } }] }],
});

describe('the request just before, per conversation', () => {
  it('is its calls, for half an hour, to the same person in the same conversation only', async () => {
    const recent = new RecentRequests();
    const at = new Date('2026-11-21T10:00:00Z');
    recent.remember(alice, plan('turn off the kitchen light.', 'lights.toggle_lights_in_location', { location: 'kitchen', desired_state: false }), at);
    expect(await recent.earlier(alice, new Date(at.getTime() + 60_000))).toEqual({
      text: 'turn off the kitchen light',
      actions: [{ target: 'lights.toggle_lights_in_location', args: { location: 'kitchen', desired_state: false } }],
    });
    expect(await recent.earlier({ ...alice, userId: 'bob' }, at)).toBeUndefined();
    expect(await recent.earlier({ ...alice, conversationId: 'c2' }, at)).toBeUndefined();
    expect(await recent.earlier(alice, new Date(at.getTime() + EARLIER_MS + 1))).toBeUndefined();
    // A request that planned no call is no "it": the one before stays.
    recent.remember(alice, { groups: [{ id: 'g1', actions: [{ id: 'a1', text: 'x', dependsOn: [], optional: false, decision: { kind: 'none', reason: 'nothing fits' } }] }] }, at);
    expect((await recent.earlier(alice, at))?.text).toBe('turn off the kitchen light');
    recent.remember(alice, plan('dim the bedroom light', 'lights.set_brightness', { location: 'bedroom', percent: 20 }), at);
    expect((await recent.earlier(alice, at))?.text).toBe('dim the bedroom light');
    // Several actions: what each says, in order, once.
    recent.remember(alice, { groups: [plan('turn off the porch light', 'lights.toggle_lights_in_location', { location: 'porch' }).groups[0]!, { ...plan('email bob', 'email.send_message', { to: 'bob' }).groups[0]!, id: 'g2' }] }, at);
    expect((await recent.earlier(alice, at))?.text).toBe('turn off the porch light and email bob');
  });

  it('is the newest stored with calls when this process knows none (after a restart), within the half hour', async () => {
    const recent = new RecentRequests();
    const at = new Date('2026-11-21T10:00:00Z');
    const asked: Date[] = [];
    const nothing = { groups: [{ id: 'g1', actions: [{ id: 'a1', text: 'x', dependsOn: [], optional: false, decision: { kind: 'none' as const, reason: 'nothing fits' } }] }] };
    const stored = async (since: Date) => {
      asked.push(since);
      return [nothing, plan('turn off the kitchen light', 'lights.toggle_lights_in_location', { location: 'kitchen', desired_state: false })];
    };
    expect(await recent.earlier(alice, at, stored)).toEqual({ text: 'turn off the kitchen light', actions: [{ target: 'lights.toggle_lights_in_location', args: { location: 'kitchen', desired_state: false } }] });
    expect(asked).toEqual([new Date(at.getTime() - EARLIER_MS)]);
    expect(await recent.earlier(alice, at, async () => [nothing])).toBeUndefined();
    // Known to this process: the store is not asked.
    recent.remember(alice, plan('dim the bedroom light', 'lights.set_brightness', { location: 'bedroom', percent: 20 }), at);
    expect((await recent.earlier(alice, at, stored))?.text).toBe('dim the bedroom light');
    expect(asked).toHaveLength(1);
  });
});
