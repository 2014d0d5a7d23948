import { describe, expect, it } from 'vitest';
import type { Brain } from '../../core/brain/brain.js';
import { createRuleBrain } from '../../core/brain/rule/rule-brain.js';
import { startTestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';

describe('the supervisor', () => {
  const cleanup = cleanupAfterEach();

  it('re-dispatches a group that broke, with instructions, and the agent resumes without repeating work', async () => {
    const rule = createRuleBrain();
    let evaluations = 0;
    const instructions: Array<string | undefined> = [];
    // A brain that breaks once, after the first action's effect, as a bug or a lost connection would.
    const flaky: Brain = {
      ...rule,
      name: 'flaky',
      async evaluate(action, result, ctx) {
        evaluations++;
        instructions.push(ctx.instructions);
        if (evaluations === 1) throw new Error('the model server went away');
        return rule.evaluate(action, result, ctx);
      },
    };
    const a = await startTestAssistant({}, undefined, { brain: flaky });
    cleanup(() => a.dispose());
    const outcome = await a.type('toggle the office light, then toggle the bedroom light');
    if (outcome.kind !== 'request') throw new Error('not a request');
    expect(await a.finished(outcome.requestId)).toBe('done');

    const view = (await a.engine.api.request(outcome.requestId))!;
    const group = view.groups[0]!;
    expect(group.dispatch).toBe(1);
    expect(group.instructions).toMatch(/broke at "toggle the office light" with MJ_ERR_UNEXPECTED: the model server went away/);
    expect(instructions.at(-1)).toBe(group.instructions);
    // The first toggle's attempt was resumed with its key: the light changed once.
    const office = await a.store.pluginState('lights').get<{ changes: number; on: boolean }>('light:office');
    expect(office).toMatchObject({ changes: 1, on: true });
    expect(group.actions[0]!.attempts).toHaveLength(1);
  });

  it('accepts a group that keeps breaking after the allowed re-dispatches, and says so', async () => {
    const rule = createRuleBrain();
    const broken: Brain = {
      ...rule,
      name: 'broken',
      async evaluate() {
        throw new Error('always broken');
      },
    };
    const a = await startTestAssistant({ MAJORDOMO_MAX_REDISPATCH: '2' }, undefined, { brain: broken });
    cleanup(() => a.dispose());
    const outcome = await a.type('toggle the porch light');
    if (outcome.kind !== 'request') throw new Error('not a request');
    expect(await a.finished(outcome.requestId)).toBe('failed');
    const view = (await a.engine.api.request(outcome.requestId))!;
    expect(view.groups[0]!.dispatch).toBe(2);
    expect(view.reports.at(-1)?.error?.message).toBe('always broken');
    const porch = await a.store.pluginState('lights').get<{ changes: number }>('light:porch');
    expect(porch?.changes).toBe(1);
  });
});

describe('the supervisor, with groups ending together', () => {
  const cleanup = cleanupAfterEach();

  it('finishes a request once when its groups end at the same moment, and ignores an outcome that comes again', async () => {
    // Every light takes as long, so the four groups end together and their outcomes are handled side by side.
    const a = await startTestAssistant({ LIGHTS_LATENCY_MS: '40', MAJORDOMO_CONCURRENCY: '4' });
    cleanup(() => a.dispose());
    const finished: string[] = [];
    a.engine.events.on('request.finished', (e) => finished.push(e.requestId));
    const outcome = await a.type('set the kitchen light to 20% and set the garage light to 21% and set the office light to 22% and set the porch light to 23%');
    if (outcome.kind !== 'request') throw new Error('not a request');
    expect(await a.finished(outcome.requestId)).toBe('done');
    const view = (await a.engine.api.request(outcome.requestId))!;
    expect(view.groups).toHaveLength(4);
    expect(view.reports).toHaveLength(4);

    // A group's outcome delivered twice (its worker died after delivering it) changes nothing.
    await a.engine.supervisor.onOutcome({ kind: 'finished', checkpoint: view.groups[0]! });
    await a.engine.supervisor.onOutcome({ kind: 'crashed', checkpoint: view.groups[1]!, error: { code: 'MJ_ERR_TEST', message: 'late' } });
    const after = (await a.engine.api.request(outcome.requestId))!;
    expect(after.reports).toEqual(view.reports);
    expect(after.groups).toEqual(view.groups);
    expect(after.request.status).toBe('done');
    expect(finished).toEqual([outcome.requestId]);
  });
});
