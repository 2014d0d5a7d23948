import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Brain } from '../../../core/brain/brain.js';
import { createLlmBrain } from '../../../core/brain/llm/llm-brain.js';
import { createRuleFirstBrain } from '../../../core/brain/llm/rule-first.js';
import { planRequest, publicPlan } from '../../../core/brain/plan.js';
import { createRuleBrain } from '../../../core/brain/rule/rule-brain.js';
import { silentLogger } from '../../../core/util/logger.js';
import { reply, startFakeOpenAI, type FakeOpenAI } from '../../fakes/openai/server.js';
import { SHARED_CASES } from '../cases/shared.js';
import { context, planMismatch } from '../support.js';
import { planReply, scriptedModel } from './scripted-model.js';
import { SHARED_SCRIPT } from './shared-script.js';
import { clientFor, llmBrainFor, TEST_KEY } from './support.js';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: TEST_KEY, responder: scriptedModel(SHARED_SCRIPT) });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.completions().length = 0;
});

function ruleFirst(minConfidence = 0.8): Brain {
  const model = createLlmBrain({ client: clientFor(fake, { timeoutMs: 300, retries: 0 }), logger: silentLogger, unreachable: 'throw' });
  return createRuleFirstBrain({ rule: createRuleBrain(), model, minConfidence, logger: silentLogger });
}

const ctx = context();

describe('the shared example requests', () => {
  it('are each planned right by the LLM brain, in one model call', async () => {
    const brain = llmBrainFor(fake);
    for (const c of SHARED_CASES) {
      const before = fake.completions().length;
      const plan = await planRequest(brain, c.text, ctx);
      expect(planMismatch(c.groups, publicPlan(plan)), c.text).toBeUndefined();
      expect(fake.completions().length - before, c.text).toBe(1);
      expect(plan.usage?.calls, c.text).toBe(1);
    }
  });

  it('cost no model call in rule-first mode when the rule brain is sure, and one when it is not', async () => {
    const brain = ruleFirst();
    const asked: string[] = [];
    for (const c of SHARED_CASES) {
      const before = fake.completions().length;
      const plan = await planRequest(brain, c.text, ctx);
      expect(planMismatch(c.groups, publicPlan(plan)), c.text).toBeUndefined();
      const calls = fake.completions().length - before;
      expect(calls).toBeLessThanOrEqual(1);
      if (calls === 1) asked.push(c.text);
      else expect(plan.usage, c.text).toBeUndefined();
    }
    // Only the request nothing fits goes to the model; the rule brain is sure of the 23 others.
    expect(asked).toEqual(['book me a flight to Paris']);
  });
});

describe('rule-first', () => {
  it('asks the model when the rule brain is not sure enough, and uses its plan', async () => {
    // With a bar no rule decision reaches, every request goes to the model.
    const plan = await planRequest(ruleFirst(1.01), 'turn on the lights in the kitchen', ctx);
    expect(fake.completions()).toHaveLength(1);
    expect(plan.usage?.calls).toBe(1);
    expect(publicPlan(plan).groups[0]!.actions[0]).toMatchObject({ target: 'lights.toggle_lights_in_location', args: { location: 'kitchen', desired_state: true } });
  });

  it('uses the rule brain\'s plan when the model cannot be reached', async () => {
    fake.enqueue(reply.hang());
    const plan = await planRequest(ruleFirst(1.01), 'turn on the lights in the kitchen', ctx);
    expect(fake.completions()).toHaveLength(1);
    expect(plan.usage).toMatchObject({ calls: 0, failed: 1 });
    expect(publicPlan(plan).groups[0]!.actions[0]).toMatchObject({ target: 'lights.toggle_lights_in_location', args: { location: 'kitchen' } });
  });

  it('reads bare answers itself, and asks the model about the others', async () => {
    const brain = ruleFirst();
    const [light] = (await brain.extract('turn on the lights in the kitchen', ctx)).map((a) => ({ ...a, decision: a.decision! }));
    const ask = (answer: string) => brain.reevaluate({ remaining: [light!], reason: 'confirmation', question: 'Shall I?', answer }, ctx);
    expect((await ask('yes please')).verdict).toBe('proceed');
    expect((await ask('no')).verdict).toBe('skip');
    expect(fake.completions()).toHaveLength(0);
    fake.enqueue(reply.json({ verdict: 'unclear', reason: '', question: 'Do you want the kitchen light on?', actions: [] }));
    expect(await ask('hmm, what was that about?')).toEqual({ verdict: 'unclear', question: 'Do you want the kitchen light on?' });
    expect(fake.completions()).toHaveLength(1);
  });

  it('plans a new instruction in an answer with the model when the rule brain is not sure of it', async () => {
    const brain = ruleFirst();
    const [light] = (await brain.extract('turn on the lights in the kitchen', ctx)).map((a) => ({ ...a, decision: a.decision! }));
    fake.enqueue(
      reply.json({
        verdict: 'revise',
        reason: 'a flight instead',
        question: '',
        actions: [{ id: 'a1', text: 'book a flight', dependsOn: [], optional: false, confidence: 0.9, call: { target: null, reason: 'no method books flights' } }],
      }),
    );
    const v = await brain.reevaluate({ remaining: [light!], reason: 'confirmation', question: 'Shall I?', answer: 'no, book me a flight to Paris instead' }, ctx);
    expect(fake.completions()).toHaveLength(1);
    expect(v).toMatchObject({ verdict: 'revise', actions: [{ id: 'a1', decision: { kind: 'none', reason: 'no method books flights' } }] });
  });

  it('is what the model planned when it was asked, even if the rule brain read it otherwise', async () => {
    fake.enqueue(planReply([{ id: 'a1', text: 'make it cozy in the living room', call: { target: 'lights.set_brightness', args: { location: 'living room', percent: 30 } } }]));
    const plan = await planRequest(ruleFirst(), 'make it cozy in the living room', ctx);
    expect(publicPlan(plan).groups[0]!.actions[0]).toMatchObject({ target: 'lights.set_brightness', args: { location: 'living room', percent: 30 } });
    expect(plan.usage?.calls).toBe(1);
  });
});
