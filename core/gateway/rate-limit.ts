/** How many new requests one requester may make: `perMinute` on average, `burst` at once. */
export interface RateLimit {
  perMinute: number;
  burst: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Counts requests per requester (a token bucket: `burst` tokens, refilled at `perMinute`
 * a minute). The in-memory one serves one gateway; the Redis one is shared by all the
 * gateways of a distributed assistant.
 */
export interface RateLimiter {
  readonly limit: RateLimit;
  /** Takes one token of `key`'s bucket; when there is none, says how long until there is. */
  take(key: string): Promise<RateDecision>;
}

/** Refill per millisecond. */
export const refillPerMs = (limit: RateLimit): number => limit.perMinute / 60_000;

/** A token bucket per key, in this process. Full buckets are forgotten, so idle requesters cost nothing. */
export function createMemoryRateLimiter(limit: RateLimit, clock: () => Date = () => new Date()): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const rate = refillPerMs(limit);
  let lastSweep = 0;

  function sweep(now: number): void {
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    for (const [key, b] of buckets) if (b.tokens + (now - b.at) * rate >= limit.burst) buckets.delete(key);
  }

  return {
    limit,
    async take(key) {
      const now = clock().getTime();
      sweep(now);
      const bucket = buckets.get(key) ?? { tokens: limit.burst, at: now };
      const tokens = Math.min(limit.burst, bucket.tokens + Math.max(0, now - bucket.at) * rate);
      if (tokens >= 1) {
        buckets.set(key, { tokens: tokens - 1, at: now });
        return { allowed: true };
      }
      buckets.set(key, { tokens, at: now });
      return { allowed: false, retryAfterMs: Math.ceil((1 - tokens) / rate) };
    },
  };
}
