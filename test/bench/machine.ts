import { closeSync, fdatasyncSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { redisOptions } from '../../core/util/redis.js';
import { ms, summarize } from './stats.js';

export interface MachineCosts {
  /** A Redis command's round trip, one at a time (median, ms). */
  redisRoundTrip: number;
  /** An 8 KB write followed by fdatasync, as a commit's sync does (median, ms). */
  fdatasync: number;
  /** A yardstick of plain JavaScript: a 2 KB checkpoint-like object through JSON and back (median, ms). */
  json: number;
}

/**
 * What the operations the figures are made of cost on this machine, measured before them: the
 * same code runs several times faster on one machine than on another, and mostly in these
 * (a command to Redis on another core, a sync of the disk), not evenly.
 */
export async function machineCosts(redisUrl: string): Promise<MachineCosts> {
  const redis = new Redis(redisOptions(redisUrl));
  try {
    for (let i = 0; i < 200; i++) await redis.ping();
    const trips: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const t0 = performance.now();
      await redis.ping();
      trips.push(performance.now() - t0);
    }
    const path = join(tmpdir(), `majordomo-bench-sync-${process.pid}`);
    const fd = openSync(path, 'w');
    const syncs: number[] = [];
    try {
      const page = Buffer.alloc(8192, 1);
      for (let i = 0; i < 100; i++) {
        writeSync(fd, page, 0, page.length, (i % 16) * page.length);
        const t0 = performance.now();
        fdatasyncSync(fd);
        syncs.push(performance.now() - t0);
      }
    } finally {
      closeSync(fd);
      unlinkSync(path);
    }
    const sample = { checkpoint: { actions: Array.from({ length: 4 }, (_, i) => ({ id: `a${i}`, text: `set the kitchen light to ${i}%`, args: { location: 'kitchen', percent: i }, attempts: [{ n: 1, startedAt: new Date(0).toISOString(), result: { ok: true, summary: 'The kitchen light is at 1%.' } }] })) } };
    const json: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const t0 = performance.now();
      JSON.parse(JSON.stringify(sample));
      json.push(performance.now() - t0);
    }
    return {
      redisRoundTrip: summarize(trips).median,
      fdatasync: summarize(syncs).median,
      json: summarize(json.slice(500)).median,
    };
  } finally {
    redis.disconnect();
  }
}

export function describeMachine(c: MachineCosts): string {
  return `this machine: a Redis command ${ms(c.redisRoundTrip)} there and back, a sync of the disk ${ms(c.fdatasync)}, 2 KB through JSON and back ${ms(c.json)}`;
}
