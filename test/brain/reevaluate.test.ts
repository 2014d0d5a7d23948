import { describe, expect, it } from 'vitest';
import type { FeedbackInput } from '../../core/brain/brain.js';
import { createRuleBrain } from '../../core/brain/rule/rule-brain.js';
import type { FeedbackReason } from '../../core/agent/checkpoint.js';
import type { PlannedAction } from '../../core/types.js';
import { context } from './support.js';

const brain = createRuleBrain();
const ctx = context();

async function planned(text: string): Promise<PlannedAction[]> {
  const actions = await brain.extract(text, ctx);
  return actions.map((a) => ({ ...a, decision: a.decision! }));
}

async function answer(text: string, reason: FeedbackReason, reply: string, question = 'What should I do?') {
  const remaining = await planned(text);
  const input: FeedbackInput = { remaining, reason, question, answer: reply };
  return { remaining, verdict: await brain.reevaluate(input, ctx) };
}

describe('rule brain: answers to questions', () => {
  it.each([
    ['yes', 'confirmation', 'proceed'],
    ['Yes please!', 'confirmation', 'proceed'],
    ['ok go ahead', 'uncertain', 'proceed'],
    ['sure', 'failed', 'retry'],
    ['try again', 'failed', 'retry'],
    ['no', 'confirmation', 'skip'],
    ['nope', 'failed', 'skip'],
    ['skip it', 'invalid-args', 'skip'],
    ['never mind', 'no-target', 'skip'],
    ['stop', 'confirmation', 'terminate'],
    ['cancel everything', 'failed', 'terminate'],
    ['abort', 'invalid-args', 'terminate'],
  ] as const)('"%s" to a %s question: %s', async (reply, reason, verdict) => {
    const { verdict: v } = await answer('give bob 2 torches', reason, reply);
    expect(v.verdict).toBe(verdict);
  });

  it('asks again when "yes" does not give what is missing', async () => {
    const { verdict } = await answer('turn on the light', 'invalid-args', 'yes', 'Which area?');
    expect(verdict).toMatchObject({ verdict: 'unclear' });
  });

  it('takes an area from a one-word answer', async () => {
    const { verdict } = await answer('turn on the light', 'invalid-args', 'kitchen', 'Which area?');
    expect(verdict).toMatchObject({
      verdict: 'revise',
      actions: [{ id: 'a1', decision: { kind: 'call', target: 'lights.toggle_lights_in_location', args: { location: 'kitchen', desired_state: true } } }],
    });
  });

  it('replaces an area the home does not have', async () => {
    const { remaining, verdict } = await answer('turn on the attic light', 'no-target', 'the garage one', 'Which area?');
    expect(remaining[0]!.decision.kind).toBe('none');
    expect(verdict).toMatchObject({ verdict: 'revise', actions: [{ decision: { target: 'lights.toggle_lights_in_location', args: { location: 'garage', desired_state: true } } }] });
  });

  it('takes a time for a reminder', async () => {
    const { verdict } = await answer('remind me to stretch', 'invalid-args', 'at 6pm', 'When?');
    expect(verdict).toMatchObject({ verdict: 'revise', actions: [{ decision: { target: 'calendar.create_reminder', args: { text: 'stretch', at: '2026-11-21T18:00:00Z' } } }] });
  });

  it('takes an address for an email', async () => {
    const { verdict } = await answer('send an email to sam saying hi', 'failed', 'sam@example.com', 'Shall I try again?');
    expect(verdict).toMatchObject({ verdict: 'revise', actions: [{ decision: { target: 'email.send_message', args: { to: 'sam@example.com', text: 'hi' } } }] });
  });

  it('takes an address said in words, keeping the text; a text the answer opens replaces it', async () => {
    const { verdict } = await answer('email carol saying the party is at 8', 'confirmation', 'her email is carol@example.com', 'Shall I?');
    expect(verdict).toMatchObject({ verdict: 'revise', actions: [{ decision: { target: 'email.send_message', args: { to: 'carol@example.com', text: 'the party is at 8' } } }] });
    const other = await answer('email carol saying the party is at 8', 'confirmation', 'email carol saying the party is at 9', 'Shall I?');
    expect(other.verdict).toMatchObject({ verdict: 'revise', actions: [{ decision: { args: { to: 'carol', text: 'the party is at 9' } } }] });
  });

  it('takes a bare number for the one number a method takes', async () => {
    const { verdict } = await answer('set the kitchen light to 150%', 'invalid-args', '80', 'percent can be at most 100. What should I use?');
    expect(verdict).toMatchObject({ verdict: 'revise', actions: [{ decision: { target: 'lights.set_brightness', args: { location: 'kitchen', percent: 80 } } }] });
  });

  it('takes the missing text of a message', async () => {
    const { verdict } = await answer('remind me at 5pm', 'invalid-args', 'call the plumber', 'What about?');
    expect(verdict).toMatchObject({ verdict: 'revise', actions: [{ decision: { target: 'calendar.create_reminder', args: { text: 'call the plumber' } } }] });
  });

  it('keeps later actions, and their dependencies, when it revises the current one', async () => {
    const { verdict } = await answer('turn on the light, then email me', 'invalid-args', 'porch', 'Which area?');
    expect(verdict.verdict).toBe('revise');
    if (verdict.verdict !== 'revise') return;
    expect(verdict.actions.map((a) => a.id)).toEqual(['a1', 'a2']);
    expect(verdict.actions[1]!.dependsOn).toEqual(['a1']);
  });

  it('replaces the current action with a new instruction, with ids derived from it', async () => {
    const { verdict } = await answer('book me a flight to Paris, then email me', 'no-target', 'remind me to book it myself tomorrow at 9am and turn on the office light');
    expect(verdict.verdict).toBe('revise');
    if (verdict.verdict !== 'revise') return;
    expect(verdict.actions.map((a) => a.id)).toEqual(['a1.1', 'a1.2', 'a2']);
    expect(verdict.actions.map((a) => (a.decision.kind === 'call' ? a.decision.target : null))).toEqual([
      'calendar.create_reminder',
      'lights.toggle_lights_in_location',
      'email.send_message',
    ]);
    // What waited for the replaced action waits for its replacements.
    expect(verdict.actions[2]!.dependsOn.sort()).toEqual(['a1.1', 'a1.2']);
  });

  it('keeps every action that replaces one that runs only if another fails running only then, and after it', async () => {
    const remaining = (await planned('turn on the porch light, and if that fails, blah blah')).slice(1);
    expect(remaining[0]).toMatchObject({ id: 'a2', dependsOn: ['a1'], onlyIf: 'failed' });
    const verdict = await brain.reevaluate({ remaining, reason: 'no-target', question: 'What should I do?', answer: 'turn on the hallway light and email me' }, ctx);
    expect(verdict.verdict).toBe('revise');
    if (verdict.verdict !== 'revise') return;
    // The mail still waits for the light it tells of, and both only for the first light's failure.
    expect(verdict.actions.map((a) => [a.id, a.onlyIf, [...a.dependsOn].sort()])).toEqual([
      ['a2.1', 'failed', ['a1']],
      ['a2.2', 'failed', ['a1', 'a2.1']],
    ]);
  });

  it('reads "no, do X instead" as a new instruction', async () => {
    const { verdict } = await answer('give bob 2 torches', 'confirmation', 'no, give alice 3 apples instead');
    expect(verdict).toMatchObject({ verdict: 'revise', actions: [{ id: 'a1', decision: { target: 'minecraft.give_item', args: { player: 'alice', item: 'apple', count: 3 } } }] });
  });

  it('asks again, with the question, when nothing in the answer can be understood', async () => {
    const { verdict } = await answer('turn on the light', 'invalid-args', 'blorp zing', 'Which area?');
    expect(verdict.verdict).toBe('unclear');
    if (verdict.verdict === 'unclear') expect(verdict.question).toMatch(/blorp zing.*Which area\?/);
  });

  it('says why an instruction given instead cannot be done, and asks again (it was read as whom to follow, and tried again)', async () => {
    const { verdict } = await answer('follow alex', 'failed', 'turn on the attic light', 'Shall I try again, skip it, or stop?');
    expect(verdict.verdict).toBe('unclear');
    if (verdict.verdict === 'unclear') expect(verdict.question).toMatch(/^I cannot do "turn on the attic light" instead: no area of the home is called 'attic'.*Shall I try again/);
    // One of the same method still changes what it is done with.
    const other = await answer('follow alex', 'failed', 'follow bob instead', 'Shall I try again, skip it, or stop?');
    expect(other.verdict).toMatchObject({ verdict: 'revise', actions: [{ decision: { target: 'minecraft.follow_player', args: { player: 'bob' } } }] });
  });
});
