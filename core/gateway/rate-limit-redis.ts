import type { Redis } from 'ioredis';
import { refillPerMs, type RateLimit, type RateLimiter } from './rate-limit.js';

/**
 * The token bucket as one Lua script, on Redis's own clock (TIME), so that gateways on
 * several hosts share each requester's bucket whatever their clocks say. A bucket expires
 * once it would be full again. Returns -1 when a token was taken, else the wait in ms.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1]) or burst
local at = tonumber(b[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local wait = -1
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) / rate) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate) + 1000)
return wait`;

/** A {@link RateLimiter} whose buckets live in Redis under `<prefix>:rate:<key>`. */
export function createRedisRateLimiter(redis: Redis, limit: RateLimit, prefix = 'majordomo'): RateLimiter {
  const rate = String(refillPerMs(limit));
  return {
    limit,
    async take(key) {
      const wait = (await redis.eval(TAKE, 1, `${prefix}:rate:${key}`, String(limit.burst), rate)) as number;
      return wait < 0 ? { allowed: true } : { allowed: false, retryAfterMs: wait };
    },
  };
}
