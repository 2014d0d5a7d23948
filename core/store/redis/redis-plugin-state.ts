import type { Redis } from 'ioredis';
import { InvalidInputError } from '../../errors.js';
import type { PluginState } from '../plugin-state.js';

/**
 * Compare-and-set of one value together with its ledger entry: the value is written only if
 * the key still holds what the caller read, and the idempotency key was not applied
 * meanwhile. Returns {1} when written, {0, result} when the key was applied, {-1} when the
 * value changed under the caller (it reads again and retries).
 */
const APPLY = `
local done = redis.call('HGET', KEYS[2], ARGV[3])
if done then return {0, done} end
local current = redis.call('HGET', KEYS[1], ARGV[1])
if (current or '') ~= ARGV[2] or (ARGV[2] == '' and current) then return {-1} end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[4])
redis.call('HSET', KEYS[2], ARGV[3], ARGV[5])
return {1}
`;

/** Results are wrapped so that an undefined one still marks its key applied. */
function wrap(result: unknown): string {
  return JSON.stringify({ r: result });
}

function unwrap<R>(raw: string): R {
  return (JSON.parse(raw) as { r: R }).r;
}

function encode(value: unknown, what: string): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new InvalidInputError(`${what} cannot be stored: it is not JSON`, { hint: 'store plain objects, arrays, strings, numbers or booleans' });
  return json;
}

const MAX_ATTEMPTS = 1000;
/** Keys per namespace whose last known value a process keeps. */
const MAX_KNOWN = 10_000;

/**
 * {@link PluginState} in Redis, for every process of a distributed assistant: workers on
 * any host see the same simulated home and calendar, and `apply` is exactly-once across
 * them (an atomic compare-and-set in a Lua script, with the idempotency ledger in the same
 * step). One hash per namespace for values, one for the ledger.
 */
export class RedisPluginStates {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(redis: Redis, prefix: string) {
    this.#redis = redis;
    this.#prefix = prefix;
    if (!('mjApply' in redis)) redis.defineCommand('mjApply', { numberOfKeys: 2, lua: APPLY });
  }

  forNamespace(namespace: string): PluginState {
    if (namespace.length === 0) throw new InvalidInputError('a plugin state namespace must not be empty');
    const redis = this.#redis;
    const values = `${this.#prefix}:state:${namespace}`;
    const ledger = `${this.#prefix}:applied:${namespace}`;
    const what = (key: string): string => `the value of ${namespace}/${key}`;
    const apply = (redis as unknown as { mjApply(k1: string, k2: string, ...args: string[]): Promise<[number, string?]> }).mjApply.bind(redis);

    /**
     * What each key held when this process last read or wrote it ('' for nothing): `apply`
     * tries its compare-and-set on it at once, one round trip, and reads first only when
     * another process changed the key since.
     */
    const known = new Map<string, string>();
    const remember = (key: string, raw: string): void => {
      if (known.size >= MAX_KNOWN) known.clear();
      known.set(key, raw);
    };

    return {
      get: async <T>(key: string) => {
        const raw = await redis.hget(values, key);
        remember(key, raw ?? '');
        return raw === null ? undefined : (JSON.parse(raw) as T);
      },
      set: async <T>(key: string, value: T) => {
        const raw = encode(value, what(key));
        known.delete(key);
        await redis.hset(values, key, raw);
        remember(key, raw);
      },
      delete: async (key: string) => {
        known.delete(key);
        await redis.hdel(values, key);
        remember(key, '');
      },
      list: async <T>(prefix: string) => {
        const all = await redis.hgetall(values);
        return Object.keys(all)
          .filter((k) => k.startsWith(prefix))
          .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
          .map((key) => ({ key, value: JSON.parse(all[key]!) as T }));
      },
      apply: async <T, R>(key: string, idempotencyKey: string, update: (current: T | undefined) => { next: T; result: R }) => {
        // What the compare-and-set expects the key to hold: the value last seen, else read (with the ledger) first.
        let expected = known.get(key);
        for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
          if (expected === undefined) {
            const [done, raw] = await redis.multi().hget(ledger, idempotencyKey).hget(values, key).exec().then((r) => r!.map(([error, value]) => {
              if (error) throw error;
              return value as string | null;
            }));
            if (done !== null && done !== undefined) return { result: unwrap<R>(done), replayed: true };
            expected = raw ?? '';
          }
          const { next, result } = update(expected === '' ? undefined : (JSON.parse(expected) as T));
          const written = encode(next, what(key));
          const [status, earlier] = await apply(values, ledger, key, expected, idempotencyKey, written, wrap(result));
          if (status === 1) {
            remember(key, written);
            return { result, replayed: false };
          }
          if (status === 0) return { result: unwrap<R>(earlier!), replayed: true };
          known.delete(key);
          expected = undefined;
        }
        throw new InvalidInputError(`${what(key)} changed ${MAX_ATTEMPTS} times while it was being updated`, { hint: 'too many updates of one key at once; try again' });
      },
      applied: async <R>(idempotencyKey: string) => {
        const raw = await redis.hget(ledger, idempotencyKey);
        return raw === null ? undefined : unwrap<R>(raw);
      },
      recordApplied: async <R>(idempotencyKey: string, result: R) => {
        await redis.hsetnx(ledger, idempotencyKey, wrap(result));
      },
    };
  }
}
