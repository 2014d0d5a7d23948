import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createBullmqScheduler } from '../../core/scheduler/bullmq/bullmq-scheduler.js';
import { redisOptions } from '../../core/util/redis.js';
import { startTestAssistant, type TestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';
import { eventually } from '../support/eventually.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const prefix = `mj-test-reminders-${randomBytes(4).toString('hex')}`;
afterAll(async () => {
  const redis = new Redis(redisOptions(REDIS_URL));
  const keys = [...(await redis.keys(`${prefix}:*`)), ...(await redis.keys(`${prefix}-every:*`))];
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe('reminders with REDIS_URL set', () => {
  const cleanup = cleanupAfterEach();

  it('are BullMQ jobs: set on one host, kept while every process is down, fired once by one of two gateways', async () => {
    const env = { REDIS_URL, MAJORDOMO_QUEUE_PREFIX: prefix };
    const first: TestAssistant = await startTestAssistant(env);
    cleanup(() => first.dispose());
    // Far enough ahead that this host is closed before it is due, however slow the machine is (in 2 seconds, it sometimes fired here).
    await first.type('remind me in 8 seconds to water the plants');
    await first.waitForOutput(/✓ I'll remind you to water the plants/);
    // Not in this host's SQLite store: in Redis, where every process sees it.
    expect(await first.store.scheduled.list()).toEqual([]);
    const reader = createBullmqScheduler({ connection: redisOptions(REDIS_URL), prefix });
    cleanup(() => reader.close());
    const [pending] = await reader.list();
    expect(pending).toMatchObject({ kind: 'reminder', text: 'water the plants', status: 'pending', deliverTo: { channel: 'console' } });
    await first.close();
    expect(Date.now()).toBeLessThan(pending!.at.getTime());

    // Every process down when it falls due.
    await new Promise((r) => setTimeout(r, pending!.at.getTime() - Date.now() + 500));
    const gateways = await Promise.all([startTestAssistant(env), startTestAssistant(env)]);
    for (const g of gateways) cleanup(() => g.dispose());
    const shown = () => gateways.map((g) => (g.terminal().match(/⏰ Reminder: water the plants/g) ?? []).length);
    await eventually(() => shown().some((n) => n > 0), 'the reminder to fire on a gateway');
    await eventually(async () => (await reader.list({ status: 'fired' })).length === 1, 'the reminder to be marked fired');
    await new Promise((r) => setTimeout(r, 300));
    expect(shown().sort()).toEqual([0, 1]);
  }, 60_000);

  it('that repeat are BullMQ job schedulers, listed and stopped through any gateway', async () => {
    const env = { REDIS_URL, MAJORDOMO_QUEUE_PREFIX: `${prefix}-every` };
    const a = await startTestAssistant(env);
    cleanup(() => a.dispose());
    await a.type('remind me every weekday at 7am to check the boiler');
    await a.waitForOutput(/✓ I'll remind you to check the boiler every weekday at 07:00, first /);
    const reader = createBullmqScheduler({ connection: redisOptions(REDIS_URL), prefix: `${prefix}-every` });
    cleanup(() => reader.close());
    const [routine] = await reader.list({ status: 'pending' });
    expect(routine).toMatchObject({ kind: 'routine', text: 'check the boiler', repeat: { cron: '0 7 * * 1-5', timeZone: 'UTC' } });
    expect([1, 2, 3, 4, 5]).toContain(routine!.at.getUTCDay());
    expect(routine!.at.getUTCHours()).toBe(7);
    await a.type('what reminders do I have');
    await a.waitForOutput(/check the boiler: every weekday at 07:00, next /);
    await a.type('stop reminding me to check the boiler');
    await a.waitForOutput(/✓ I won't remind you to check the boiler any more\./);
    expect(await reader.list({ status: 'pending' })).toEqual([]);
  });
});
