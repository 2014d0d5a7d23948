import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ActionRecord, GroupReport } from '../agent/checkpoint.js';
import type { Catalog } from '../plugin/catalog.js';
import { defineMethod } from '../plugin/method.js';
import { isoInstant } from '../plugin/params.js';
import type { ChannelPlugin, ServicePlugin } from '../plugin/plugin.js';
import { PluginRegistry } from '../plugin/registry.js';
import { sendMessageMethod } from '../plugin/send-message.js';
import type { ActionResult, Decision, ExtractedAction, PlannedAction } from '../types.js';
import type { Brain, BrainContext } from './brain.js';
import { planRequest } from './plan.js';

/**
 * The behaviour every Brain must show, whatever it runs on: the rule brain, or a model behind
 * an OpenAI-compatible endpoint. Expectations are about what a requester would see (which
 * method, which arguments, what waits for what), never about how a brain gets there.
 */

export interface BrainConformanceOptions {
  /** The catalog to plan against; defaults to {@link conformanceCatalog}. */
  catalog?: () => Catalog;
  now?: Date;
  timeZone?: string;
  /** Longest a single brain call may take, in ms (a model server is slower than rules). */
  timeoutMs?: number;
}

const ok = async (): Promise<ActionResult> => ({ ok: true, summary: 'done' });

/**
 * A small home: lights in four areas, reminders, and email. Built from the core's plugin
 * contracts only, so that the suite runs where no real plugin is installed.
 */
export function conformanceCatalog(): Catalog {
  const area = z.string().min(1).describe('An area of the home').meta({ entity: 'area' });
  const lights: ServicePlugin = {
    kind: 'service',
    name: 'lights',
    description: 'Lights of the home',
    configured: true,
    entities: [
      {
        kind: 'area',
        description: 'An area of the home',
        values: ['kitchen', 'garage', 'hallway', 'porch'].map((v) => ({ value: v, names: [v] })),
        cues: ['light', 'lights'],
      },
    ],
    methods: {
      toggle_lights_in_location: defineMethod({
        description: 'Turn the lights of an area on or off, or toggle them',
        params: z.object({ location: area, desired_state: z.boolean().optional().describe('true for on').meta({ entity: 'on-off' }) }),
        hints: { phrases: ['turn (on|off)', 'switch (on|off)', '(light|lights) (on|off)', 'is (on|off)'], keywords: ['light', 'lights'] },
        run: ok,
      }),
    },
  };
  const calendar: ServicePlugin = {
    kind: 'service',
    name: 'calendar',
    description: 'Reminders',
    configured: true,
    methods: {
      create_reminder: defineMethod({
        description: 'Remind the requester of something at a time',
        params: z.object({ text: z.string().min(1).describe('What to remind about').meta({ entity: 'text' }), at: isoInstant('When') }),
        hints: { phrases: ['remind me', 'set [a] reminder'], keywords: ['reminder'], textIntros: ['that', 'to', 'about'] },
        run: ok,
      }),
    },
  };
  // Spread, so the object fits whichever optional members the channel contract has grown.
  const channelBase = { listening: () => false };
  const email: ChannelPlugin = {
    ...channelBase,
    kind: 'channel',
    name: 'email',
    description: 'Email',
    configured: true,
    allows: () => false,
    async start() {},
    async stop() {},
    async send() {
      return {};
    },
    methods: {
      send_message: sendMessageMethod({
        channel: 'email',
        description: 'Send an email',
        hints: { phrases: ['(send|write) [me] [an|a] email', 'email (me|him|her)', 'email'], keywords: ['email'], textIntros: ['saying', 'that'] },
        isOther: () => false,
        deliver: ok,
      }),
    },
  };
  return new PluginRegistry().register(lights).register(calendar).register(email).catalog();
}

type Call = Extract<Decision, { kind: 'call' }>;

function record(action: PlannedAction, status: ActionRecord['status'], result?: ActionResult): ActionRecord {
  const at = '2026-11-21T10:00:00Z';
  return {
    action,
    status,
    decisions: [{ at, decision: action.decision, by: 'test' }],
    attempts: result
      ? [{ n: 1, idempotencyKey: `r:${action.id}:1`, target: action.decision.kind === 'call' ? action.decision.target : '', args: {}, startedAt: at, endedAt: at, result }]
      : [],
    feedback: [],
  };
}

/** Runs the conformance suite against brains made by `makeBrain`. */
export function brainConformance(name: string, makeBrain: () => Brain | Promise<Brain>, options: BrainConformanceOptions = {}): void {
  const timeout = options.timeoutMs ?? 5_000;
  describe(`Brain conformance: ${name}`, () => {
    let brain: Brain;
    let ctx: BrainContext;

    beforeAll(async () => {
      brain = await makeBrain();
      ctx = {
        now: options.now ?? new Date('2026-11-21T10:00:00Z'),
        timeZone: options.timeZone ?? 'UTC',
        requester: { address: { channel: 'email', conversationId: 'conformance', userId: 'owner@example.com' } },
        catalog: (options.catalog ?? conformanceCatalog)(),
      };
    });

    /** Each action of a request with its decision, however the brain splits the work. */
    async function planned(text: string): Promise<PlannedAction[]> {
      const actions = await brain.extract(text, ctx);
      const out: PlannedAction[] = [];
      for (const a of actions) out.push({ ...a, decision: a.decision ?? (await brain.decide(a, ctx)) });
      return out;
    }
    const call = (a: PlannedAction | undefined): Call => {
      expect(a?.decision.kind).toBe('call');
      return a!.decision as Call;
    };
    const byTarget = (actions: PlannedAction[], target: string) => actions.find((a) => a.decision.kind === 'call' && a.decision.target === target);
    const action = (text: string, id = 'a1'): ExtractedAction => ({ id, text, dependsOn: [], optional: false });

    describe('extract', () => {
      it('keeps a single request as one action', async () => {
        const actions = await brain.extract('turn on the kitchen light', ctx);
        expect(actions).toHaveLength(1);
        expect(actions[0]!.text).toMatch(/kitchen/i);
        expect(actions[0]!.dependsOn).toEqual([]);
        expect(actions[0]!.optional).toBe(false);
      }, timeout);

      it('splits independent actions and gives them unique ids', async () => {
        const actions = await planned('turn on the kitchen light and remind me to stretch at 6pm');
        expect(actions.length).toBe(2);
        expect(new Set(actions.map((a) => a.id)).size).toBe(actions.length);
        expect(actions.every((a) => a.dependsOn.length === 0)).toBe(true);
      }, timeout);

      it('makes "then" a dependency', async () => {
        const actions = await planned('turn off the garage light, then send me an email');
        const light = byTarget(actions, 'lights.toggle_lights_in_location');
        const mail = byTarget(actions, 'email.send_message');
        expect(light && mail).toBeTruthy();
        expect(mail!.dependsOn).toContain(light!.id);
        expect(light!.dependsOn).not.toContain(mail!.id);
      }, timeout);

      it('makes "after X, Y" and "Y when that is done" dependencies of Y on X', async () => {
        for (const text of ['after the hallway light is off, email me', "turn on the porch light and email me when that's done"]) {
          const actions = await planned(text);
          const light = byTarget(actions, 'lights.toggle_lights_in_location');
          const mail = byTarget(actions, 'email.send_message');
          expect(light && mail, text).toBeTruthy();
          expect(mail!.dependsOn, text).toContain(light!.id);
        }
      }, timeout);

      it('marks an action optional when the request says so', async () => {
        const actions = await planned('turn on the porch light if you can');
        expect(actions).toHaveLength(1);
        expect(actions[0]!.optional).toBe(true);
        expect(call(actions[0]).args['location']).toBe('porch');
      }, timeout);

      it('makes what to do if an action fails run only then, after it', async () => {
        const actions = await planned('turn on the porch light, and if that fails, email me');
        expect(actions).toHaveLength(2);
        const [light, mail] = actions as [PlannedAction, PlannedAction];
        expect(call(light).args['location']).toBe('porch');
        expect(light.onlyIf).toBeUndefined();
        expect(call(mail).target).toBe('email.send_message');
        expect(mail.dependsOn).toEqual([light.id]);
        expect(mail.onlyIf).toBe('failed');
      }, timeout);

      it('extracts nothing to do from text without words', async () => {
        const actions = await brain.extract('?!... 🙂', ctx);
        expect(actions.every((a) => typeof a.id === 'string')).toBe(true);
      }, timeout);
    });

    describe('decide', () => {
      it('maps a known action to its method and arguments', async () => {
        const d = await brain.decide(action('turn on the kitchen light'), ctx);
        expect(d).toMatchObject({ kind: 'call', target: 'lights.toggle_lights_in_location', args: { location: 'kitchen', desired_state: true } });
        expect((d as Call).confidence).toBeGreaterThanOrEqual(0.5);
        expect((d as Call).confidence).toBeLessThanOrEqual(1);
      }, timeout);

      it('reads times in the requester\'s zone', async () => {
        const d = await brain.decide(action('remind me to stretch at 6pm'), ctx);
        expect(d).toMatchObject({ kind: 'call', target: 'calendar.create_reminder' });
        expect(Date.parse(String((d as Call).args['at']))).toBe(Date.parse('2026-11-21T18:00:00Z'));
        expect(String((d as Call).args['text'])).toMatch(/stretch/);
      }, timeout);

      it('says that nothing fits an unknown request, and why', async () => {
        const d = await brain.decide(action('book me a flight to Paris'), ctx);
        expect(d.kind).toBe('none');
        expect((d as { reason: string }).reason.length).toBeGreaterThan(0);
      }, timeout);

      it('does not guess an area the home does not have', async () => {
        const d = await brain.decide(action('turn on the attic light'), ctx);
        if (d.kind === 'call') expect(d.args['location']).not.toBe('kitchen');
        else expect(d.kind).toBe('none');
      }, timeout);
    });

    describe('evaluate', () => {
      it('judges by the result', async () => {
        const a: PlannedAction = { ...action('turn on the kitchen light'), decision: { kind: 'call', target: 'lights.toggle_lights_in_location', args: { location: 'kitchen' }, confidence: 1 } };
        expect((await brain.evaluate(a, { ok: true, summary: 'The kitchen light is on.' }, ctx)).ok).toBe(true);
        expect((await brain.evaluate(a, { ok: false, retryable: true, error: { code: 'X', message: 'unreachable' } }, ctx)).ok).toBe(false);
      }, timeout);
    });

    describe('reevaluate', () => {
      const light: PlannedAction = {
        ...action('turn on the light'),
        decision: { kind: 'call', target: 'lights.toggle_lights_in_location', args: { desired_state: true }, confidence: 0.9 },
      };
      const later: PlannedAction = { ...action('send me an email', 'a2'), dependsOn: ['a1'], decision: { kind: 'call', target: 'email.send_message', args: {}, confidence: 0.9 } };
      const ask = (reason: 'confirmation' | 'failed' | 'invalid-args', answer: string) =>
        brain.reevaluate({ remaining: [light, later], reason, question: 'Shall I?', answer }, ctx);

      it('proceeds on yes, skips on no, stops on stop', async () => {
        expect((await ask('confirmation', 'yes')).verdict).toBe('proceed');
        expect((await ask('confirmation', 'no')).verdict).toBe('skip');
        expect((await ask('confirmation', 'stop')).verdict).toBe('terminate');
      }, timeout);

      it('retries a failed action when asked to', async () => {
        expect((await ask('failed', 'try again')).verdict).toBe('retry');
        expect((await ask('failed', 'skip it')).verdict).toBe('skip');
      }, timeout);

      it('takes a missing argument from the answer', async () => {
        const v = await ask('invalid-args', 'kitchen');
        expect(v.verdict).toBe('revise');
        if (v.verdict !== 'revise') return;
        expect(v.actions[0]).toMatchObject({ id: 'a1', decision: { kind: 'call', target: 'lights.toggle_lights_in_location', args: { location: 'kitchen' } } });
        expect(v.actions.map((a) => a.id)).toContain('a2');
      }, timeout);

      it('replaces the action with a new instruction, keeping ids unique', async () => {
        const v = await ask('confirmation', 'no, remind me to buy bulbs at 5pm instead');
        expect(v.verdict).toBe('revise');
        if (v.verdict !== 'revise') return;
        const reminder = v.actions.find((a) => a.decision.kind === 'call' && a.decision.target === 'calendar.create_reminder');
        expect(reminder).toBeTruthy();
        expect(new Set(v.actions.map((a) => a.id)).size).toBe(v.actions.length);
        // Nothing waits for an action that was replaced.
        const ids = new Set(v.actions.map((a) => a.id));
        const gone = ['a1', 'a2'].filter((id) => !ids.has(id));
        for (const a of v.actions) for (const d of a.dependsOn) expect(gone).not.toContain(d);
      }, timeout);

      it('asks again when the answer means nothing', async () => {
        const v = await ask('invalid-args', 'qwzx vlorp');
        expect(['unclear', 'skip', 'terminate']).toContain(v.verdict);
        if (v.verdict === 'unclear') expect(v.question.length).toBeGreaterThan(0);
      }, timeout);
    });

    describe('summarize', () => {
      it('tells what was done and what failed, with the error', async () => {
        const on: PlannedAction = { ...action('turn on the kitchen light'), decision: { kind: 'call', target: 'lights.toggle_lights_in_location', args: { location: 'kitchen' }, confidence: 1 } };
        const mail: PlannedAction = { ...action('send me an email', 'a2'), decision: { kind: 'call', target: 'email.send_message', args: {}, confidence: 1 } };
        const report: GroupReport = {
          requestId: 'r1',
          groupId: 'g1',
          status: 'failed',
          dispatch: 0,
          finishedAt: '2026-11-21T10:01:00Z',
          actions: [
            record(on, 'done', { ok: true, summary: 'The kitchen light is on.' }),
            record(mail, 'failed', { ok: false, retryable: false, error: { code: 'EMAIL_NO_ADDRESS', message: 'I do not know your email address', hint: 'set MAJORDOMO_OWNER_EMAIL' } }),
          ],
        };
        const text = await brain.summarize({ requestId: 'r1', text: 'turn on the kitchen light, then send me an email', reports: [report] }, ctx);
        expect(text).toMatch(/kitchen light is on/i);
        expect(text).toMatch(/do not know your email address/i);
      }, timeout);
    });

    describe('plan', () => {
      it('plans compound requests into valid groups', async () => {
        const plan = await planRequest(brain, "Turn off the garage light and email me when that's over. Also remind me to stretch at noon.", ctx);
        const all = plan.groups.flatMap((g) => g.actions);
        expect(all.length).toBe(3);
        expect(plan.groups.length).toBe(2);
        const mail = all.find((a) => a.decision.kind === 'call' && a.decision.target === 'email.send_message');
        expect(mail?.dependsOn.length).toBe(1);
      }, timeout);
    });
  });
}
