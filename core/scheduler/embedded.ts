import { ConflictError } from '../errors.js';
import type { ScheduledJobStore } from '../store/store.js';
import { silentLogger, type Logger } from '../util/logger.js';
import { checkJob, nextOccurrence } from './recurrence.js';
import type { FireHandler, ScheduledJob, ScheduledRecord, Scheduler } from './scheduler.js';

/** The longest delay setTimeout takes; a longer one fires after 1 ms instead. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
/** Jobs read from the store per look. */
const BATCH = 50;

export interface EmbeddedSchedulerOptions {
  store: ScheduledJobStore;
  /** Tells the time; the timers still run on real time. */
  clock?: () => Date;
  logger?: Logger;
  /**
   * The longest the scheduler sleeps without looking at the store again (default 60 s), so
   * that jobs written by another process and jumps of the clock (a laptop waking up) are
   * noticed. Capped at what setTimeout accepts.
   */
  maxDelayMs?: number;
  /** A job fired more than this long after its time is marked late (default 60 s). */
  lateAfterMs?: number;
  /** The first wait before retrying a job whose handler failed (default 5 s); it doubles each time. */
  retryBaseMs?: number;
  /** The longest wait between two tries of a failing job (default 10 min). */
  retryMaxMs?: number;
}

/**
 * The in-process {@link Scheduler}: jobs live in the store, a single timer waits for the
 * earliest one. A routine is stored at its next occurrence (node-cron reads its pattern) and
 * moves on to the following one each time it fires, so that occurrences missed while the
 * assistant was down fire once, late, at start. A job is marked fired only once its handler has resolved, so a crash while
 * firing fires it again at the next start rather than losing it; a handler that fails is
 * retried with a growing delay for as long as the job is pending. Jobs fire one at a time,
 * earliest first.
 */
export function createEmbeddedScheduler(options: EmbeddedSchedulerOptions): Scheduler {
  const { store } = options;
  const clock = options.clock ?? (() => new Date());
  const logger = options.logger ?? silentLogger;
  const maxDelayMs = Math.min(Math.max(options.maxDelayMs ?? 60_000, 1), MAX_TIMEOUT_MS);
  const lateAfterMs = options.lateAfterMs ?? 60_000;
  const retryBaseMs = options.retryBaseMs ?? 5_000;
  const retryMaxMs = options.retryMaxMs ?? 600_000;

  let handler: FireHandler | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The look at the store in progress, if any; looks never overlap. */
  let running: Promise<void> | undefined;
  /** Something changed during a look: look again when it ends. */
  let again = false;
  /** Failing jobs, and when they may be tried next (epoch ms). */
  const backoff = new Map<string, { failures: number; notBefore: number }>();
  /** Jobs whose handler succeeded but that could not be marked fired yet: mark, never fire again. */
  const unmarked = new Map<string, ScheduledRecord>();

  function setTimer(delayMs: number): void {
    clearTimeout(timer);
    timer = setTimeout(kick, Math.min(Math.max(delayMs, 0), maxDelayMs));
    // A pending reminder alone must not keep a finished command-line run alive.
    timer.unref();
  }

  function kick(): void {
    if (handler === undefined) return;
    if (running !== undefined) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = (async () => {
      try {
        do {
          again = false;
          await sweep();
        } while (again && handler !== undefined);
        if (handler !== undefined) setTimer((await nextWake()) - clock().getTime());
      } catch (error) {
        logger.error({ err: error }, 'the scheduler could not read its jobs; it will look again');
        if (handler !== undefined) setTimer(retryBaseMs);
      } finally {
        running = undefined;
      }
      if (again) kick();
    })();
  }

  /** Fires every job that is due and not waiting out a retry delay. */
  async function sweep(): Promise<void> {
    for (const [id, record] of unmarked) {
      await markFired(record);
      unmarked.delete(id);
    }
    for (;;) {
      const now = clock().getTime();
      const due = await store.due(new Date(now), backoff.size + BATCH);
      const ready = due.filter((job) => (backoff.get(job.id)?.notBefore ?? 0) <= now);
      for (const job of ready) {
        const onFire = handler;
        if (onFire === undefined) return;
        await fire(job, onFire);
      }
      if (ready.length < BATCH) {
        // The list was complete: forget retry delays of jobs that are no longer pending.
        const pending = new Set(due.map((job) => job.id));
        for (const id of backoff.keys()) if (!pending.has(id)) backoff.delete(id);
        return;
      }
    }
  }

  async function fire(record: ScheduledRecord, onFire: FireHandler): Promise<void> {
    const { status: _status, firedAt: _firedAt, ...job } = record;
    const late = clock().getTime() - job.at.getTime() > lateAfterMs;
    try {
      await onFire(job, { late });
    } catch (error) {
      const failures = (backoff.get(job.id)?.failures ?? 0) + 1;
      const delayMs = Math.min(retryBaseMs * 2 ** (failures - 1), retryMaxMs);
      backoff.set(job.id, { failures, notBefore: clock().getTime() + delayMs });
      logger.warn({ err: error, jobId: job.id, failures, retryInMs: delayMs }, 'a scheduled job failed; it will be tried again');
      return;
    }
    backoff.delete(job.id);
    unmarked.set(job.id, record);
    if (!(await markFired(record))) {
      logger.info({ jobId: job.id }, 'a scheduled job fired but was no longer pending (cancelled meanwhile?)');
    }
    unmarked.delete(job.id);
    logger.debug({ jobId: job.id, late }, 'scheduled job fired');
  }

  /** A reminder is done; a routine moves on to its next occurrence (read from the system clock). */
  function markFired(record: ScheduledRecord): Promise<boolean> {
    if (record.repeat === undefined) return store.markFired(record.id, clock());
    return store.advance(record.id, record.at, nextOccurrence(record.repeat, record.at), clock());
  }

  /** When to look next (epoch ms): the earliest job not waiting out a retry, a retry, or the longest sleep. */
  async function nextWake(): Promise<number> {
    let wake = clock().getTime() + maxDelayMs;
    for (const { notBefore } of backoff.values()) wake = Math.min(wake, notBefore);
    const upcoming = await store.due(new Date(wake), backoff.size + 1);
    const first = upcoming.find((job) => !backoff.has(job.id));
    return first === undefined ? wake : Math.min(wake, first.at.getTime());
  }

  return {
    async schedule(job: ScheduledJob) {
      checkJob(job);
      await store.upsert(job.repeat === undefined ? job : { ...job, at: nextOccurrence(job.repeat) });
      // A job scheduled again starts afresh, and may now be due earlier than the timer.
      backoff.delete(job.id);
      kick();
    },
    async cancel(id) {
      backoff.delete(id);
      return store.cancel(id);
    },
    list: (filter) => store.list(filter),
    async start(onFire) {
      if (handler !== undefined) throw new ConflictError('the scheduler is already started');
      handler = onFire;
      kick();
    },
    async stop() {
      handler = undefined;
      clearTimeout(timer);
      await running;
    },
  };
}
