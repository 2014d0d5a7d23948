import type { Redis } from 'ioredis';
import type { ScheduledJob, ScheduledRecord, ScheduledStatus } from '../scheduler.js';

/**
 * The jobs of the BullMQ scheduler as Majordomo sees them, in two Redis hashes beside the
 * queue: `jobs` (id → the job as JSON, opaque to Redis) and `states` (id → "status rev
 * firedAtMs"). BullMQ only keeps the time; these say whether a job is still pending, and
 * which revision of it is. Every change is one Lua script, so that processes sharing the
 * Redis agree: scheduling again bumps the revision (an older reminder job then fires
 * nothing), and only the firing of the current revision of a pending job counts.
 */
export interface JobRecords {
  /** Stores a job as pending; its new revision, or undefined when a fired reminder of that id is kept. */
  upsert(job: ScheduledJob): Promise<number | undefined>;
  /** The job and its state, if the id is known. */
  get(id: string): Promise<{ record: ScheduledRecord; rev: number } | undefined>;
  /**
   * Revision `rev` fired at `firedAt`: a reminder becomes fired; a routine stays pending at
   * its next occurrence `next`. False when it was no longer that pending revision.
   */
  fired(id: string, rev: number, firedAt: Date, next?: ScheduledJob): Promise<boolean>;
  /** Pending → cancelled; the revision it had, or undefined when it was not pending. */
  cancel(id: string): Promise<number | undefined>;
  all(): Promise<Array<{ record: ScheduledRecord; rev: number }>>;
}

const STATE = `local function state(key, id)
  local s = redis.call('HGET', key, id)
  if not s then return nil end
  local status, rev, fired = string.match(s, '^(%a+) (%d+) (%d*)$')
  return status, rev, fired
end
`;

const UPSERT = `${STATE}
local status, rev, fired = state(KEYS[2], ARGV[1])
if status == 'fired' then return -1 end
local next = (tonumber(rev) or 0) + 1
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], 'pending ' .. next .. ' ' .. (fired or ''))
return next`;

const FIRED = `${STATE}
local status, rev = state(KEYS[2], ARGV[1])
if status ~= 'pending' or rev ~= ARGV[2] then return 0 end
if ARGV[4] ~= '' then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[4])
  redis.call('HSET', KEYS[2], ARGV[1], 'pending ' .. rev .. ' ' .. ARGV[3])
else
  redis.call('HSET', KEYS[2], ARGV[1], 'fired ' .. rev .. ' ' .. ARGV[3])
end
return 1`;

const CANCEL = `${STATE}
local status, rev, fired = state(KEYS[2], ARGV[1])
if status ~= 'pending' then return -1 end
redis.call('HSET', KEYS[2], ARGV[1], 'cancelled ' .. rev .. ' ' .. fired)
return tonumber(rev)`;

interface StoredJob extends Omit<ScheduledJob, 'at'> {
  at: string;
}

function encode(job: ScheduledJob): string {
  return JSON.stringify({ ...job, at: job.at.toISOString() } satisfies StoredJob);
}

function decode(json: string, state: string): { record: ScheduledRecord; rev: number } {
  const stored = JSON.parse(json) as StoredJob;
  const [status, rev, fired] = state.split(' ') as [ScheduledStatus, string, string | undefined];
  const record: ScheduledRecord = { ...stored, at: new Date(stored.at), status };
  if (fired) record.firedAt = new Date(Number(fired));
  return { record, rev: Number(rev) };
}

/** The replies of a transaction, or the first error among them. */
async function results(replies: Promise<Array<[Error | null, unknown]> | null>): Promise<unknown[]> {
  const all = await replies;
  if (all === null) throw new Error('a Redis transaction of the job records was aborted');
  for (const [error] of all) if (error) throw error;
  return all.map(([, value]) => value);
}

/** Records kept under `base` (`<prefix>:<queue>`), through `redis`. */
export function jobRecords(redis: Redis, base: string): JobRecords {
  const keys = [`${base}:mj:jobs`, `${base}:mj:states`] as const;
  const run = (script: string, ...args: string[]): Promise<number> => redis.eval(script, 2, ...keys, ...args) as Promise<number>;
  return {
    async upsert(job) {
      const rev = await run(UPSERT, job.id, encode(job));
      return rev < 0 ? undefined : rev;
    },
    async get(id) {
      // One transaction, so that the job and its state are of the same revision.
      const [json, state] = (await results(redis.multi().hget(keys[0], id).hget(keys[1], id).exec())) as [string | null, string | null];
      return json === null || state === null ? undefined : decode(json, state);
    },
    async fired(id, rev, firedAt, next) {
      return (await run(FIRED, id, String(rev), String(firedAt.getTime()), next ? encode(next) : '')) === 1;
    },
    async cancel(id) {
      const rev = await run(CANCEL, id);
      return rev < 0 ? undefined : rev;
    },
    async all() {
      const [jobs, states] = (await results(redis.multi().hgetall(keys[0]).hgetall(keys[1]).exec())) as [Record<string, string>, Record<string, string>];
      return Object.entries(jobs).flatMap(([id, json]) => (states[id] === undefined ? [] : [decode(json, states[id])]));
    },
  };
}
