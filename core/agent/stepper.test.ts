import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Brain, Reevaluation } from '../brain/brain.js';
import type { AgentRuntime, GroupOutcome, StopReason } from '../dispatch/dispatcher.js';
import type { AgentEvent } from '../events.js';
import { defineMethod } from '../plugin/method.js';
import type { ServicePlugin } from '../plugin/plugin.js';
import { PluginRegistry } from '../plugin/registry.js';
import type { ActionResult, Decision, PlannedAction } from '../types.js';
import { silentLogger } from '../util/logger.js';
import type { GroupCheckpoint } from './checkpoint.js';
import type { LessonSource } from './lessons.js';
import type { LessonUse } from './checkpoint.js';
import { DEFAULT_POLICY, type AgentPolicy } from './policy.js';
import { initialCheckpoint } from './records.js';
import { Stepper } from './stepper.js';

/** A service whose methods count their runs and fail as a test tells them to. */
function testService() {
  const runs: Array<{ method: string; key: string; args: unknown }> = [];
  const failures = new Map<string, ActionResult[]>();
  const seenKeys = new Map<string, ActionResult>();
  const plan = (method: string, ...results: ActionResult[]) => failures.set(method, results);
  const next = (method: string, key: string, args: unknown, summary: string): ActionResult => {
    runs.push({ method, key, args });
    const queued = failures.get(method);
    if (queued && queued.length > 0) return queued.shift()!;
    return { ok: true, summary };
  };
  const plugin: ServicePlugin = {
    kind: 'service',
    name: 'test',
    description: 'test service',
    configured: true,
    methods: {
      work: defineMethod({
        description: 'does work',
        params: z.object({ what: z.string() }),
        async run(args, ctx) {
          // Like the real services: a replayed key returns the first result, with no second effect.
          const earlier = seenKeys.get(ctx.idempotencyKey);
          if (earlier) return earlier;
          const result = next('work', ctx.idempotencyKey, args, `did ${args.what}`);
          if (result.ok) seenKeys.set(ctx.idempotencyKey, result);
          return result;
        },
      }),
      risky: defineMethod({
        description: 'needs a yes',
        params: z.object({}),
        flags: { needsConfirmation: true },
        async run(_args, ctx) {
          return next('risky', ctx.idempotencyKey, {}, 'risky done');
        },
      }),
      addressed: defineMethod({
        description: 'needs a yes, and says where it goes',
        params: z.object({ to: z.string() }),
        flags: { needsConfirmation: true },
        async explain(args) {
          if (args.to === 'nobody') throw new Error('the address book is gone');
          return `${args.to} is ${args.to}@example.com`;
        },
        async run(args, ctx) {
          return next('addressed', ctx.idempotencyKey, args, 'sent');
        },
      }),
      boom: defineMethod({
        description: 'throws',
        params: z.object({}),
        async run() {
          runs.push({ method: 'boom', key: '', args: {} });
          throw new Error('kaput');
        },
      }),
      hang: defineMethod({
        description: 'never answers',
        params: z.object({}),
        timeoutMs: 50,
        run: () => new Promise<ActionResult>(() => {}),
      }),
      send_message: defineMethod({
        description: 'tells',
        params: z.object({ text: z.string().optional() }),
        async run(_args, ctx) {
          return next('send_message', ctx.idempotencyKey, ctx.dependencyResults.map((d) => d.summary), 'told');
        },
      }),
    },
  };
  return { plugin, runs, plan };
}

function call(target: string, args: Record<string, unknown> = {}, confidence = 0.9): Decision {
  return { kind: 'call', target, args, confidence };
}

function action(id: string, decision: Decision, extra: Partial<PlannedAction> = {}): PlannedAction {
  return { id, text: `action ${id}`, dependsOn: [], optional: false, decision, ...extra };
}

/** A brain for the stepper's tests: evaluation by result, answers scripted per test. */
function scriptedBrain(answers: Record<string, Reevaluation | ((remaining: PlannedAction[]) => Reevaluation)> = {}): Brain {
  return {
    name: 'scripted',
    extract: async () => [],
    decide: async () => ({ kind: 'none', reason: 'scripted' }),
    evaluate: async (_a, result) => ({ ok: result.ok }),
    reevaluate: async (input) => {
      const answer = answers[input.answer];
      if (!answer) return { verdict: 'unclear', question: `what does "${input.answer}" mean?` };
      return typeof answer === 'function' ? answer(input.remaining) : answer;
    },
    summarize: async () => 'summary',
  };
}

function setup(brain: Brain = scriptedBrain(), policy: Partial<AgentPolicy> = {}, lessons?: LessonSource) {
  const service = testService();
  const registry = new PluginRegistry().register(service.plugin);
  const delays: number[] = [];
  const stepper = new Stepper({
    brain,
    catalog: registry.catalog(),
    policy: { ...DEFAULT_POLICY, retryBaseMs: 10, ...policy },
    timeZone: 'UTC',
    logger: silentLogger,
    ...(lessons ? { lessons } : {}),
    sleep: async (ms) => {
      delays.push(ms);
    },
  });
  const saved: GroupCheckpoint[] = [];
  const shown: GroupCheckpoint[] = [];
  const events: string[] = [];
  const controller = new AbortController();
  const runtime: AgentRuntime = {
    saveCheckpoint: async (cp) => {
      saved.push(structuredClone(cp));
    },
    show: (cp) => void shown.push(structuredClone(cp)),
    emit: (e) => events.push(`${e.type}:${e.actionId}`),
    signal: controller.signal,
  };
  const run = (cp: GroupCheckpoint, extra: Partial<AgentRuntime> = {}) => stepper.run({ checkpoint: cp }, { ...runtime, ...extra });
  return { ...service, stepper, run, saved, shown, events, delays, stop: (reason: StopReason) => controller.abort(reason) };
}

function group(...actions: PlannedAction[]): GroupCheckpoint {
  return initialCheckpoint({
    requestId: 'r1',
    group: { id: 'g1', actions },
    requester: { address: { channel: 'console', conversationId: 'c', userId: 'local' } },
    requestText: 'test',
    brain: 'scripted',
    at: new Date('2026-11-21T10:00:00Z'),
  });
}

function answer(outcome: GroupOutcome, text: string): GroupCheckpoint {
  expect(outcome.kind).toBe('paused');
  if (outcome.kind !== 'paused') throw new Error('not paused');
  return { ...outcome.checkpoint, status: 'queued', resume: { questionId: outcome.question.id, answer: text } };
}

describe('Stepper', () => {
  it('runs the actions of a group in order and records each attempt', async () => {
    const t = setup();
    const outcome = await t.run(group(action('a1', call('test.work', { what: 'one' })), action('a2', call('test.work', { what: 'two' }))));
    expect(outcome.kind).toBe('finished');
    expect(outcome.checkpoint.status).toBe('done');
    expect(t.runs.map((r) => r.args)).toEqual([{ what: 'one' }, { what: 'two' }]);
    expect(outcome.checkpoint.actions.map((a) => a.status)).toEqual(['done', 'done']);
    expect(outcome.checkpoint.actions[0]!.attempts[0]).toMatchObject({ n: 1, idempotencyKey: 'r1:a1:1', result: { ok: true, summary: 'did one' } });
    expect(t.events).toEqual(['action.started:a1', 'action.finished:a1', 'action.started:a2', 'action.finished:a2']);
  });

  it('says how long the call took when an action ends, done or failed', async () => {
    const t = setup(undefined, { maxRetries: 0 });
    const events: AgentEvent[] = [];
    await t.run(group(action('a1', call('test.work', { what: 'one' })), action('a2', call('test.hang'))), { emit: (e) => void events.push(e) });
    const ended = events.filter((e) => e.type === 'action.finished');
    expect(ended.map((e) => [e.actionId, e.result.ok])).toEqual([['a1', true], ['a2', false]]);
    // The hanging call is given up after its 50 ms timeout: its time is at least that.
    expect(ended[1]!.ms).toBeGreaterThanOrEqual(49);
    expect(ended[0]!.ms).toBeGreaterThanOrEqual(0);
    expect(ended[0]!.ms).toBeLessThan(ended[1]!.ms!);
  });

  it('saves a retry before running it; a first attempt is made again from the last save with the same key', async () => {
    const t = setup();
    t.plan('work', { ok: false, retryable: true, error: { code: 'X', message: 'flaky' } });
    const queued = group(action('a1', call('test.work', { what: 'x' })));
    await t.run(queued);
    // The run's start and the first attempt: no save of their own, the group as queued has the action as decided; they are only shown.
    expect(t.saved.some((cp) => cp.actions[0]!.attempts.length < 2 && cp.actions[0]!.status === 'running')).toBe(false);
    expect(t.shown.map((cp) => [cp.status, cp.actions[0]!.status, cp.actions[0]!.attempts.length])).toEqual([['running', 'pending', 0], ['running', 'running', 1]]);
    expect(t.saved.filter((cp) => cp.actions[0]!.attempts.length === 0)).toEqual([]);
    const beforeFirst = queued;
    // The retry: saved with its key before its side effect.
    const beforeRetry = t.saved.find((cp) => cp.actions[0]!.status === 'running' && cp.actions[0]!.attempts.length === 2);
    expect(beforeRetry?.actions[0]!.attempts[1]).toMatchObject({ idempotencyKey: 'r1:a1:2' });
    expect(beforeRetry?.actions[0]!.attempts[1]!.result).toBeUndefined();

    // Resumed from the save before the first attempt (the process died during it): the same key.
    const again = setup();
    await again.run(beforeFirst);
    expect(again.runs.map((r) => r.key)).toEqual(['r1:a1:1']);
  });

  it('saves a first attempt whose approach lessons changed before its side effect', async () => {
    const failed: LessonUse = { id: 'l1', action: 'action a1', target: 'test.hang', args: {}, outcome: 'failed', why: 'HUNG: no answer', relevance: 0.95, at: '2026-11-01T00:00:00Z' };
    const lessons = { recall: async (): Promise<LessonUse[]> => [failed] };
    const brain: Brain = { ...scriptedBrain(), decide: async (_a, ctx) => (ctx.lessons ? call('test.work', { what: 'instead' }) : { kind: 'none', reason: 'no lessons' }) };
    const t = setup(brain, {}, lessons);
    const outcome = await t.run(group(action('a1', call('test.hang'))));
    expect(outcome.checkpoint.status).toBe('done');
    expect(t.runs.map((r) => r.method)).toEqual(['work']);
    // What a resumed run could not decide the same way is durable before the side effect.
    const before = t.saved.find((cp) => cp.actions[0]!.status === 'running');
    expect(before?.actions[0]!.attempts).toMatchObject([{ target: 'test.work', idempotencyKey: 'r1:a1:1' }]);
    expect(before?.actions[0]!.attempts[0]!.result).toBeUndefined();
  });

  it('does not let lessons change how a resumed action is made: its side effect may have begun', async () => {
    const lessons = { recall: vi.fn(async (_text: string): Promise<LessonUse[]> => []) };
    const t = setup(scriptedBrain(), {}, lessons);
    const cp = group(action('a1', call('test.work', { what: 'first' })), action('a2', call('test.work', { what: 'second' })), action('a3', call('test.work', { what: 'third' })));
    cp.position = 1;
    cp.actions[0]!.status = 'done';
    const outcome = await t.run(cp, { resumed: true });
    expect(outcome.checkpoint.status).toBe('done');
    // Consulted for the action after, never for the one the run took over at.
    expect(lessons.recall.mock.calls.map(([text]) => text)).toEqual(['action a3']);
    // Not taken over: consulted for the action it starts at.
    lessons.recall.mockClear();
    await setup(scriptedBrain(), {}, lessons).run(cp);
    expect(lessons.recall.mock.calls.map(([text]) => text)).toEqual(['action a2', 'action a3']);
  });

  it('resumes a crashed attempt with the same key and never repeats a completed action', async () => {
    const t = setup();
    const cp = group(action('a1', call('test.work', { what: 'first' })), action('a2', call('test.work', { what: 'second' })));
    await t.run(cp);
    // The process died while a2 ran: the last checkpoint saved before its effect.
    const crashed = t.saved.filter((s) => s.actions[0]!.status === 'done' && s.actions[1]!.attempts.length === 0).at(-1)!;
    t.runs.length = 0;
    const outcome = await t.run(crashed);
    expect(outcome.checkpoint.status).toBe('done');
    // a1 is not run again; a2 runs with its first key, which the service recognizes.
    expect(t.runs).toEqual([]);
    expect(outcome.checkpoint.actions[1]!.attempts).toHaveLength(1);
  });

  it('judges an attempt that ran but was never judged, instead of running it again', async () => {
    const t = setup();
    const cp = group(action('a1', call('test.work', { what: 'once' })));
    const record = cp.actions[0]!;
    record.status = 'running';
    record.attempts.push({ n: 1, idempotencyKey: 'r1:a1:1', target: 'test.work', args: { what: 'once' }, startedAt: cp.createdAt, result: { ok: true, summary: 'did once' } });
    const outcome = await t.run(cp);
    expect(outcome.checkpoint.status).toBe('done');
    expect(t.runs).toEqual([]);
    expect(outcome.checkpoint.actions[0]!.attempts[0]!.evaluation).toEqual({ ok: true });
  });

  it('retries a required action with doubling backoff until it works', async () => {
    const t = setup();
    const fail: ActionResult = { ok: false, retryable: true, error: { code: 'X', message: 'flaky' } };
    t.plan('work', fail, fail);
    const outcome = await t.run(group(action('a1', call('test.work', { what: 'w' }))));
    expect(outcome.checkpoint.status).toBe('done');
    expect(t.runs.map((r) => r.key)).toEqual(['r1:a1:1', 'r1:a1:2', 'r1:a1:3']);
    expect(t.delays).toEqual([10, 20]);
  });

  it('asks the requester when a required action exhausts its retries, and retries afresh on "try again"', async () => {
    const t = setup(scriptedBrain({ 'try again': { verdict: 'retry' } }), { maxRetries: 2 });
    const fail: ActionResult = { ok: false, retryable: true, error: { code: 'X', message: 'down' } };
    t.plan('work', fail, fail, fail);
    const first = await t.run(group(action('a1', call('test.work', { what: 'w' }))));
    expect(first.kind).toBe('paused');
    if (first.kind !== 'paused') return;
    expect(first.question.reason).toBe('failed');
    expect(first.question.text).toContain('down');
    expect(t.runs).toHaveLength(3);
    const second = await t.run(answer(first, 'try again'));
    expect(second.checkpoint.status).toBe('done');
    expect(t.runs).toHaveLength(4);
    expect(second.checkpoint.actions[0]!.feedback[0]).toMatchObject({ reason: 'failed', answer: 'try again', outcome: 'retry' });
  });

  it('does not retry a failure that is not retryable', async () => {
    const t = setup();
    t.plan('work', { ok: false, retryable: false, error: { code: 'BAD', message: 'no such area' } });
    const outcome = await t.run(group(action('a1', call('test.work', { what: 'w' }))));
    expect(outcome.kind).toBe('paused');
    expect(t.runs).toHaveLength(1);
  });

  it('passes an optional action by when it fails and goes on', async () => {
    const t = setup();
    t.plan('work', { ok: false, retryable: false, error: { code: 'BAD', message: 'nope' } });
    const outcome = await t.run(group(action('a1', call('test.work', { what: 'maybe' }), { optional: true }), action('a2', call('test.work', { what: 'sure' }))));
    expect(outcome.kind).toBe('finished');
    expect(outcome.checkpoint.actions.map((a) => a.status)).toEqual(['skipped', 'done']);
    expect(outcome.checkpoint.status).toBe('done');
  });

  it('asks when nothing fits, and resumes with the revised action from the answer', async () => {
    const revised = (remaining: PlannedAction[]): Reevaluation => ({
      verdict: 'revise',
      actions: [{ ...remaining[0]!, decision: call('test.work', { what: 'kitchen' }) }, ...remaining.slice(1)],
    });
    const t = setup(scriptedBrain({ 'the kitchen one': revised }));
    const first = await t.run(group(action('a1', { kind: 'none', reason: 'the home has no attic' }), action('a2', call('test.work', { what: 'after' }), { dependsOn: ['a1'] })));
    expect(first.kind).toBe('paused');
    if (first.kind !== 'paused') return;
    expect(first.question.reason).toBe('no-target');
    expect(first.question.text).toContain('the home has no attic');
    expect(t.runs).toHaveLength(0);
    const second = await t.run(answer(first, 'the kitchen one'));
    expect(second.kind).toBe('finished');
    expect(t.runs.map((r) => r.args)).toEqual([{ what: 'kitchen' }, { what: 'after' }]);
    expect(second.checkpoint.actions[0]!.decisions).toHaveLength(2);
  });

  it('ends done when an answer put other actions in place of the one asked about, and they are done', async () => {
    const replaced = (remaining: PlannedAction[]): Reevaluation => ({
      verdict: 'revise',
      actions: [{ id: 'a1.1', text: 'the other thing', dependsOn: [], optional: false, decision: call('test.work', { what: 'other' }) }, ...remaining.slice(1)],
    });
    const t = setup(scriptedBrain({ 'do the other thing instead': replaced }));
    const first = await t.run(group(action('a1', call('test.risky'))));
    if (first.kind !== 'paused') throw new Error('expected a question');
    const second = await t.run(answer(first, 'do the other thing instead'));
    expect(second.kind).toBe('finished');
    expect(second.checkpoint.actions.map((a) => [a.action.id, a.status, a.replaced])).toEqual([
      ['a1', 'skipped', true],
      ['a1.1', 'done', undefined],
    ]);
    expect(t.runs.map((r) => r.args)).toEqual([{ what: 'other' }]);
    expect(second.checkpoint.status).toBe('done');
  });

  it('asks for arguments that fail their schema, before running anything', async () => {
    const t = setup();
    const outcome = await t.run(group(action('a1', call('test.work', {}))));
    expect(outcome.kind).toBe('paused');
    if (outcome.kind !== 'paused') return;
    expect(outcome.question.reason).toBe('invalid-args');
    expect(outcome.question.text).toContain('what');
    expect(t.runs).toHaveLength(0);
  });

  it('asks before a method that needs confirmation; "yes" runs it, "no" skips it', async () => {
    const t = setup(scriptedBrain({ yes: { verdict: 'proceed' }, no: { verdict: 'skip' } }));
    const first = await t.run(group(action('a1', call('test.risky'))));
    expect(first.kind === 'paused' && first.question.reason).toBe('confirmation');
    expect(t.runs).toHaveLength(0);
    const yes = await t.run(answer(first, 'yes'));
    expect(yes.checkpoint.status).toBe('done');
    expect(t.runs.map((r) => r.method)).toEqual(['risky']);

    const t2 = setup(scriptedBrain({ yes: { verdict: 'proceed' }, no: { verdict: 'skip' } }));
    const again = await t2.run(group(action('a1', call('test.risky'))));
    const no = await t2.run(answer(again, 'no'));
    expect(no.checkpoint.actions[0]!.status).toBe('skipped');
    expect(t2.runs).toHaveLength(0);
  });

  it('says in the confirmation what the arguments come to, and asks all the same when that cannot be told', async () => {
    const t = setup();
    const bob = await t.run(group(action('a1', call('test.addressed', { to: 'bob' }))));
    expect(bob.kind === 'paused' && bob.question.text).toMatch(/\(bob is bob@example\.com\), and it always needs a yes first/);
    const nobody = await t.run(group(action('a1', call('test.addressed', { to: 'nobody' }))));
    expect(nobody.kind === 'paused' && nobody.question.text).toMatch(/test\.addressed \{"to":"nobody"\}, and/);
    expect(t.runs).toHaveLength(0);
  });

  it('takes a "no" before an action ran as the requester\'s choice, not a failure', async () => {
    const t = setup(scriptedBrain({ no: { verdict: 'skip', reason: 'you said no' } }));
    // Nothing else done: the requester called the group off.
    const first = await t.run(group(action('a1', call('test.risky')), action('a2', call('test.work', { what: 'after' }), { dependsOn: ['a1'] })));
    const no = await t.run(answer(first, 'no'));
    expect(no.checkpoint.actions.map((a) => [a.status, a.declined, a.note])).toEqual([
      ['skipped', true, 'you said no'],
      ['skipped', true, 'skipped because "action a1" did not happen'],
    ]);
    expect(no.checkpoint.status).toBe('terminated');
    // The rest done: the group is.
    const second = await t.run(group(action('a1', call('test.work', { what: 'first' })), action('a2', call('test.risky'))));
    const declined = await t.run(answer(second, 'no'));
    expect(declined.checkpoint.actions.map((a) => a.status)).toEqual(['done', 'skipped']);
    expect(declined.checkpoint.status).toBe('done');
    expect(t.runs.map((r) => r.method)).toEqual(['work']);
  });

  it('asks before acting on an uncertain decision', async () => {
    const t = setup(scriptedBrain({ yes: { verdict: 'proceed' } }));
    const first = await t.run(group(action('a1', call('test.work', { what: 'w' }, 0.2))));
    expect(first.kind === 'paused' && first.question.reason).toBe('uncertain');
    expect(t.runs).toHaveLength(0);
    await t.run(answer(first, 'yes'));
    expect(t.runs).toHaveLength(1);
  });

  it('asks again when an answer is unclear', async () => {
    const t = setup(scriptedBrain());
    const first = await t.run(group(action('a1', call('test.risky'))));
    const second = await t.run(answer(first, 'banana'));
    expect(second.kind).toBe('paused');
    if (second.kind !== 'paused') return;
    expect(second.question.text).toContain('banana');
    expect(second.checkpoint.actions[0]!.feedback).toHaveLength(2);
    expect(second.question.id).not.toBe(first.kind === 'paused' ? first.question.id : '');
  });

  it('terminates the group on "stop"', async () => {
    const t = setup(scriptedBrain({ stop: { verdict: 'terminate' } }));
    const first = await t.run(group(action('a1', call('test.risky')), action('a2', call('test.work', { what: 'later' }))));
    const stopped = await t.run(answer(first, 'stop'));
    expect(stopped.kind).toBe('finished');
    expect(stopped.checkpoint.status).toBe('terminated');
    expect(stopped.checkpoint.actions.map((a) => a.status)).toEqual(['cancelled', 'cancelled']);
    expect(t.runs).toHaveLength(0);
  });

  it('skips what depended on a skipped action, but still reports through send_message', async () => {
    const t = setup(scriptedBrain({ skip: { verdict: 'skip' } }));
    t.plan('work', { ok: false, retryable: false, error: { code: 'BAD', message: 'broken bulb' } });
    const first = await t.run(
      group(
        action('a1', call('test.work', { what: 'light' })),
        action('a2', call('test.work', { what: 'dependent' }), { dependsOn: ['a1'] }),
        action('a3', call('test.send_message'), { dependsOn: ['a1'] }),
      ),
    );
    const done = await t.run(answer(first, 'skip'));
    expect(done.checkpoint.actions.map((a) => a.status)).toEqual(['skipped', 'skipped', 'done']);
    const told = t.runs.find((r) => r.method === 'send_message');
    expect(told?.args).toEqual(['Could not action a1: broken bulb.']);
    expect(done.checkpoint.status).toBe('failed');
  });

  it('runs what was said to do if an action fails, instead of asking, once its retries are spent; saved before it runs', async () => {
    const t = setup(scriptedBrain(), { maxRetries: 1 });
    t.plan('work', ...Array.from({ length: 2 }, () => ({ ok: false as const, retryable: true, error: { code: 'DOWN', message: 'the bulb does not answer' } })));
    const outcome = await t.run(
      group(
        action('a1', call('test.work', { what: 'light' })),
        action('a2', call('test.send_message'), { dependsOn: ['a1'], onlyIf: 'failed' }),
        action('a3', call('test.work', { what: 'other light' }), { dependsOn: ['a1'], onlyIf: 'failed' }),
      ),
    );
    expect(outcome.kind).toBe('finished');
    expect(outcome.checkpoint.actions.map((a) => a.status)).toEqual(['failed', 'done', 'done']);
    expect(t.runs.map((r) => r.method)).toEqual(['work', 'work', 'send_message', 'work']);
    expect(t.runs[2]!.args).toEqual(['Could not action a1: the bulb does not answer.']);
    // The failure is durable before the fallback's side effect: a crash then resumes at the fallback, not the light.
    const before = t.saved.at(-1)!;
    expect(before.actions.map((a) => a.status)).toEqual(['failed', 'done', 'pending']);
    expect(t.saved.some((cp) => cp.actions[0]!.status === 'failed' && cp.actions[1]!.status === 'pending')).toBe(true);
    // The light is still not on: the group failed, and said so.
    expect(outcome.checkpoint.status).toBe('failed');
  });

  it('passes by, as not needed, what runs only if an action fails when it worked, and what runs only if it worked when it failed', async () => {
    const t = setup();
    const worked = await t.run(
      group(
        action('a1', call('test.work', { what: 'light' })),
        action('a2', call('test.send_message'), { dependsOn: ['a1'], onlyIf: 'failed' }),
        action('a3', call('test.send_message'), { dependsOn: ['a1'], onlyIf: 'done' }),
        // "..., then turn on the kitchen light": what waits for a step that was not needed goes on.
        action('a4', call('test.work', { what: 'next' }), { dependsOn: ['a2'] }),
      ),
    );
    expect(worked.checkpoint.actions.map((a) => [a.status, a.unneeded ?? false])).toEqual([
      ['done', false],
      ['skipped', true],
      ['done', false],
      ['done', false],
    ]);
    expect(worked.checkpoint.actions[1]!.note).toBe('not needed: "action a1" did not fail');
    // Not needed is no failure: the group is done.
    expect(worked.checkpoint.status).toBe('done');
    expect(t.events).toContain('action.skipped:a2');

    const u = setup();
    u.plan('work', { ok: false, retryable: false, error: { code: 'BAD', message: 'no bulb' } });
    const failed = await u.run(
      group(
        action('a1', call('test.work', { what: 'light' })),
        action('a2', call('test.send_message'), { dependsOn: ['a1'], onlyIf: 'done' }),
        action('a3', call('test.send_message'), { dependsOn: ['a1'], onlyIf: 'failed' }),
      ),
    );
    expect(failed.kind).toBe('finished');
    expect(failed.checkpoint.actions.map((a) => [a.status, a.unneeded ?? false])).toEqual([
      ['failed', false],
      ['skipped', true],
      ['done', false],
    ]);
    expect(failed.checkpoint.actions[1]!.note).toBe('not needed: "action a1" did not get done');
    expect(u.runs.map((r) => r.method)).toEqual(['work', 'send_message']);
  });

  it('passes by, as not needed, what waits for a check that found its condition does not hold; what runs if it fails is not held back', async () => {
    const t = setup();
    t.plan('work', { ok: true, summary: 'The garage light is off.', holds: false });
    const unheld = await t.run(
      group(
        action('a1', call('test.work', { what: 'check' })),
        action('a2', call('test.work', { what: 'porch' }), { dependsOn: ['a1'], onlyIf: 'done' }),
        // "... and email me when that's over": waits for both, held back with them.
        action('a3', call('test.send_message'), { dependsOn: ['a1', 'a2'] }),
        action('a4', call('test.send_message'), { dependsOn: ['a2'], onlyIf: 'failed' }),
      ),
    );
    expect(unheld.checkpoint.actions.map((a) => [a.status, a.unneeded ?? false])).toEqual([
      ['done', false],
      ['skipped', true],
      ['skipped', true],
      ['skipped', true],
    ]);
    expect(unheld.checkpoint.actions[1]!.note).toBe('not needed: the garage light is off');
    expect(unheld.checkpoint.actions[2]!.note).toBe('not needed: the garage light is off');
    expect(t.runs.map((r) => r.method)).toEqual(['work']);
    expect(unheld.checkpoint.status).toBe('done');

    const u = setup();
    u.plan('work', { ok: true, summary: 'The garage light is on.', holds: true });
    const held = await u.run(
      group(
        action('a1', call('test.work', { what: 'check' })),
        action('a2', call('test.work', { what: 'porch' }), { dependsOn: ['a1'], onlyIf: 'done' }),
        // "..., otherwise email me": not needed when it holds.
        action('a3', call('test.send_message'), { dependsOn: ['a1'], onlyIf: 'failed' }),
      ),
    );
    expect(held.checkpoint.actions.map((a) => a.status)).toEqual(['done', 'done', 'skipped']);
    expect(held.checkpoint.actions[2]!.note).toBe('not needed: the garage light is on');
    expect(u.runs.map((r) => r.method)).toEqual(['work', 'work']);

    // When it does not hold, the "otherwise" runs instead.
    const v = setup();
    v.plan('work', { ok: true, summary: 'The garage light is off.', holds: false });
    const otherwise = await v.run(
      group(
        action('a1', call('test.work', { what: 'check' })),
        action('a2', call('test.work', { what: 'porch' }), { dependsOn: ['a1'], onlyIf: 'done' }),
        action('a3', call('test.send_message'), { dependsOn: ['a1'], onlyIf: 'failed' }),
      ),
    );
    expect(otherwise.checkpoint.actions.map((a) => a.status)).toEqual(['done', 'skipped', 'done']);
    expect(v.runs.map((r) => r.method)).toEqual(['work', 'send_message']);
    expect(otherwise.checkpoint.status).toBe('done');
  });

  it('counts an action the requester said no to as no failure: what was to run if it failed is not needed', async () => {
    const t = setup(scriptedBrain({ no: { verdict: 'skip' } }));
    // Said no to: the requester's choice, so "if that fails" is not needed.
    const asked = await t.run(
      group(
        action('a1', call('test.risky')),
        action('a2', call('test.send_message'), { dependsOn: ['a1'], onlyIf: 'failed' }),
      ),
    );
    expect(asked.kind).toBe('paused');
    const declined = await t.run(answer(asked, 'no'));
    expect(declined.checkpoint.actions.map((a) => [a.status, a.unneeded ?? false])).toEqual([
      ['skipped', false],
      ['skipped', true],
    ]);
    expect(t.runs).toHaveLength(0);
  });

  it('turns a throwing method into a retryable failure and a hanging one into a timeout', async () => {
    const t = setup(scriptedBrain(), { maxRetries: 1 });
    const thrown = await t.run(group(action('a1', call('test.boom'))));
    expect(thrown.kind).toBe('paused');
    const attempts = thrown.checkpoint.actions[0]!.attempts;
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.result).toMatchObject({ ok: false, retryable: true, error: { code: 'MJ_ERR_METHOD_THREW' } });

    const hung = await t.run(group(action('a1', call('test.hang'))));
    const hungAttempts = hung.checkpoint.actions[0]!.attempts;
    expect(hungAttempts[0]!.result).toMatchObject({ ok: false, error: { code: 'MJ_ERR_TIMEOUT' } });
    // The outcome of a timed-out attempt is unknown: its retry keeps the key.
    expect(hungAttempts[1]!.idempotencyKey).toBe(hungAttempts[0]!.idempotencyKey);
  });

  it('parks on shutdown and terminates on cancel, between actions', async () => {
    const t = setup();
    t.stop('shutdown');
    const parked = await t.run(group(action('a1', call('test.work', { what: 'w' }))));
    expect(parked.kind).toBe('parked');
    expect(parked.checkpoint.status).toBe('queued');
    expect(t.runs).toHaveLength(0);

    const t2 = setup();
    t2.stop('cancel');
    const cancelled = await t2.run(group(action('a1', call('test.work', { what: 'w' }))));
    expect(cancelled.kind).toBe('finished');
    expect(cancelled.checkpoint.status).toBe('terminated');
  });

  it('does not start a side effect when told to stop while saving before it; the resumed run reuses its key', async () => {
    const t = setup();
    t.plan('work', { ok: false, retryable: true, error: { code: 'X', message: 'flaky' } });
    const saveFirst = t.saved.push.bind(t.saved);
    // The stop arrives while the checkpoint before the retry's side effect is being saved.
    t.saved.push = (...cps: GroupCheckpoint[]) => {
      if (cps.some((cp) => cp.actions[0]?.status === 'running' && cp.actions[0].attempts.length === 2)) t.stop('shutdown');
      return saveFirst(...cps);
    };
    const parked = await t.run(group(action('a1', call('test.work', { what: 'w' }))));
    expect(parked.kind).toBe('parked');
    expect(t.runs.map((r) => r.key)).toEqual(['r1:a1:1']);
    const attempt = parked.checkpoint.actions[0]!.attempts[1];
    expect(attempt?.result).toBeUndefined();

    const again = setup();
    const done = await again.run({ ...parked.checkpoint, status: 'queued' });
    expect(done.checkpoint.status).toBe('done');
    expect(again.runs.map((r) => r.key)).toEqual([attempt!.idempotencyKey]);
  });

  it('asks when the target does not exist on this assistant', async () => {
    const t = setup();
    const outcome = await t.run(group(action('a1', call('nowhere.nothing'))));
    expect(outcome.kind === 'paused' && outcome.question.reason).toBe('no-target');
  });
});
