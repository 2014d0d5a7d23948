/**
 * Raw BullMQ's worker in a process of its own: the yardstick of the distributed benchmark when
 * the assistant's agents run in a `majordomo worker` process. Started by the benchmark with
 * `BENCH_RAW_REDIS`, `BENCH_RAW_PREFIX` and `BENCH_RAW_CONCURRENCY`; tells it over IPC when
 * each job of one at a time started (the system's monotonic clock, which both processes read
 * alike) and when a bulk of jobs is done.
 */
import { Worker } from 'bullmq';
import { redisOptions } from '../../core/util/redis.js';

type FromBench = { bulk: number } | { close: true };

const send = (message: object) => process.send!(message);
const connection = redisOptions(process.env['BENCH_RAW_REDIS']!);
let wanted = 0;
let processed = 0;
const worker = new Worker(
  'raw',
  async (job) => {
    if (job.name === 'one') send({ id: job.id, at: process.hrtime.bigint().toString() });
    else if (++processed === wanted) send({ bulkDone: true });
    return null;
  },
  { connection, prefix: process.env['BENCH_RAW_PREFIX']!, concurrency: Number(process.env['BENCH_RAW_CONCURRENCY'] ?? 8), removeOnComplete: { count: 0 } },
);
process.on('message', (message: FromBench) => {
  if ('bulk' in message) {
    wanted = message.bulk;
    processed = 0;
    send({ bulkReady: true });
  } else {
    void worker.close().then(() => process.exit(0));
  }
});
process.on('disconnect', () => void worker.close().then(() => process.exit(0)));
await worker.waitUntilReady();
send({ ready: true });
