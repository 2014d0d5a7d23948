import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GroupCheckpoint } from '../agent/checkpoint.js';
import { initialCheckpoint } from '../agent/records.js';
import type { AgentEvent } from '../events.js';
import type { AgentRuntime, Dispatcher, DispatcherHandlers, GroupJob, GroupOutcome, StopReason } from './dispatcher.js';

/** What an implementation can do beyond the contract, so the suite checks it too. */
export interface DispatcherTraits {
  /** One dispatcher can supervise while others, in other processes, run the agents. */
  distributed: boolean;
}

/** What the conformance suite needs of one dispatcher implementation, fresh for each test. */
export interface DispatcherHarness {
  /**
   * A new dispatcher on the same durable queue as every other one of this harness: another
   * process, or the same one after a restart.
   */
  create(concurrency: number): Dispatcher;
  /** Stores what must exist before a group is queued (its request, for a store-backed queue). */
  seed(checkpoint: GroupCheckpoint): Promise<void>;
  dispose(): Promise<void>;
}

let counter = 0;

function group(actions = 2): GroupCheckpoint {
  counter++;
  return initialCheckpoint({
    requestId: `r${counter}-${Date.now().toString(36)}`,
    group: {
      id: 'g1',
      actions: Array.from({ length: actions }, (_, i) => ({ id: `a${i + 1}`, text: `step ${i + 1}`, dependsOn: [], optional: false, decision: { kind: 'none' as const, reason: 'test' } })),
    },
    requester: { address: { channel: 'console', conversationId: 'c', userId: 'u' } },
    requestText: 'test',
    brain: 'test',
    at: new Date(),
  });
}

/** Resolves once `check` holds; fails with `what` after a while. */
async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function aborted(signal: AbortSignal): Promise<StopReason> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(signal.reason as StopReason);
    else signal.addEventListener('abort', () => resolve(signal.reason as StopReason), { once: true });
  });
}

/** Stops like the stepper does: cancel terminates and reports, shutdown parks (status queued). */
async function stopLikeAnAgent(cp: GroupCheckpoint, runtime: AgentRuntime): Promise<GroupOutcome> {
  const reason = await aborted(runtime.signal);
  if (reason === 'cancel') return { kind: 'finished', checkpoint: { ...cp, status: 'terminated' } };
  const parked = { ...cp, status: 'queued' as const };
  await runtime.saveCheckpoint(parked);
  return { kind: 'parked', checkpoint: parked };
}

/**
 * Registers the behaviour every {@link Dispatcher} must have, for one implementation. The
 * factory gives a fresh harness per test (a fresh queue prefix, a fresh store); the suite
 * stops every dispatcher it made and disposes of the harness after each test.
 */
export function dispatcherConformance(name: string, makeHarness: () => Promise<DispatcherHarness>, options: DispatcherTraits): void {
  const { distributed } = options;
  describe(`Dispatcher conformance: ${name}`, () => {
    let harness: DispatcherHarness;
    let made: Dispatcher[];
    const outcomes: GroupOutcome[] = [];
    const events: AgentEvent[] = [];

    beforeEach(async () => {
      harness = await makeHarness();
      made = [];
      outcomes.length = 0;
      events.length = 0;
    });
    afterEach(async () => {
      for (const d of made.reverse()) await d.stop();
      await harness.dispose();
    });

    function dispatcher(concurrency = 2): Dispatcher {
      const d = harness.create(concurrency);
      made.push(d);
      return d;
    }

    const supervising: Pick<DispatcherHandlers, 'onOutcome' | 'onEvent'> = {
      onOutcome: async (o) => void outcomes.push(o),
      onEvent: (e) => void events.push(e),
    };

    async function queue(d: Dispatcher, cp: GroupCheckpoint): Promise<void> {
      await harness.seed(cp);
      await d.enqueue({ checkpoint: cp });
    }

    const outcomeOf = (cp: GroupCheckpoint) => outcomes.filter((o) => o.checkpoint.groupId === cp.groupId);

    it('runs a queued group with its checkpoint and hands its outcome over once', async () => {
      const d = dispatcher();
      const seen: GroupJob[] = [];
      await d.start({ ...supervising, run: async (job) => (seen.push(job), { kind: 'finished', checkpoint: { ...job.checkpoint, status: 'done' } }) });
      const a = group();
      const b = group();
      await queue(d, a);
      await until(() => outcomeOf(a).length === 1, 'the outcome of the first group');
      await queue(d, b);
      await until(() => outcomeOf(b).length === 1, 'the outcome of the second group');
      expect(seen.map((j) => j.checkpoint.groupId)).toEqual([a.groupId, b.groupId]);
      expect(seen[0]!.checkpoint.actions).toEqual(a.actions);
      expect(outcomeOf(a)).toHaveLength(1);
      expect(outcomeOf(a)[0]).toMatchObject({ kind: 'finished', checkpoint: { groupId: a.groupId, status: 'done' } });
    });

    it('runs independent groups side by side, never more than its concurrency', async () => {
      const d = dispatcher(2);
      let now = 0;
      let most = 0;
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      await d.start({
        ...supervising,
        run: async (job) => {
          now++;
          most = Math.max(most, now);
          await gate;
          now--;
          return { kind: 'finished', checkpoint: job.checkpoint };
        },
      });
      const cps = [group(), group(), group()];
      for (const cp of cps) await queue(d, cp);
      await until(() => now === 2, 'two groups running at once');
      release();
      await until(() => outcomes.length === 3, 'every outcome');
      expect(most).toBe(2);
    });

    it('carries agents’ progress to the supervising side', async () => {
      const d = dispatcher();
      await d.start({
        ...supervising,
        run: async (job, runtime) => {
          const cp = job.checkpoint;
          runtime.emit({ type: 'action.progress', requestId: cp.requestId, groupId: cp.groupId, actionId: 'a1', text: 'halfway' });
          return { kind: 'finished', checkpoint: cp };
        },
      });
      const cp = group();
      await queue(d, cp);
      await until(() => events.some((e) => e.groupId === cp.groupId), 'the progress event');
      expect(events.find((e) => e.groupId === cp.groupId)).toMatchObject({ type: 'action.progress', text: 'halfway' });
    });

    it('turns an agent that throws into a crashed outcome with its last saved checkpoint', async () => {
      const d = dispatcher();
      await d.start({
        ...supervising,
        run: async (job, runtime) => {
          await runtime.saveCheckpoint({ ...job.checkpoint, position: 1, status: 'running' });
          throw new Error('a bug in the agent');
        },
      });
      const cp = group();
      await queue(d, cp);
      await until(() => outcomeOf(cp).length === 1, 'the crashed outcome');
      const [outcome] = outcomeOf(cp);
      expect(outcome!.kind).toBe('crashed');
      expect(outcome!.checkpoint.position).toBe(1);
      expect(outcome!.kind === 'crashed' && outcome!.error.message).toBe('a bug in the agent');
    });

    it('parks running groups on stop; a new dispatcher resumes them after their last saved checkpoint', async () => {
      const first = dispatcher();
      let started = false;
      await first.start({
        ...supervising,
        run: async (job, runtime) => {
          const cp = { ...job.checkpoint, position: 1, status: 'running' as const };
          cp.actions = cp.actions.map((r, i) => (i === 0 ? { ...r, status: 'done' as const } : r));
          await runtime.saveCheckpoint(cp);
          started = true;
          return stopLikeAnAgent(cp, runtime);
        },
      });
      const cp = group();
      await queue(first, cp);
      await until(() => started, 'the agent to start');
      await first.stop();
      expect(outcomeOf(cp).filter((o) => o.kind !== 'parked')).toHaveLength(0);

      const second = dispatcher();
      const resumed: GroupCheckpoint[] = [];
      await second.start({ ...supervising, run: async (job) => (resumed.push(job.checkpoint), { kind: 'finished', checkpoint: job.checkpoint }) });
      await until(() => outcomeOf(cp).some((o) => o.kind === 'finished'), 'the resumed group to finish');
      expect(resumed).toHaveLength(1);
      expect(resumed[0]!.position).toBe(1);
      expect(resumed[0]!.actions[0]!.status).toBe('done');
    });

    it('cancels a running group: its agent is told to stop, with the reason "cancel"', async () => {
      const worker = dispatcher();
      const boss = distributed ? dispatcher() : worker;
      let running = false;
      await worker.start({
        ...(distributed ? {} : supervising),
        run: async (job, runtime) => {
          running = true;
          return stopLikeAnAgent(job.checkpoint, runtime);
        },
      });
      if (boss !== worker) await boss.start(supervising);
      const cp = group();
      await queue(boss, cp);
      await until(() => running, 'the agent to start');
      expect(await boss.cancel(cp.groupId)).toBe(true);
      await until(() => outcomeOf(cp).length === 1, 'the cancelled group to report');
      expect(outcomeOf(cp)[0]).toMatchObject({ kind: 'finished', checkpoint: { status: 'terminated' } });
    });

    it('cancels a queued group: it runs once, knows of the stop once it has saved, and reports', async () => {
      const d = dispatcher(1);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const signals: Array<{ groupId: string; aborted: boolean; reason: unknown }> = [];
      await d.start({
        ...supervising,
        run: async (job, runtime) => {
          // Like the stepper before a side effect: saved, then the signal.
          await runtime.saveCheckpoint({ ...job.checkpoint, status: 'running' });
          signals.push({ groupId: job.checkpoint.groupId, aborted: runtime.signal.aborted, reason: runtime.signal.reason });
          if (runtime.signal.aborted) return { kind: 'finished', checkpoint: { ...job.checkpoint, status: 'terminated' } };
          await gate;
          return { kind: 'finished', checkpoint: { ...job.checkpoint, status: 'done' } };
        },
      });
      const blocker = group();
      const waiting = group();
      await queue(d, blocker);
      await until(() => signals.length === 1, 'the first group to start');
      await queue(d, waiting);
      expect(await d.cancel(waiting.groupId)).toBe(true);
      release();
      await until(() => outcomes.length === 2, 'both outcomes');
      expect(signals.find((s) => s.groupId === waiting.groupId)).toEqual({ groupId: waiting.groupId, aborted: true, reason: 'cancel' });
      expect(outcomeOf(waiting)[0]!.checkpoint.status).toBe('terminated');
      expect(outcomeOf(blocker)[0]!.checkpoint.status).toBe('done');
    });

    it('cancels a queued group that asks a question before any save: it ends, it does not ask', async () => {
      const d = dispatcher(1);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const blocker = group();
      const asking = group();
      const runs: string[] = [];
      await d.start({
        ...supervising,
        run: async (job, runtime) => {
          const cp = job.checkpoint;
          runs.push(cp.groupId);
          if (cp.groupId === blocker.groupId) {
            await gate;
            return { kind: 'finished', checkpoint: { ...cp, status: 'done' } };
          }
          if (runtime.signal.aborted) return { kind: 'finished', checkpoint: { ...cp, status: 'terminated' } };
          return { kind: 'paused', checkpoint: { ...cp, status: 'waiting' }, question: { id: `${cp.groupId}:a1:q1`, requestId: cp.requestId, groupId: cp.groupId, actionId: 'a1', reason: 'confirmation', text: 'Sure?' } };
        },
      });
      await queue(d, blocker);
      await until(() => runs.length === 1, 'the first group to start');
      await queue(d, asking);
      expect(await d.cancel(asking.groupId)).toBe(true);
      release();
      await until(() => outcomeOf(asking).length === 1 && outcomeOf(blocker).length === 1, 'both outcomes');
      expect(outcomeOf(asking).map((o) => [o.kind, o.checkpoint.status])).toEqual([['finished', 'terminated']]);
    });

    if (distributed) it('cancels a group queued while no worker runs: the worker that takes it later knows before it starts', async () => {
      const boss = dispatcher();
      await boss.start(supervising);
      const cp = group();
      await queue(boss, cp);
      expect(await boss.cancel(cp.groupId)).toBe(true);
      const worker = dispatcher();
      const seen: Array<{ aborted: boolean; reason: unknown }> = [];
      await worker.start({
        run: async (job, runtime) => {
          seen.push({ aborted: runtime.signal.aborted, reason: runtime.signal.reason });
          return { kind: 'finished', checkpoint: { ...job.checkpoint, status: runtime.signal.aborted ? 'terminated' : 'done' } };
        },
      });
      await until(() => outcomeOf(cp).length === 1, 'the cancelled group to report');
      expect(seen).toEqual([{ aborted: true, reason: 'cancel' }]);
      expect(outcomeOf(cp)[0]!.checkpoint.status).toBe('terminated');
    });

    it('says false when asked to cancel a group it has not queued or running', async () => {
      const d = dispatcher();
      await d.start({ ...supervising, run: async (job) => ({ kind: 'finished', checkpoint: job.checkpoint }) });
      expect(await d.cancel('r-none.g1')).toBe(false);
      const cp = group();
      await queue(d, cp);
      await until(() => outcomeOf(cp).length === 1, 'the group to finish');
      expect(await d.cancel(cp.groupId)).toBe(false);
    });

    it('runs a group queued again after a pause, with the answer, and holds no agent while it waits', async () => {
      const d = dispatcher(1);
      const runs: Array<string | undefined> = [];
      await d.start({
        onEvent: supervising.onEvent!,
        onOutcome: async (o) => {
          outcomes.push(o);
          if (o.kind === 'paused') await d.enqueue({ checkpoint: { ...o.checkpoint, status: 'queued', resume: { questionId: o.question.id, answer: 'yes' } } });
        },
        run: async (job) => {
          runs.push(job.checkpoint.resume?.answer);
          const cp = job.checkpoint;
          if (!cp.resume) {
            return { kind: 'paused', checkpoint: { ...cp, status: 'waiting' }, question: { id: `${cp.groupId}:a1:q1`, requestId: cp.requestId, groupId: cp.groupId, actionId: 'a1', reason: 'confirmation', text: 'Sure?' } };
          }
          return { kind: 'finished', checkpoint: { ...cp, status: 'done' } };
        },
      });
      const cp = group();
      await queue(d, cp);
      await until(() => outcomeOf(cp).some((o) => o.kind === 'finished'), 'the resumed group to finish');
      expect(runs).toEqual([undefined, 'yes']);
      expect(outcomeOf(cp).map((o) => o.kind)).toEqual(['paused', 'finished']);
    });

    it('counts the groups queued and running', async () => {
      const d = dispatcher(1);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let started = 0;
      await d.start({ ...supervising, run: async (job) => (started++, await gate, { kind: 'finished', checkpoint: job.checkpoint }) });
      await queue(d, group());
      await until(() => started === 1, 'the first group to start');
      await queue(d, group());
      expect(await d.stats()).toMatchObject({ running: 1, queued: 1 });
      release();
      await until(() => outcomes.length === 2, 'both outcomes');
      let stats = await d.stats();
      for (let i = 0; i < 100 && stats.running + stats.queued > 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        stats = await d.stats();
      }
      expect(stats).toMatchObject({ running: 0, queued: 0 });
    });

    // Only where it applies: an in-process dispatcher supervises and works in the same process.
    if (distributed) it('lets one process supervise while others run the agents, and hears their progress', async () => {
      const boss = dispatcher();
      const workers = [dispatcher(1), dispatcher(1)];
      const ranOn = new Map<string, number>();
      await boss.start(supervising);
      for (const [i, w] of workers.entries()) {
        await w.start({
          run: async (job, runtime) => {
            const cp = job.checkpoint;
            ranOn.set(cp.groupId, i);
            runtime.emit({ type: 'action.progress', requestId: cp.requestId, groupId: cp.groupId, actionId: 'a1', text: `on worker ${i}` });
            await new Promise((r) => setTimeout(r, 50));
            return { kind: 'finished', checkpoint: cp };
          },
        });
      }
      const cps = [group(), group(), group(), group()];
      for (const cp of cps) await queue(boss, cp);
      await until(() => outcomes.length === 4, 'every outcome at the supervising process');
      expect(new Set(ranOn.values()).size).toBe(2);
      await until(() => events.length === 4, 'the progress of every group');
      expect(new Set(events.map((e) => e.groupId))).toEqual(new Set(cps.map((cp) => cp.groupId)));
      expect(events.every((e) => e.type === 'action.progress' && e.text === `on worker ${ranOn.get(e.groupId)}`)).toBe(true);
    });
  });
}
