import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/cli.js';
import { lightChanges, ownRedis, plannedCalls, startGateway, startWorkerProcess } from '../support/distributed.js';

const TOKEN = 'distributed-redis-token-0123456789';
const AREAS = ['garage', 'kitchen', 'office', 'porch', 'hallway'];
const REQUESTS = 40;

describe('distributed mode: Redis restarted under load', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  it('loses no request: every one accepted before, during and after the restart ends done', { timeout: 240_000 }, async () => {
    const dir = await tempDir('majordomo-redis-restart-');
    cleanups.push(() => dir.cleanup());
    const redis = await ownRedis(dir.path);
    cleanups.push(() => redis.stop('SIGKILL'));
    const common = {
      REDIS_URL: redis.url,
      MAJORDOMO_QUEUE_LOCK_MS: '5000',
      MAJORDOMO_QUEUE_STALL_CHECK_MS: '1000',
      MAJORDOMO_CONCURRENCY: '2',
      MAJORDOMO_LOG_FILE: '-',
      MAJORDOMO_LOG_LEVEL: 'warn',
      LIGHTS_LATENCY_MS: '100',
    };
    // The gateway runs agents too, so both kinds of process live through the restart.
    const gateway = await startGateway({ ...common, MAJORDOMO_DATA_DIR: `${dir.path}/gateway` }, TOKEN);
    cleanups.push(async () => {
      gateway.cli.child.kill('SIGKILL');
      await gateway.cli.exited;
    });
    const worker = await startWorkerProcess({ ...common, MAJORDOMO_DATA_DIR: `${dir.path}/worker` });
    cleanups.push(async () => {
      worker.child.kill('SIGKILL');
      await worker.exited;
    });

    const ids: string[] = [];
    const send = async (n: number) => ids.push(await gateway.api.send(`turn ${n % 2 ? 'on' : 'off'} the ${AREAS[n % AREAS.length]} light and set the ${AREAS[(n + 2) % AREAS.length]} light to ${20 + n}%`));
    for (let n = 0; n < REQUESTS / 2; n++) await send(n);
    // Killed outright, with groups queued and running: only what the append-only file holds survives.
    await redis.stop('SIGKILL');
    // Requests keep coming while Redis is down: they wait for it rather than fail.
    const during = Promise.all([REQUESTS / 2, REQUESTS / 2 + 1].map(send));
    await new Promise((r) => setTimeout(r, 1500));
    await redis.start();
    await during;
    for (let n = REQUESTS / 2 + 2; n < REQUESTS; n++) await send(n);

    const views = await gateway.api.allFinished(ids, 150_000);
    expect(ids).toHaveLength(REQUESTS);
    expect(views.map((v) => v['status'])).toEqual(ids.map(() => 'done'));
    expect(await lightChanges(redis.url, 'majordomo')).toBe(plannedCalls(views, 'lights.'));

    gateway.cli.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
    expect((await gateway.cli.exited).code).toBe(0);
    expect((await worker.exited).code).toBe(0);
  });
});
