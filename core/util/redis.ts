import { ConfigError } from '../errors.js';

/** Connection settings of ioredis (and so of BullMQ) taken from a `redis://` or `rediss://` URL. */
export interface RedisTarget {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db?: number;
  tls?: Record<string, never>;
  /** BullMQ workers block on Redis: a command waits for a reconnect instead of failing. */
  maxRetriesPerRequest: null;
}

/**
 * Reads a Redis URL. The password stays in the returned object only: nothing here logs it.
 * Throws a {@link ConfigError} naming REDIS_URL when the URL cannot be used.
 */
export function redisOptions(url: string): RedisTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new ConfigError('REDIS_URL is not a URL', ['REDIS_URL'], { cause: error, hint: 'use e.g. redis://127.0.0.1:6379' });
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new ConfigError(`REDIS_URL must be a redis:// or rediss:// URL, not ${parsed.protocol}`, ['REDIS_URL'], { hint: 'use e.g. redis://127.0.0.1:6379' });
  }
  const db = parsed.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db)) throw new ConfigError(`REDIS_URL names database "${db}", which is not a number`, ['REDIS_URL'], { hint: 'use e.g. redis://127.0.0.1:6379/0' });
  return {
    host: parsed.hostname || '127.0.0.1',
    port: Number(parsed.port || 6379),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(db !== '' ? { db: Number(db) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}

/** Where a Redis URL points, without its credentials, for logs and messages. */
export function redisLabel(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'an unreadable REDIS_URL';
  }
}
