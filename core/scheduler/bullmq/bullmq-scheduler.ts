import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { ConflictError, MajordomoError } from '../../errors.js';
import { silentLogger, type Logger } from '../../util/logger.js';
import type { RedisTarget } from '../../util/redis.js';
import { checkJob, nextOccurrence, readDayByDay } from '../recurrence.js';
import type { FireHandler, ScheduledJob, ScheduledRecord, Scheduler } from '../scheduler.js';
import { jobRecords } from './records.js';

export interface BullmqSchedulerOptions {
  /** Where Redis is (see `redisOptions`). */
  connection: RedisTarget;
  /** Key prefix of the queue and of the job records (default `majordomo`); processes that share jobs share it. */
  prefix?: string;
  /** Name of the queue (default `reminders`). */
  queueName?: string;
  /** Tells the time for delays and lateness; BullMQ itself runs on real time. */
  clock?: () => Date;
  logger?: Logger;
  /** A job fired more than this long after its time is marked late (default 60 s). */
  lateAfterMs?: number;
  /** The first wait before retrying a job whose handler failed (default 5 s); it doubles each time. */
  retryBaseMs?: number;
  /** The longest wait between two tries of a failing job (default 10 min). */
  retryMaxMs?: number;
  /** Jobs fired at the same time by this process (default 4). */
  concurrency?: number;
  /**
   * How long a firing process holds a job without renewing its lock (default 30 s, BullMQ's):
   * a process that dies while firing leaves the job to others once this has passed.
   */
  lockDurationMs?: number;
  /** How often this process looks for jobs whose firing process died (default 30 s, BullMQ's). */
  stalledIntervalMs?: number;
  /** How long start() waits for Redis before it gives up with an error (default 15 s). */
  readyTimeoutMs?: number;
}

/** The BullMQ scheduler also hands out its queue (for the queue board) and closes its connections. */
export interface BullmqScheduler extends Scheduler {
  readonly name: string;
  queues(): Queue[];
  /** Stops firing and closes the connections; schedule() works from construction until then. */
  close(): Promise<void>;
}

/** What a BullMQ job carries: which job, at which revision; the job itself is in the records. */
interface FireData {
  id: string;
  rev: number;
  /** The time (epoch ms) of the one occurrence a job of a routine read day by day stands for. */
  at?: number;
}

const BACKOFF = 'majordomo';
/** Never give up on a job while it is pending: a reminder is only lost if it is cancelled. */
const ATTEMPTS = 1_000_000;

const reminderJobId = (id: string, rev: number): string => `reminder-${encodeURIComponent(id)}-${rev}`;
const routineId = (id: string): string => `routine-${encodeURIComponent(id)}`;
/** A routine read day by day (the sun's, or every so many days or weeks): one job for its next time. Named when only the sun's were. */
const DAY_BY_DAY = 'sun-routine';
const dayByDayJobId = (id: string, rev: number, at: Date): string => `sun-${encodeURIComponent(id)}-${rev}-${at.getTime()}`;

/**
 * The distributed {@link Scheduler}: a reminder is a BullMQ delayed job, a routine a BullMQ
 * job scheduler (`upsertJobScheduler`, cron pattern and time zone); a routine read day by day
 * (one that follows the sun, at another time each day, or comes only every other week and the
 * like: see `readDayByDay`) is a delayed job for its next time, which queues the one after
 * before it counts as fired. All live in Redis, so
 * they survive restarts of every process (and of Redis, with AOF); a job that fell due while
 * no process was firing fires when one starts, marked late. BullMQ hands each due job to one
 * worker of all the processes that share the prefix, and the job records (see
 * {@link jobRecords}) make a replaced or cancelled job fire nothing. A failing handler is
 * retried with a growing delay; a process that dies while firing leaves a stalled job that
 * another process (or the next start) fires again.
 */
export function createBullmqScheduler(options: BullmqSchedulerOptions): BullmqScheduler {
  const prefix = options.prefix ?? 'majordomo';
  const queueName = options.queueName ?? 'reminders';
  const clock = options.clock ?? (() => new Date());
  const logger = options.logger ?? silentLogger;
  const lateAfterMs = options.lateAfterMs ?? 60_000;
  const retryBaseMs = options.retryBaseMs ?? 5_000;
  const retryMaxMs = options.retryMaxMs ?? 600_000;
  const connection = { ...options.connection, maxRetriesPerRequest: null };

  const queue = new Queue<FireData, string, string>(queueName, { connection, prefix });
  queue.on('error', (error) => logger.warn({ err: error }, 'the reminder queue lost Redis; it reconnects'));
  const redis = new Redis(connection);
  redis.on('error', (error) => logger.warn({ err: error }, 'the job records lost Redis; they reconnect'));
  const records = jobRecords(redis, `${prefix}:${queueName}`);
  const jobOptions: JobsOptions = {
    attempts: ATTEMPTS,
    backoff: { type: BACKOFF, delay: retryBaseMs },
    removeOnComplete: { count: 1_000 },
    removeOnFail: { count: 1_000 },
  };

  let handler: FireHandler | undefined;
  let worker: Worker<FireData> | undefined;
  let closed = false;

  async function removeQuietly(jobId: string): Promise<void> {
    // A job that is running cannot be removed; its revision is stale, so it fires nothing.
    await queue.remove(jobId).catch((error: unknown) => logger.debug({ err: error, jobId }, 'an old job could not be removed'));
  }

  /**
   * Removes what BullMQ held for a revision of a job that is replaced (by `now`) or cancelled:
   * its reminder's job, its job scheduler (a routine scheduled again keeps it, changed in place),
   * the job of the next time of one read day by day. What cannot be removed (running)
   * fires nothing, being of an old revision.
   */
  async function removeOld(old: { record: ScheduledJob; rev: number }, now?: ScheduledJob): Promise<void> {
    const { id, at, repeat } = old.record;
    const byCron = (job: ScheduledJob | undefined) => job?.repeat !== undefined && !readDayByDay(job.repeat);
    if (repeat === undefined) await removeQuietly(reminderJobId(id, old.rev));
    else if (readDayByDay(repeat)) await removeQuietly(dayByDayJobId(id, old.rev, at));
    else if (!byCron(now)) await queue.removeJobScheduler(routineId(id));
  }

  async function enqueue(job: ScheduledJob, rev: number): Promise<void> {
    if (job.repeat !== undefined && readDayByDay(job.repeat)) {
      const delay = Math.max(0, job.at.getTime() - clock().getTime());
      await queue.add(DAY_BY_DAY, { id: job.id, rev, at: job.at.getTime() }, { ...jobOptions, jobId: dayByDayJobId(job.id, rev, job.at), delay });
    } else if (job.repeat !== undefined) {
      await queue.upsertJobScheduler(
        routineId(job.id),
        { pattern: job.repeat.cron, tz: job.repeat.timeZone },
        { name: 'routine', data: { id: job.id, rev }, opts: jobOptions },
      );
    } else {
      const delay = Math.max(0, job.at.getTime() - clock().getTime());
      await queue.add('reminder', { id: job.id, rev }, { ...jobOptions, jobId: reminderJobId(job.id, rev), delay });
    }
  }

  async function fire(job: Job<FireData>): Promise<string> {
    const { id, rev } = job.data;
    const onFire = handler;
    if (onFire === undefined) throw new Error('the scheduler is stopping; the job is fired by the next one to start');
    const found = await records.get(id);
    if (found === undefined || found.record.status !== 'pending') return 'cancelled';
    // A reminder's job is one revision of it, as is a job of a routine read day by day. A
    // routine's job is one occurrence of whatever the routine says now (a routine scheduled
    // again keeps its occurrences).
    const byDay = job.name === DAY_BY_DAY;
    const { repeat } = found.record;
    const live = job.name === 'routine' ? repeat !== undefined && !readDayByDay(repeat) : (repeat !== undefined && readDayByDay(repeat)) === byDay && found.rev === rev;
    if (!live) return 'replaced';
    const { status: _status, firedAt: _firedAt, ...current } = found.record;
    // A routine's job is one occurrence: BullMQ records which as prevMillis, a day-by-day job carries it.
    const occurrence = byDay ? new Date(job.data.at!) : current.repeat !== undefined ? new Date(job.opts.prevMillis ?? job.timestamp + job.delay) : current.at;
    // Run again after it counted as fired (its process died before BullMQ heard): the routine is past it.
    if (byDay && current.at.getTime() > occurrence.getTime()) return 'fired';
    const late = clock().getTime() - occurrence.getTime() > lateAfterMs;
    await onFire({ ...current, at: occurrence }, { late });
    const next = current.repeat !== undefined ? { ...current, at: await nextOf(current, occurrence) } : undefined;
    // The next time is queued before this one counts as fired: a process that dies in between fires this one again, never none.
    if (byDay && next) await enqueue(next, rev);
    if (!(await records.fired(id, found.rev, clock(), next))) {
      logger.info({ jobId: id }, 'a scheduled job fired but was no longer pending (cancelled or replaced meanwhile?)');
    }
    logger.debug({ jobId: id, late }, 'scheduled job fired');
    return 'fired';
  }

  /** A routine's next time after the one that fired (`fired`), and after now. */
  async function nextOf(routine: ScheduledJob, fired: Date): Promise<Date> {
    if (readDayByDay(routine.repeat!)) return nextOccurrence(routine.repeat!, fired);
    const next = (await queue.getJobScheduler(routineId(routine.id)))?.next;
    return next !== undefined ? new Date(next) : nextOccurrence(routine.repeat!);
  }

  /** Every pending job has its BullMQ job, in case a process died between writing one and the other. */
  async function reconcile(): Promise<void> {
    for (const { record, rev } of await records.all()) {
      if (record.status !== 'pending') continue;
      if (record.repeat !== undefined && !readDayByDay(record.repeat)) {
        const existing = await queue.getJobScheduler(routineId(record.id));
        if ((existing?.template?.data as FireData | undefined)?.rev === rev) continue;
      }
      // Adding a job id that exists (waiting, delayed, running) changes nothing.
      await enqueue(record, rev);
    }
  }

  return {
    name: 'bullmq',
    queues: () => [queue],
    async schedule(job) {
      checkJob(job);
      const stored: ScheduledJob = job.repeat === undefined ? job : { ...job, at: nextOccurrence(job.repeat) };
      const was = await records.get(job.id);
      const rev = await records.upsert(stored);
      if (rev === undefined) return; // a fired reminder is kept, as it was
      await enqueue(stored, rev);
      if (was !== undefined) await removeOld(was, stored);
    },
    async cancel(id) {
      const was = await records.get(id);
      const rev = await records.cancel(id);
      if (rev === undefined) return false;
      if (was?.rev === rev) {
        await removeOld(was);
      } else {
        // Changed between the two reads: whatever it was.
        await removeQuietly(reminderJobId(id, rev));
        await queue.removeJobScheduler(routineId(id));
      }
      return true;
    },
    async list(filter = {}) {
      const all: ScheduledRecord[] = (await records.all()).map((r) => r.record);
      return all
        .filter((r) => filter.status === undefined || r.status === filter.status)
        .filter((r) => filter.from === undefined || r.at.getTime() >= filter.from.getTime())
        .filter((r) => filter.to === undefined || r.at.getTime() < filter.to.getTime())
        .sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    },
    async start(onFire) {
      if (handler !== undefined || closed) throw new ConflictError(closed ? 'the scheduler is closed' : 'the scheduler is already started');
      handler = onFire;
      const started = new Worker<FireData, string, string>(queueName, fire, {
        connection,
        prefix,
        concurrency: options.concurrency ?? 4,
        // A job whose process died is handed to another one however often that happens.
        maxStalledCount: ATTEMPTS,
        ...(options.lockDurationMs !== undefined ? { lockDuration: options.lockDurationMs } : {}),
        ...(options.stalledIntervalMs !== undefined ? { stalledInterval: options.stalledIntervalMs } : {}),
        settings: { backoffStrategy: (attemptsMade) => Math.min(retryBaseMs * 2 ** Math.max(attemptsMade - 1, 0), retryMaxMs) },
      });
      worker = started;
      started.on('error', (error) => logger.warn({ err: error }, 'the reminder worker lost Redis; it reconnects'));
      started.on('failed', (job, error) => {
        if (job === undefined) return;
        const failures = job.attemptsMade;
        const retryInMs = Math.min(retryBaseMs * 2 ** Math.max(failures - 1, 0), retryMaxMs);
        logger.warn({ err: error, jobId: job.data.id, failures, retryInMs }, 'a scheduled job failed; it will be tried again');
      });
      const readyTimeoutMs = options.readyTimeoutMs ?? 15_000;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(
            new MajordomoError('MJ_ERR_REDIS_UNAVAILABLE', `Redis at ${connection.host}:${connection.port} did not answer within ${readyTimeoutMs / 1000} s`, {
              hint: 'check REDIS_URL, and that Redis is running and reachable from here',
            }),
          );
        }, readyTimeoutMs);
      });
      try {
        await Promise.race([started.waitUntilReady(), timedOut]);
        await reconcile();
      } catch (error) {
        handler = undefined;
        worker = undefined;
        await started.close(true).catch(() => {});
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    async stop() {
      handler = undefined;
      const running = worker;
      worker = undefined;
      await running?.close();
    },
    async close() {
      if (closed) return;
      closed = true;
      handler = undefined;
      await worker?.close();
      worker = undefined;
      await queue.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
