import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/cli.js';
import { gatewayForWorkers, lightChanges, startWorkerProcess } from '../support/distributed.js';
import { deletePrefix, freshPrefix, SHARED_REDIS_URL } from '../support/redis.js';

const TOKEN = 'distributed-shutdown-token-0123456789';

describe('distributed mode: a worker told to stop (SIGTERM)', () => {
  const prefix = freshPrefix('sigterm');
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
    await deletePrefix(SHARED_REDIS_URL, prefix);
  });

  it('finishes its current action, puts the group back in the queue, and another worker does the rest', { timeout: 180_000 }, async () => {
    const dir = await tempDir('majordomo-sigterm-');
    cleanups.push(() => dir.cleanup());
    const common = { REDIS_URL: SHARED_REDIS_URL, MAJORDOMO_QUEUE_PREFIX: prefix, MAJORDOMO_LOG_FILE: '-', MAJORDOMO_LOG_LEVEL: 'warn', LIGHTS_LATENCY_MS: '1500' };
    const gateway = await gatewayForWorkers({ ...common, MAJORDOMO_DATA_DIR: `${dir.path}/gateway` }, TOKEN, cleanups, 'SIGKILL');
    const { watch } = gateway;
    const first = await startWorkerProcess({ ...common, MAJORDOMO_DATA_DIR: `${dir.path}/first` });
    cleanups.push(async () => first.child.kill('SIGKILL'));

    const id = await gateway.api.send('turn on the kitchen light, then set it to 30%, then turn off the garage light');
    while (((await watch.counts())['active'] ?? 0) === 0) await new Promise((r) => setTimeout(r, 20));
    // In the middle of the first action (1.5 s long).
    await new Promise((r) => setTimeout(r, 300));
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    expect(first.stderr()).toMatch(/worker stopped; its unfinished groups are back in the queue/);

    // The action it was in got done, once; the next one did not start; the group waits in the queue.
    expect(await lightChanges(SHARED_REDIS_URL, prefix)).toBe(1);
    expect((await gateway.api.request(id))['status']).toBe('running');
    const counts = await watch.counts();
    expect((counts['waiting'] ?? 0) + (counts['delayed'] ?? 0)).toBe(1);

    const second = await startWorkerProcess({ ...common, MAJORDOMO_DATA_DIR: `${dir.path}/second` });
    cleanups.push(async () => second.child.kill('SIGKILL'));
    const [view] = await gateway.api.allFinished([id], 60_000);
    expect(view!['status']).toBe('done');
    expect(await lightChanges(SHARED_REDIS_URL, prefix)).toBe(3);
    const actions = view!['reports'][0]['actions'] as Array<{ status: string; attempts: unknown[] }>;
    expect(actions.map((a) => [a.status, a.attempts.length])).toEqual([['done', 1], ['done', 1], ['done', 1]]);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  });
});
