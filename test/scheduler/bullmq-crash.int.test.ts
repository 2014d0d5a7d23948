import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBullmqScheduler, type BullmqScheduler } from '../../core/scheduler/bullmq/bullmq-scheduler.js';
import type { ScheduledJob } from '../../core/scheduler/scheduler.js';
import { redisOptions } from '../../core/util/redis.js';
import { eventually } from '../support/eventually.js';
import { deletePrefix } from '../support/redis.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const connection = redisOptions(REDIS_URL);
const prefix = `mj-test-sched-crash-${randomBytes(4).toString('hex')}`;
const opened: BullmqScheduler[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await deletePrefix(connection, prefix);
});

describe('BullMQ scheduler when a process dies while firing', () => {
  it('hands the job to another process, which fires it; the job is never lost', async () => {
    const setter = createBullmqScheduler({ connection, prefix });
    opened.push(setter);
    const job: ScheduledJob = { id: 'trash', kind: 'reminder', at: new Date(Date.now() + 200), text: 'take out the trash', deliverTo: { channel: 'console', conversationId: 'c1', userId: 'ada' } };
    await setter.schedule(job);

    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fire-and-hang.ts')], {
      env: { ...process.env, REDIS_URL, PREFIX: prefix },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let printed = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (printed += d));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await eventually(() => printed.includes('firing trash'), 'the child to start firing', 20_000);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    expect(await setter.list()).toMatchObject([{ id: 'trash', status: 'pending' }]);

    const survivor = createBullmqScheduler({ connection, prefix, stalledIntervalMs: 300 });
    opened.push(survivor);
    const fired: ScheduledJob[] = [];
    await survivor.start(async (j) => void fired.push(j));
    await eventually(async () => (await survivor.list({ status: 'fired' })).length === 1, 'the survivor to fire the job', 20_000);
    expect(fired).toEqual([job]);
  });
});
