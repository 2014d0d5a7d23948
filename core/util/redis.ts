import { InvalidInputError } from '../errors.js';

/** Where a Redis is and how to log in: options that both ioredis and BullMQ take. */
export interface RedisTarget {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db?: number;
  tls?: Record<string, never>;
  maxRetriesPerRequest: null;
}

/**
 * Connection options for ioredis and BullMQ from a `redis://` or `rediss://` URL
 * (`redis://user:password@host:6379/0`). BullMQ needs `maxRetriesPerRequest: null` so that
 * its blocking commands wait through a reconnection instead of failing.
 */
export function redisOptions(url: string): RedisTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new InvalidInputError('the Redis URL is not a URL', { cause: error, hint: 'e.g. redis://127.0.0.1:6379' });
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new InvalidInputError(`the Redis URL has the scheme "${parsed.protocol}"`, { hint: 'use redis:// or rediss://' });
  }
  const db = parsed.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db)) throw new InvalidInputError(`the Redis URL names the database "${db}"`, { hint: 'give a number, e.g. redis://host:6379/0' });
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: Number(parsed.port || 6379),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(db !== '' ? { db: Number(db) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}
