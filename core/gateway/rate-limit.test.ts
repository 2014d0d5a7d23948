import { describe, expect, it } from 'vitest';
import { QueueGauge, refusalOf, inWords } from './admission.js';
import { createMemoryRateLimiter } from './rate-limit.js';

describe('in-memory rate limit (token bucket)', () => {
  it('lets a burst through, then refuses with the wait until the next token, refilled at the rate', async () => {
    let now = Date.parse('2026-11-22T08:00:00Z');
    const limiter = createMemoryRateLimiter({ perMinute: 6, burst: 3 }, () => new Date(now));
    for (let i = 0; i < 3; i++) expect(await limiter.take('console:ada')).toEqual({ allowed: true });
    expect(await limiter.take('console:ada')).toEqual({ allowed: false, retryAfterMs: 10_000 });
    now += 4_000;
    expect(await limiter.take('console:ada')).toEqual({ allowed: false, retryAfterMs: 6_000 });
    now += 6_000;
    expect(await limiter.take('console:ada')).toEqual({ allowed: true });
    expect(await limiter.take('console:ada')).toMatchObject({ allowed: false });
    // Another requester has a bucket of their own.
    expect(await limiter.take('discord:bob')).toEqual({ allowed: true });
    // A long pause fills the bucket up to the burst, no further.
    now += 3_600_000;
    for (let i = 0; i < 3; i++) expect(await limiter.take('console:ada')).toEqual({ allowed: true });
    expect(await limiter.take('console:ada')).toMatchObject({ allowed: false });
  });
});

describe('admission of new requests', () => {
  const stats = (queued: number, running: number) => ({ stats: async () => ({ queued, running }) });

  it('turns requests away at the queue bound, naming it, without using up the requester\'s rate', async () => {
    const limiter = createMemoryRateLimiter({ perMinute: 60, burst: 1 });
    const full = await refusalOf('console:ada', { maxQueued: 5, dispatcher: stats(3, 2), rateLimiter: limiter });
    expect(full).toMatchObject({ code: 'MJ_ERR_QUEUE_FULL', retryAfterMs: 60_000 });
    expect(full!.reason).toMatch(/5 groups of actions queued or running.*MAJORDOMO_MAX_QUEUED is 5.*not run.*again in about 60 seconds/);
    expect(await refusalOf('console:ada', { maxQueued: 5, dispatcher: stats(3, 1), rateLimiter: limiter })).toBeUndefined();
  });

  it('turns requests away over the rate, saying the limit and when to try again', async () => {
    const limiter = createMemoryRateLimiter({ perMinute: 30, burst: 1 });
    const options = { maxQueued: 0, dispatcher: stats(1_000_000, 0), rateLimiter: limiter };
    expect(await refusalOf('email:ada@example.org', options)).toBeUndefined();
    const over = await refusalOf('email:ada@example.org', options);
    expect(over).toMatchObject({ code: 'MJ_ERR_RATE_LIMITED' });
    expect(over!.retryAfterMs).toBeGreaterThan(1_000);
    expect(over!.retryAfterMs).toBeLessThanOrEqual(2_000);
    expect(over!.reason).toMatch(/30 new requests a minute \(1 at once\).*not run.*again in 2 seconds/);
  });

  it('takes everything when neither is set', async () => {
    for (let i = 0; i < 50; i++) expect(await refusalOf('console:ada', { maxQueued: 0, dispatcher: stats(10 ** 9, 10 ** 9) })).toBeUndefined();
  });

  it('reads the queue through a gauge: one question per period, with the groups queued since counted', async () => {
    let now = 0;
    let asked = 0;
    let counts = { queued: 3, running: 1 };
    const gauge = new QueueGauge({ stats: async () => (asked++, counts) }, 200, () => now);
    // A burst asks once, however many requests come at the same time.
    const burst = await Promise.all(Array.from({ length: 20 }, () => gauge.stats()));
    expect(burst.every((s) => s.queued === 3 && s.running === 1)).toBe(true);
    expect(asked).toBe(1);
    gauge.added(2);
    expect(await gauge.stats()).toEqual({ queued: 5, running: 1 });
    expect(await refusalOf('console:ada', { maxQueued: 6, dispatcher: gauge })).toMatchObject({ code: 'MJ_ERR_QUEUE_FULL' });
    // Once the reading is old, it is read again, and what it includes is no longer added on top.
    counts = { queued: 1, running: 0 };
    now = 201;
    expect(await gauge.stats()).toEqual({ queued: 1, running: 0 });
    expect(asked).toBe(2);
    expect(await refusalOf('console:ada', { maxQueued: 6, dispatcher: gauge })).toBeUndefined();
  });

  it('says waits in words', () => {
    expect([inWords(1), inWords(1_000), inWords(12_300), inWords(89_000), inWords(90_001), inWords(600_000)]).toEqual([
      '1 second',
      '1 second',
      '13 seconds',
      '89 seconds',
      '2 minutes',
      '10 minutes',
    ]);
  });
});
