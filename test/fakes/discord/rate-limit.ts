import { createHash } from 'node:crypto';

/** How many requests a bucket takes per window. */
export interface Limit {
  limit: number;
  windowMs: number;
}

export interface TakeResult {
  allowed: boolean;
  headers: Record<string, string>;
  retryAfterS?: number;
}

/**
 * Discord's per-route rate limits: a bucket per route and major parameter (the channel, the
 * webhook), announced on every answer with `X-RateLimit-*` headers; a request over the limit
 * gets 429 with `Retry-After`. A client that reads the headers never sees a 429.
 */
export class RateLimiter {
  /** Answers of 429: a client that respects the headers causes none. */
  limited = 0;
  /** Times a bucket was used up, so that the next request had to wait for its reset. */
  exhausted = 0;
  readonly #default: Limit;
  readonly #routes: Record<string, Limit>;
  readonly #buckets = new Map<string, { remaining: number; resetAt: number }>();

  constructor(fallback: Limit, routes: Readonly<Record<string, Limit>> = {}) {
    this.#default = fallback;
    this.#routes = { ...routes };
  }

  /** Sets one route's limit (undefined: the default again); its buckets start afresh. */
  setLimit(route: string, limit: Limit | undefined): void {
    if (limit) this.#routes[route] = limit;
    else delete this.#routes[route];
    for (const key of [...this.#buckets.keys()]) if (key.startsWith(`${route}|`)) this.#buckets.delete(key);
  }

  /** Counts one request on `route` (e.g. `POST /channels/:id/messages`) for `major` (the channel id). */
  take(route: string, major: string, now = Date.now()): TakeResult {
    const limit = this.#routes[route] ?? this.#default;
    const key = `${route}|${major}`;
    let bucket = this.#buckets.get(key);
    if (!bucket || now >= bucket.resetAt) {
      bucket = { remaining: limit.limit, resetAt: now + limit.windowMs };
      this.#buckets.set(key, bucket);
    }
    const resetAfter = Math.max(0, bucket.resetAt - now) / 1000;
    const headers = {
      'x-ratelimit-limit': String(limit.limit),
      'x-ratelimit-remaining': String(Math.max(0, bucket.remaining - 1)),
      'x-ratelimit-reset': (bucket.resetAt / 1000).toFixed(3),
      'x-ratelimit-reset-after': resetAfter.toFixed(3),
      'x-ratelimit-bucket': createHash('sha1').update(route).digest('hex').slice(0, 32),
    };
    if (bucket.remaining <= 0) {
      this.limited++;
      return {
        allowed: false,
        retryAfterS: resetAfter,
        headers: { ...headers, 'x-ratelimit-remaining': '0', 'x-ratelimit-scope': 'user', 'retry-after': String(Math.max(1, Math.ceil(resetAfter))) },
      };
    }
    bucket.remaining--;
    if (bucket.remaining === 0) this.exhausted++;
    return { allowed: true, headers };
  }
}
