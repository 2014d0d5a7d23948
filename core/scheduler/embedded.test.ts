import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openSqliteStore, type SqliteStore } from '../store/sqlite/sqlite-store.js';
import { silentLogger, type Logger } from '../util/logger.js';
import { createEmbeddedScheduler, type EmbeddedSchedulerOptions } from './embedded.js';
import type { ScheduledJob, Scheduler } from './scheduler.js';

const dir = mkdtempSync(join(tmpdir(), 'mj-scheduler-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const deliverTo = { channel: 'console', conversationId: 'c1', userId: 'ada' };
const job = (id: string, at: Date, text = `remember ${id}`): ScheduledJob => ({ id, kind: 'reminder', at, text, deliverTo });
const inMs = (ms: number): Date => new Date(Date.now() + ms);

async function waitFor(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What a handler saw: each call with the job, its lateness and when it came. */
function recorder(fail: (job: ScheduledJob, call: number) => boolean = () => false) {
  const calls: Array<{ job: ScheduledJob; late: boolean; at: number }> = [];
  const onFire = async (fired: ScheduledJob, info: { late: boolean }): Promise<void> => {
    calls.push({ job: fired, late: info.late, at: Date.now() });
    if (fail(fired, calls.length)) throw new Error(`handler failed on call ${calls.length}`);
  };
  return { calls, onFire };
}

describe('embedded scheduler', () => {
  const stores: SqliteStore[] = [];
  const schedulers: Scheduler[] = [];
  const make = (store: SqliteStore, options: Partial<EmbeddedSchedulerOptions> = {}): Scheduler => {
    const scheduler = createEmbeddedScheduler({ store: store.scheduled, ...options });
    schedulers.push(scheduler);
    return scheduler;
  };
  const openStore = (path = ':memory:'): SqliteStore => {
    const store = openSqliteStore({ path });
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(schedulers.splice(0).map((s) => s.stop()));
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });

  it('fires a job at its time, not before, and marks it fired', async () => {
    const store = openStore();
    const scheduler = make(store);
    const { calls, onFire } = recorder();
    await scheduler.schedule(job('later', inMs(60 * 60_000)));
    await scheduler.start(onFire);
    const scheduledAt = Date.now();
    // Scheduled after start and earlier than the armed timer: the timer must be re-armed.
    await scheduler.schedule(job('soon', new Date(scheduledAt + 60)));
    await waitFor(() => calls.length === 1);
    expect(calls[0]!.job).toEqual(job('soon', new Date(scheduledAt + 60)));
    expect(calls[0]!.late).toBe(false);
    expect(calls[0]!.at - scheduledAt).toBeGreaterThanOrEqual(55);
    await vi.waitFor(async () => expect(await store.scheduled.get('soon')).toMatchObject({ status: 'fired', firedAt: expect.any(Date) }));
    expect(await scheduler.list({ status: 'pending' })).toMatchObject([{ id: 'later' }]);
  });

  it('fires jobs that fell due while it was down, at start, marked late when over a minute late', async () => {
    const path = join(dir, `${randomUUID()}.db`);
    const before = openStore(path);
    const now = Date.now();
    await make(before).schedule(job('long-ago', new Date(now + 30_000)));
    await make(before).schedule(job('just-now', new Date(now + 110_000)));
    await make(before).schedule(job('future', new Date(now + 60 * 60_000)));
    await before.close();

    // Two minutes later, a new process.
    const after = openStore(path);
    const { calls, onFire } = recorder();
    await make(after, { clock: () => new Date(Date.now() + 120_000) }).start(onFire);
    await waitFor(() => calls.length === 2);
    expect(calls.map((c) => [c.job.id, c.late])).toEqual([['long-ago', true], ['just-now', false]]);
    await vi.waitFor(async () => expect((await after.scheduled.list({ status: 'fired' })).map((j) => j.id)).toEqual(['long-ago', 'just-now']));
    await sleep(50);
    expect(calls).toHaveLength(2);
  });

  it('does not fire a cancelled job', async () => {
    const store = openStore();
    const scheduler = make(store);
    const { calls, onFire } = recorder();
    await scheduler.start(onFire);
    await scheduler.schedule(job('j1', inMs(40)));
    expect(await scheduler.cancel('j1')).toBe(true);
    expect(await scheduler.cancel('j1')).toBe(false);
    expect(await scheduler.cancel('unknown')).toBe(false);
    await sleep(120);
    expect(calls).toEqual([]);
    expect(await store.scheduled.get('j1')).toMatchObject({ status: 'cancelled' });
  });

  it('keeps one job per id: scheduling again replaces it', async () => {
    const store = openStore();
    const scheduler = make(store);
    const { calls, onFire } = recorder();
    await scheduler.schedule(job('j1', inMs(60 * 60_000), 'first'));
    await scheduler.start(onFire);
    await scheduler.schedule(job('j1', inMs(30), 'second'));
    expect(await scheduler.list()).toHaveLength(1);
    await waitFor(() => calls.length === 1);
    await scheduler.schedule(job('j1', inMs(10), 'third'));
    await sleep(80);
    expect(calls.map((c) => c.job.text)).toEqual(['second']);
    expect(await store.scheduled.get('j1')).toMatchObject({ text: 'second', status: 'fired' });
  });

  it('retries a failing handler with a growing delay, logs it, and never loses the job', async () => {
    const store = openStore();
    const warnings: object[] = [];
    const logger: Logger = { ...silentLogger, warn: (obj) => void warnings.push(obj as object) };
    const scheduler = make(store, { logger, retryBaseMs: 20, retryMaxMs: 1_000 });
    const { calls, onFire } = recorder((_job, call) => call <= 2);
    await scheduler.schedule(job('flaky', inMs(-1)));
    await scheduler.start(onFire);
    await waitFor(() => calls.length === 3);
    // 20 ms, then 40 ms (less a little for timer granularity).
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(15);
    expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(35);
    expect(warnings).toMatchObject([{ jobId: 'flaky', failures: 1 }, { jobId: 'flaky', failures: 2 }]);
    await vi.waitFor(async () => expect(await store.scheduled.get('flaky')).toMatchObject({ status: 'fired' }));
    await sleep(60);
    expect(calls).toHaveLength(3);
  });

  it('keeps firing other jobs while one keeps failing', async () => {
    const store = openStore();
    const scheduler = make(store, { retryBaseMs: 10_000 });
    const { calls, onFire } = recorder((fired) => fired.id === 'broken');
    await scheduler.schedule(job('broken', inMs(-10)));
    await scheduler.start(onFire);
    await scheduler.schedule(job('fine', inMs(30)));
    await waitFor(() => calls.some((c) => c.job.id === 'fine'));
    expect(calls.map((c) => c.job.id)).toEqual(['broken', 'fine']);
    expect(await store.scheduled.get('broken')).toMatchObject({ status: 'pending' });
  });

  it('waits for a fire in flight when stopped, then fires nothing more', async () => {
    const store = openStore();
    const scheduler = make(store);
    let release: () => void = () => {};
    const calls: string[] = [];
    await scheduler.schedule(job('slow', inMs(-1)));
    await scheduler.start(async (fired) => {
      calls.push(fired.id);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await waitFor(() => calls.length === 1);
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await sleep(20);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await store.scheduled.get('slow')).toMatchObject({ status: 'fired' });
    await scheduler.schedule(job('after-stop', inMs(-1)));
    await sleep(30);
    expect(calls).toEqual(['slow']);
  });

  it('never arms a timer longer than setTimeout allows', async () => {
    const store = openStore();
    const spy = vi.spyOn(globalThis, 'setTimeout');
    try {
      const scheduler = make(store, { maxDelayMs: Number.MAX_SAFE_INTEGER });
      await scheduler.schedule(job('far', new Date('2100-01-01T00:00:00Z')));
      await scheduler.start(async () => {});
      await vi.waitFor(() => expect(spy.mock.calls.some(([, ms]) => (ms ?? 0) > 1_000_000_000)).toBe(true));
      expect(Math.max(...spy.mock.calls.map(([, ms]) => ms ?? 0))).toBeLessThanOrEqual(2 ** 31 - 1);
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses to start twice', async () => {
    const scheduler = make(openStore());
    await scheduler.start(async () => {});
    await expect(scheduler.start(async () => {})).rejects.toMatchObject({ code: 'MJ_ERR_CONFLICT' });
  });
});
