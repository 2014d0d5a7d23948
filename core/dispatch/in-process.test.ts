import { afterEach, describe, expect, it } from 'vitest';
import { initialCheckpoint } from '../agent/records.js';
import type { GroupCheckpoint } from '../agent/checkpoint.js';
import { openSqliteStore } from '../store/sqlite/sqlite-store.js';
import type { Store } from '../store/store.js';
import { silentLogger } from '../util/logger.js';
import type { GroupOutcome } from './dispatcher.js';
import { createInProcessDispatcher } from './in-process.js';

function checkpoint(requestId: string): GroupCheckpoint {
  return initialCheckpoint({
    requestId,
    group: { id: 'g1', actions: [{ id: 'a1', text: 't', dependsOn: [], optional: false, decision: { kind: 'none', reason: 'test' } }] },
    requester: { address: { channel: 'console', conversationId: 'c', userId: 'u' } },
    requestText: 't',
    brain: 'test',
    at: new Date(),
  });
}

async function storeWith(...cps: GroupCheckpoint[]): Promise<Store> {
  const store = openSqliteStore({ path: ':memory:' });
  for (const cp of cps) {
    const at = new Date().toISOString();
    await store.createRequest({ id: cp.requestId, text: 't', requester: cp.requester, status: 'running', plan: { groups: [] }, brain: 'test', createdAt: at, updatedAt: at }, [cp]);
  }
  return store;
}

describe('in-process dispatcher', () => {
  const stores: Store[] = [];
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
  });

  it('runs a group enqueued again while its last run still hands over its outcome, after that run', async () => {
    const cp = checkpoint('r1');
    const store = await storeWith(cp);
    stores.push(store);
    const dispatcher = createInProcessDispatcher({ store, concurrency: 2, logger: silentLogger });
    const runs: string[] = [];
    let release!: () => void;
    const handedOver = new Promise<void>((r) => (release = r));
    let outcomes = 0;
    const second = new Promise<void>((resolve) => {
      void dispatcher.start({
        run: async (job) => {
          runs.push(job.checkpoint.resume?.answer ?? 'first');
          return { kind: 'finished', checkpoint: job.checkpoint } satisfies GroupOutcome;
        },
        onOutcome: async () => {
          outcomes++;
          if (outcomes === 1) {
            // The answer arrives while the first outcome is still being handled.
            await dispatcher.enqueue({ checkpoint: { ...cp, resume: { questionId: 'q', answer: 'second' } } });
            release();
          } else resolve();
        },
      });
    });
    await dispatcher.enqueue({ checkpoint: cp });
    await handedOver;
    await second;
    expect(runs).toEqual(['first', 'second']);
    await dispatcher.stop();
  });

  it('resumes the groups a previous process left queued or running', async () => {
    const a = { ...checkpoint('r1'), status: 'running' as const };
    const b = { ...checkpoint('r2'), status: 'waiting' as const };
    const store = await storeWith(a, b);
    stores.push(store);
    const dispatcher = createInProcessDispatcher({ store, concurrency: 2, logger: silentLogger });
    const ran: string[] = [];
    await new Promise<void>((resolve) => {
      void dispatcher.start({
        run: async (job) => {
          ran.push(job.checkpoint.requestId);
          return { kind: 'finished', checkpoint: job.checkpoint };
        },
        onOutcome: async () => resolve(),
      });
    });
    await dispatcher.stop();
    // The waiting group waits for its answer; only the running one resumes.
    expect(ran).toEqual(['r1']);
  });

  it('turns an agent that throws into a crashed outcome with the last saved checkpoint', async () => {
    const cp = checkpoint('r1');
    const store = await storeWith(cp);
    stores.push(store);
    const dispatcher = createInProcessDispatcher({ store, concurrency: 1, logger: silentLogger });
    const outcome = await new Promise<GroupOutcome>((resolve) => {
      void dispatcher.start({
        run: async (job, runtime) => {
          await runtime.saveCheckpoint({ ...job.checkpoint, position: 1 });
          throw new Error('bug');
        },
        onOutcome: async (o) => resolve(o),
      });
      void dispatcher.enqueue({ checkpoint: cp });
    });
    expect(outcome.kind).toBe('crashed');
    expect(outcome.checkpoint.position).toBe(1);
    expect(outcome.kind === 'crashed' && outcome.error.message).toBe('bug');
    await dispatcher.stop();
  });
});
