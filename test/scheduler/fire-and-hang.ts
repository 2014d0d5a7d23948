/**
 * A process that takes scheduled jobs and never finishes firing them: tests kill it while it
 * fires. Env: REDIS_URL, PREFIX. Prints "firing <id>" when a job's handler starts.
 */
import { createBullmqScheduler } from '../../core/scheduler/bullmq/bullmq-scheduler.js';
import { redisOptions } from '../../core/util/redis.js';

const scheduler = createBullmqScheduler({
  connection: redisOptions(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379'),
  prefix: process.env['PREFIX']!,
  lockDurationMs: 1_000,
  // Processes sharing a queue share its stalled check: one check per interval among them all.
  stalledIntervalMs: 300,
});
await scheduler.start(async (job) => {
  process.stdout.write(`firing ${job.id}\n`);
  await new Promise(() => {});
});
process.stdout.write('started\n');
