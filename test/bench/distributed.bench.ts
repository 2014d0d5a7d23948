import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Queue, Worker } from 'bullmq';
import { createConsole } from '../../channels/console/index.js';
import { planRequest } from '../../core/brain/plan.js';
import { loadConfig } from '../../core/config/load.js';
import { redisOptions } from '../../core/util/redis.js';
import type { RequestStatus } from '../../core/events.js';
import { createAssistant, type Assistant } from '../../apps/majordomo/assistant.js';
import { envSections } from '../../apps/majordomo/plugins.js';
import { startCli, tempDir, testEnv, type Cli } from '../support/cli.js';
import { deletePrefix, freshPrefix, SHARED_REDIS_URL } from '../support/redis.js';
import { describeMachine, machineCosts } from './machine.js';
import { ms, summarize } from './stats.js';

const AREAS = ['kitchen', 'garage', 'office', 'porch', 'hallway', 'bedroom', 'bathroom', 'basement', 'backyard', 'living room'];
/** Jobs or requests run before measuring, alike for raw BullMQ and Majordomo: both are measured warm (compiled, connected). */
const WARM_UP = 200;
/** Blocks of each, raw BullMQ and the assistant, timed in turns one at a time. */
const BLOCKS = 3;
/** Samples of each block not counted: the other's work has just left the caches. */
const BLOCK_WARM_UP = 20;
/**
 * Bursts after the first (which also compiles and grows the heap) that are run but not counted:
 * requests/s still climbs over the first few thousand requests, as V8 optimizes what they run.
 */
const WARMING_BURSTS = Number(process.env['BENCH_DISTRIBUTED_WARMING'] ?? 2);
/** Bursts timed after those: the steady pace of a process that has been up a while. */
const BURSTS = Number(process.env['BENCH_DISTRIBUTED_BURSTS'] ?? 3);

/** One action each: one group, one light. */
const SINGLE = (i: number) => `set the ${AREAS[i % AREAS.length]} light to ${1 + (i % 100)}%`;

interface RawBullMq {
  /** One trivial job: add → the start of its processing, in ms. */
  one(): Promise<number>;
  /** Jobs/s for a batch of trivial jobs added in bulk. */
  bulk(jobs: number): Promise<number>;
  close(): Promise<void>;
}

/** Adds `jobs` trivial jobs, 500 at a time. */
async function addTrivial(queue: Queue, jobs: number): Promise<void> {
  for (let i = 0; i < jobs; i += 500) {
    await queue.addBulk(Array.from({ length: Math.min(500, jobs - i) }, (_, j) => ({ name: 'trivial', data: { i: i + j }, opts: { removeOnComplete: true } })));
  }
}

/** Raw BullMQ on the same Redis, a queue and a worker of its own, alike in concurrency to the assistant's. */
async function rawBullMq(concurrency: number): Promise<RawBullMq> {
  const prefix = freshPrefix('bench-raw');
  const connection = redisOptions(SHARED_REDIS_URL);
  const queue = new Queue('raw', { connection, prefix });
  const started = new Map<string, () => void>();
  let processed = 0;
  let wanted = 0;
  let allDone: () => void = () => {};
  const worker = new Worker('raw', async (job) => {
    started.get(job.id!)?.();
    if (++processed === wanted) allDone();
    return null;
  }, { connection, prefix, concurrency, removeOnComplete: { count: 0 } });
  await worker.waitUntilReady();
  let n = 0;
  return {
    async one() {
      const id = `s${n++}`;
      const t0 = performance.now();
      const ran = new Promise<void>((resolve) => started.set(id, resolve));
      await queue.add('trivial', { i: n }, { jobId: id, removeOnComplete: true });
      await ran;
      started.delete(id);
      return performance.now() - t0;
    },
    async bulk(jobs) {
      processed = 0;
      wanted = jobs;
      const done = new Promise<void>((resolve) => (allDone = resolve));
      const t0 = performance.now();
      await addTrivial(queue, jobs);
      await done;
      return jobs / ((performance.now() - t0) / 1000);
    },
    async close() {
      await worker.close();
      await queue.close();
      await deletePrefix(SHARED_REDIS_URL, prefix);
    },
  };
}

/**
 * Raw BullMQ with its worker in a process of its own (test/bench/raw-worker.ts), as the
 * assistant's agents run in a `majordomo worker` process: the add here, the processing there.
 */
async function rawBullMqApart(concurrency: number): Promise<RawBullMq & { pid: number }> {
  const prefix = freshPrefix('bench-raw');
  const queue = new Queue('raw', { connection: redisOptions(SHARED_REDIS_URL), prefix });
  const child = fork(fileURLToPath(new URL('./raw-worker.ts', import.meta.url)), [], {
    execArgv: ['--import', fileURLToPath(new URL('../../bin/ts-register.js', import.meta.url))],
    env: { ...process.env, BENCH_RAW_REDIS: SHARED_REDIS_URL, BENCH_RAW_PREFIX: prefix, BENCH_RAW_CONCURRENCY: String(concurrency) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  type FromWorker = { ready: true } | { id: string; at: string } | { bulkReady: true } | { bulkDone: true };
  const waiting = new Map<string, (message: FromWorker) => void>();
  const expect = (key: string) => new Promise<FromWorker>((resolve) => waiting.set(key, resolve));
  child.on('message', (message: FromWorker) => {
    const key = 'id' in message ? message.id : Object.keys(message)[0]!;
    const w = waiting.get(key);
    waiting.delete(key);
    w?.(message);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await Promise.race([expect('ready'), exited.then(() => Promise.reject(new Error('the raw BullMQ worker process exited before it was ready')))]);
  let n = 0;
  return {
    pid: child.pid!,
    async one() {
      const id = `s${n++}`;
      const started = expect(id);
      const t0 = process.hrtime.bigint();
      await queue.add('one', { i: n }, { jobId: id, removeOnComplete: true });
      const message = (await started) as { at: string };
      return Number(BigInt(message.at) - t0) / 1e6;
    },
    async bulk(jobs) {
      const ready = expect('bulkReady');
      child.send({ bulk: jobs });
      await ready;
      const done = expect('bulkDone');
      const t0 = performance.now();
      await addTrivial(queue, jobs);
      await done;
      return jobs / ((performance.now() - t0) / 1000);
    },
    async close() {
      child.send({ close: true });
      await exited;
      await queue.close();
      await deletePrefix(SHARED_REDIS_URL, prefix);
    },
  };
}

/** Lets what a burst left running (completions, syncs) end before the next. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 100));

interface Running {
  assistant: Assistant;
  /** The `majordomo worker` process that runs the agents, when they do not run in this one. */
  workerPid?: number;
  /**
   * One request, to its report: how long until the supervisor filed the report (`ms`), until
   * the reply could go out (`replyMs`: it follows the acknowledgement, sent once the request
   * is on disk), how long of it was planning and how long the services' own calls took, how
   * it ended.
   */
  one(text: string): Promise<{ ms: number; replyMs: number; planMs: number; actionMs: number; status: RequestStatus }>;
  close(): Promise<void>;
}

/**
 * A whole assistant in distributed mode on a fresh queue prefix: its agents on its local worker,
 * or (`apart`) only on a `majordomo worker` process of their own.
 */
async function distributedAssistant(env: Record<string, string>, apart = false): Promise<Running> {
  const dir = await tempDir('majordomo-bench-dist-');
  const prefix = freshPrefix('bench');
  const sink = new PassThrough();
  sink.resume();
  const shared = { MAJORDOMO_TIMEZONE: 'UTC', MAJORDOMO_LOG_LEVEL: 'warn', REDIS_URL: SHARED_REDIS_URL, MAJORDOMO_QUEUE_PREFIX: prefix, ...env };
  const config = loadConfig({ MAJORDOMO_DATA_DIR: dir.path, ...shared, ...(apart ? { MAJORDOMO_LOCAL_WORKER: 'false' } : {}) }, envSections());
  const terminal = createConsole({ input: new PassThrough(), output: sink, interactive: false });
  let worker: Cli | undefined;
  if (apart) {
    worker = startCli(['worker'], testEnv({ ...shared, MAJORDOMO_DATA_DIR: join(dir.path, 'worker') }));
    await worker.waitFor(/worker on /, 90_000);
  }
  const assistant = await createAssistant(config, { overrides: { console: terminal } });
  await assistant.engine.start();
  const waiters = new Map<string, () => void>();
  const finished = new Map<string, { status: RequestStatus; at: number }>();
  const planned = new Map<string, number>();
  const acted = new Map<string, number>();
  assistant.engine.events.on('request.created', (e) => void planned.set(e.requestId, e.planMs));
  assistant.engine.events.on('agent', (e) => {
    if (e.type === 'action.finished' && e.ms !== undefined) acted.set(e.requestId, (acted.get(e.requestId) ?? 0) + e.ms);
  });
  assistant.engine.events.on('request.finished', (e) => {
    finished.set(e.requestId, { status: e.status, at: performance.now() });
    waiters.get(e.requestId)?.();
  });
  return {
    assistant,
    ...(worker ? { workerPid: worker.child.pid! } : {}),
    async one(text) {
      const t0 = performance.now();
      // The console hands the request over and resolves once the requester has the acknowledgement.
      const outcome = await terminal.submit(text);
      const ackedAt = performance.now();
      if (outcome.kind !== 'request') throw new Error(`not a request: ${JSON.stringify(outcome)}`);
      const id = outcome.requestId;
      if (!finished.has(id)) await new Promise<void>((resolve) => waiters.set(id, resolve));
      const { status, at } = finished.get(id)!;
      const planMs = planned.get(id) ?? Number.NaN;
      const actionMs = acted.get(id) ?? 0;
      finished.delete(id);
      planned.delete(id);
      acted.delete(id);
      waiters.delete(id);
      return { ms: at - t0, replyMs: Math.max(at, ackedAt) - t0, planMs, actionMs, status };
    },
    async close() {
      await assistant.close();
      if (worker) {
        worker.child.kill('SIGTERM');
        await worker.exited;
      }
      await dir.cleanup();
      await deletePrefix(SHARED_REDIS_URL, prefix);
    },
  };
}

/** CPU (user and system) this process, and another one when given, have used: ms, read again by `since`. */
function cpuClock(other?: number): { since(): { own: number; other: number } } {
  const ticks = (pid: number) => {
    // utime and stime, in clock ticks (100 a second on Linux), after the command's name.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const own0 = process.cpuUsage();
  const other0 = other === undefined ? 0 : ticks(other);
  return {
    since() {
      const own = process.cpuUsage(own0);
      return { own: (own.user + own.system) / 1000, other: other === undefined ? 0 : ticks(other) - other0 };
    },
  };
}

function count(statuses: RequestStatus[]): string {
  const by = new Map<string, number>();
  for (const s of statuses) by.set(s, (by.get(s) ?? 0) + 1);
  return [...by].map(([k, v]) => `${k} ${v}`).join(', ');
}

/** CPU a request, in the assistant's process and in the worker's when there is one. */
function cpuText(cpu: { own: number; other: number }, requests: number, apart: boolean): string {
  return apart ? `${ms(cpu.own / requests)} + ${ms(cpu.other / requests)} (gateway + worker) of CPU per request` : `${ms(cpu.own / requests)} of CPU per request`;
}

/**
 * One shape of the assistant measured against raw BullMQ of the same shape: request → report
 * one at a time, in blocks taking turns with raw BullMQ's jobs, then bursts.
 */
async function measureShape(shape: { title: string; apart: boolean }, concurrency: number, sequential: number, burst: number, planBackToBack: number): Promise<{ overheadRatio: number; rps: number }> {
  const { apart } = shape;
  console.log(shape.title);
  // Raw BullMQ and the assistant are timed in turns, a block of one then a block of the other, each
  // block after a warm-up of its own and each sample straight after the last (a hot loop, as raw BullMQ
  // alone runs best): the machine's own pace, which moves within a run, weighs on both alike.
  const raw = apart ? await rawBullMqApart(concurrency) : await rawBullMq(concurrency);
  const run = await distributedAssistant({ MAJORDOMO_CONCURRENCY: String(concurrency) }, apart);
  try {
    for (let i = 0; i < WARM_UP; i++) {
      await raw.one();
      await run.one(SINGLE(i));
    }
    const rawSamples: number[] = [];
    const samples: number[] = [];
    const replies: number[] = [];
    const planned: number[] = [];
    const acted: number[] = [];
    const overheads: number[] = [];
    const statuses: RequestStatus[] = [];
    const cpu = { own: 0, other: 0 };
    let loopActive = 0;
    let loopAll = 0;
    for (let block = 0; block < BLOCKS; block++) {
      const size = Math.ceil(sequential / BLOCKS);
      for (let i = 0; i < BLOCK_WARM_UP; i++) await raw.one();
      for (let i = 0; i < size; i++) rawSamples.push(await raw.one());
      for (let i = 0; i < BLOCK_WARM_UP; i++) await run.one(SINGLE(i));
      const clock = cpuClock(run.workerPid);
      const elu0 = performance.eventLoopUtilization();
      for (let i = 0; i < size; i++) {
        const r = await run.one(SINGLE(i));
        samples.push(r.ms);
        replies.push(r.replyMs);
        planned.push(r.planMs);
        acted.push(r.actionMs);
        overheads.push(r.ms - r.planMs - r.actionMs);
        statuses.push(r.status);
      }
      const used = clock.since();
      const elu = performance.eventLoopUtilization(elu0);
      cpu.own += used.own;
      cpu.other += used.other;
      loopActive += elu.active;
      loopAll += elu.active + elu.idle;
    }
    const rawOne = summarize(rawSamples);
    const jobsPerSecond = await raw.bulk(burst * 4);
    await raw.close();
    console.log(`  raw BullMQ, trivial jobs${apart ? ', its worker in a process of its own' : ''}: add → processing, one at a time (${rawOne.n} jobs, in ${BLOCKS} blocks taking turns with the requests' below)`);
    console.log(`    median ${ms(rawOne.median)}   p99 ${ms(rawOne.p99)};   ${jobsPerSecond.toFixed(0)} jobs/s for ${burst * 4} jobs added in bulk`);
    const s = summarize(samples);
    // Planning as it went in these very requests (the gateway times it): between other work, it runs slower than back to back.
    const inPlace = summarize(planned);
    // The service's own call (the simulated light: a script run on Redis) is the action's work, not the assistant's overhead.
    const calls = summarize(acted);
    const overhead = summarize(overheads);
    const budget = 3 * rawOne.median;
    console.log(`  request → report, single-action requests, simulated lights, one at a time (${s.n} requests; ${count(statuses)})`);
    console.log(`    median ${ms(s.median)}   p99 ${ms(s.p99)}   max ${ms(s.max)};   ratio to raw BullMQ job latency: median ${(s.median / rawOne.median).toFixed(1)}×, p99 ${(s.p99 / rawOne.p99).toFixed(1)}×`);
    console.log(`    of which planning: median ${ms(inPlace.median)} (back to back: ${ms(planBackToBack)});   the light's own call: median ${ms(calls.median)}`);
    console.log(`    overhead (request → report less its planning and its service call, per request): median ${ms(overhead.median)}   p99 ${ms(overhead.p99)}   = ${(overhead.median / rawOne.median).toFixed(1)}× raw`);
    console.log(`    target: overhead within 3 × raw = ${ms(budget)}: ${overhead.median <= budget ? 'reached' : `not reached (${(overhead.median / budget).toFixed(2)}× that)`};   counting the service call as overhead too: ${((s.median - inPlace.median) / budget).toFixed(2)}× that`);
    const r = summarize(replies);
    console.log(`    to the reply on the console (it follows the acknowledgement, sent once the request is synced to disk): median ${ms(r.median)}   p99 ${ms(r.p99)}`);
    console.log(`    ${cpuText(cpu, samples.length, apart)}; the assistant's event loop was busy ${((loopActive / loopAll) * 100).toFixed(0)}% of the time, ${ms(loopActive / samples.length)} a request`);

    // The first burst after start also pays for compiling its code and growing the heap; the next ones show the steady pace.
    const bursts: Array<{ rps: number; seconds: number; cpu: { own: number; other: number }; statuses: RequestStatus[] }> = [];
    for (let round = 0; round < 1 + WARMING_BURSTS + BURSTS; round++) {
      const burstStatuses: RequestStatus[] = [];
      const clock = cpuClock(run.workerPid);
      const t0 = performance.now();
      await Promise.all(Array.from({ length: burst }, async (_, i) => burstStatuses.push((await run.one(SINGLE(i))).status)));
      const seconds = (performance.now() - t0) / 1000;
      bursts.push({ rps: burst / seconds, seconds, cpu: clock.since(), statuses: burstStatuses });
      await settle();
    }
    const [first, ...later] = bursts as [(typeof bursts)[0], ...typeof bursts];
    const warming = later.slice(0, WARMING_BURSTS);
    const warm = later.slice(WARMING_BURSTS);
    const steady = [...warm].sort((x, y) => x.rps - y.rps)[Math.floor(warm.length / 2)]!;
    console.log(`  throughput, ${burst} single-action requests arriving at once, ${bursts.length} times`);
    console.log(`    the first, just after start: ${first.rps.toFixed(0)} requests/s (${first.seconds.toFixed(2)} s; ${count(first.statuses)}); ${cpuText(first.cpu, burst, apart)}`);
    if (warming.length > 0) console.log(`    warming up (not counted): ${warming.map((b) => `${b.rps.toFixed(0)}`).join(', ')} requests/s (${warming.map((b) => count(b.statuses)).join('; ')})`);
    console.log(`    then, warm: ${warm.map((b) => `${b.rps.toFixed(0)}`).join(', ')} requests/s (${warm.map((b) => count(b.statuses)).join('; ')}); median ${steady.rps.toFixed(0)} requests/s, ${(steady.rps / jobsPerSecond).toFixed(2)} of raw BullMQ's jobs/s, ${cpuText(steady.cpu, burst, apart)}`);
    console.log(`    target: 1,000 requests/s on this machine, warm: ${steady.rps >= 1000 ? 'reached' : 'not reached'}`);
    return { overheadRatio: overhead.median / budget, rps: steady.rps };
  } finally {
    await run.close();
  }
}

/**
 * Distributed mode (BullMQ on Redis, `REDIS_URL`), in one run: raw BullMQ as the yardstick,
 * then Majordomo's request → report latency and throughput over it, in two shapes (agents in
 * the gateway's process; agents in a `majordomo worker` process, the gateway leaving them to
 * it), then k independent groups of 200 ms actions against one.
 */
export async function benchDistributed(sequential: number, burst: number): Promise<void> {
  const concurrency = Number(process.env['BENCH_CONCURRENCY'] ?? 8);
  console.log(`distributed mode: BullMQ on ${SHARED_REDIS_URL}, ${concurrency} groups at a time`);
  console.log(describeMachine(await machineCosts(SHARED_REDIS_URL)));

  // Plan time on its own, planning the same texts back to back (warm): the part of request → report that is the brain's, not the queue's.
  const config = loadConfig({ MAJORDOMO_TIMEZONE: 'UTC' }, envSections());
  const { buildRegistry } = await import('../../apps/majordomo/plugins.js');
  const { createBrain } = await import('../../apps/majordomo/brains.js');
  const ctx = { now: new Date(), timeZone: 'UTC', requester: { address: { channel: 'console', conversationId: 'bench', userId: 'bench' } }, catalog: buildRegistry(config).catalog() };
  const planner = createBrain(config);
  const planSamples: number[] = [];
  for (let i = 0; i < sequential; i++) {
    const t0 = performance.now();
    await planRequest(planner, SINGLE(i), ctx);
    planSamples.push(performance.now() - t0);
  }
  const plan = summarize(planSamples).median;
  console.log(`planning alone, back to back: median ${ms(plan)} (${planSamples.length} requests)`);

  const shapes = [
    { title: 'agents in the gateway\'s own process (its local worker): one process, one core', apart: false },
    { title: 'agents only in a `majordomo worker` process beside the gateway (MAJORDOMO_LOCAL_WORKER=false): two processes, outcomes back through the reports queue', apart: true },
  ];
  const results = [];
  for (const shape of shapes) results.push({ ...shape, ...(await measureShape(shape, concurrency, sequential, burst, plan)) });
  console.log('in short');
  for (const r of results) console.log(`  ${r.apart ? 'two processes' : 'one process  '}: overhead ${r.overheadRatio.toFixed(2)}× its budget (3 × raw);   ${r.rps.toFixed(0)} requests/s warm`);

  // k independent groups whose actions take 200 ms each: side by side, they should take about as long as one.
  const slow = await distributedAssistant({ MAJORDOMO_CONCURRENCY: String(concurrency), LIGHTS_LATENCY_MS: '200' });
  try {
    await slow.one('set the kitchen light to 50%');
    const singles: number[] = [];
    for (let i = 0; i < 5; i++) singles.push((await slow.one(`set the kitchen light to ${10 + i}%`)).ms);
    const one = summarize(singles);
    console.log(`k independent groups, each one action of 200 ms (concurrency ${concurrency}, agents in the gateway's process): request → report wall time`);
    console.log(`  k=1: median ${ms(one.median)} (${(one.median / 200).toFixed(2)}× 200 ms)`);
    for (const k of [2, 4, concurrency].filter((k, i, all) => k <= concurrency && all.indexOf(k) === i)) {
      const text = AREAS.slice(0, k).map((a, i) => `set the ${a} light to ${20 + i}%`).join(' and ');
      const xs: number[] = [];
      for (let i = 0; i < 5; i++) xs.push((await slow.one(text)).ms);
      const m = summarize(xs).median;
      console.log(`  k=${k}: median ${ms(m)} (${(m / 200).toFixed(2)}× 200 ms, ${(m / one.median).toFixed(2)}× k=1; target ≤ 1.2× k=1: ${m <= 1.2 * one.median ? 'reached' : 'not reached'})`);
    }
  } finally {
    await slow.close();
  }
}
