import { Queue, Worker, type Job, type JobType } from 'bullmq';
import { Redis } from 'ioredis';
import type { GroupCheckpoint } from '../../agent/checkpoint.js';
import type { AgentEvent } from '../../events.js';
import type { Store } from '../../store/store.js';
import type { Logger } from '../../util/logger.js';
import { storedAsQueued, type Dispatcher, type DispatcherHandlers, type DispatcherStats, type EnqueueOptions, type GroupJob } from '../dispatcher.js';
import { CancelSignals } from './cancel-signals.js';
import { GroupProcessor } from './group-processor.js';
import { randomHex } from '../../util/ids.js';
import { redisOptions } from '../../util/redis.js';
import { dispatchKeys, GROUPS_QUEUE, REPORTS_QUEUE, type BullMqSettings, type GroupJobData, type ReportJobData } from './settings.js';

export interface BullMqDispatcherOptions {
  settings: BullMqSettings;
  logger: Logger;
  /**
   * The supervising process's store. Given there, queued groups are saved in it too, and at
   * start the groups it holds as queued that have no job in Redis (Redis lost them, or the
   * process died between the two writes) are queued again. Workers have none.
   */
  store?: Store;
  /** False on a process that supervises only: it leaves running agents to `majordomo worker` processes. */
  work?: boolean;
}

const GROUP_JOB_OPTIONS = {
  // Only for what is not the agent's doing (Redis gone while saving): the agent's own failures are reported, not retried here.
  attempts: 50,
  backoff: { type: 'fixed', delay: 1000 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** Failed jobs read at a time when looking for those to report. */
const FAILED_PAGE = 100;
/** Live jobs read at a time when looking for a group's. */
const LIVE_PAGE = 200;

/**
 * The job of one run of a group, named after what queued it: the request (dispatch 0), a
 * re-dispatch (its number), an answer (its question). Each run has its own id, even while the
 * last job of the group completes; queueing the same run twice queues it once.
 */
export function jobIdOf(cp: GroupCheckpoint): string {
  const question = cp.resume?.questionId;
  if (question === undefined) return `${cp.groupId}.${cp.dispatch}`;
  // Job ids may not hold ":"; a question's id starts with its group's.
  const own = question.startsWith(`${cp.groupId}:`) ? question.slice(cp.groupId.length + 1) : question;
  return `${cp.groupId}.${cp.dispatch}.${own.replaceAll(':', '.')}`;
}

/** States of a job that still has to run, or runs. */
const LIVE_STATES = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

function isAgentEvent(value: unknown): value is AgentEvent {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string' && typeof (value as { groupId?: unknown }).groupId === 'string';
}

/**
 * Runs groups on BullMQ (Redis), one job per run of a group, in as many worker processes as
 * wanted. The agent's checkpoint lives in the job's data, so after a worker dies BullMQ's
 * stalled-job recovery hands the group to another worker, which resumes after the last
 * completed action. Outcomes come back through a reports queue to the supervising process
 * (the only one that writes the store), agents' progress on a pub/sub channel; a worker in
 * the supervising process hands both over directly. Jobs that failed for good are looked
 * for as often as workers look for stalled ones, and reported as broken groups.
 */
export function createBullMqDispatcher(options: BullMqDispatcherOptions): Dispatcher & { queues(): Queue[] } {
  const { settings, logger, store } = options;
  const connection = redisOptions(settings.redisUrl);
  const prefix = settings.prefix;
  const keys = dispatchKeys(prefix);
  const redis = new Redis({ ...connection, lazyConnect: false });
  redis.on('error', (error: Error) => logger.warn({ err: error }, 'Redis error'));
  const groups = new Queue<GroupJobData>(GROUPS_QUEUE, { connection, prefix });
  const reports = new Queue<ReportJobData>(REPORTS_QUEUE, { connection, prefix });
  for (const q of [groups, reports]) q.on('error', (error: Error) => logger.warn({ err: error, queue: q.name }, 'queue error'));
  const cancels = new CancelSignals(redis, prefix, logger);
  let processor: GroupProcessor | undefined;
  let groupWorker: Worker<GroupJobData> | undefined;
  let reportWorker: Worker<ReportJobData> | undefined;
  let progress: Redis | undefined;
  let failedCheck: NodeJS.Timeout | undefined;
  let stopped = false;

  /** Groups queued in the same turn of the event loop (a burst of requests) go to Redis together. */
  let pending: Array<{ checkpoint: GroupCheckpoint; jobId: string; done: (error?: unknown) => void }> = [];

  function add(checkpoint: GroupCheckpoint, jobId = jobIdOf(checkpoint)): Promise<string> {
    return new Promise((resolve, reject) => {
      pending.push({ checkpoint, jobId, done: (error) => (error === undefined ? resolve(jobId) : reject(error)) });
      if (pending.length === 1) process.nextTick(() => void addPending());
    });
  }

  async function addPending(): Promise<void> {
    const batch = pending;
    pending = [];
    const jobs = batch.map(({ checkpoint, jobId }) => ({ name: 'group', data: { checkpoint }, opts: { ...GROUP_JOB_OPTIONS, jobId } }));
    try {
      await (jobs.length === 1 ? groups.add(jobs[0]!.name, jobs[0]!.data, jobs[0]!.opts) : groups.addBulk(jobs));
      for (const b of batch) b.done();
    } catch (error) {
      for (const b of batch) b.done(error ?? new Error('the queue did not take the group'));
    }
  }

  /** The job, and its state, when it is still to run or runs. */
  async function live(jobId: string): Promise<{ job: Job<GroupJobData>; state: string } | undefined> {
    const job = await groups.getJob(jobId);
    if (!job) return undefined;
    const state = await job.getState();
    return LIVE_STATES.has(state) ? { job, state } : undefined;
  }

  /** Every job of a queue still to run or running, a page at a time, until `visit` says it found what it looked for. */
  async function eachLive<T>(queue: Queue<T>, visit: (job: Job<T>, state: string) => boolean): Promise<void> {
    for (const state of LIVE_STATES) {
      for (let start = 0; ; start += LIVE_PAGE) {
        const page = await queue.getJobs([state as JobType], start, start + LIVE_PAGE - 1, true);
        for (const job of page) if (job && visit(job, state)) return;
        if (page.length < LIVE_PAGE) break;
      }
    }
  }

  /**
   * The live job of a group: the one its stored checkpoint names, or (without a store, or a
   * group queued under another id) the one the live jobs hold it in. Rare (an admin's cancel),
   * so no map from groups to jobs is kept in Redis for it.
   */
  async function liveJob(groupId: string): Promise<{ job: Job<GroupJobData>; state: string } | undefined> {
    const stored = store ? await store.getCheckpoint(groupId) : undefined;
    const named = stored ? await live(jobIdOf(stored)) : undefined;
    if (named) return named;
    let found: { job: Job<GroupJobData>; state: string } | undefined;
    await eachLive(groups, (job, state) => {
      if (job.data?.checkpoint?.groupId === groupId) found = { job, state };
      return found !== undefined;
    });
    return found;
  }

  /**
   * Queues again the groups the store holds as queued or running that no live job runs and no
   * outcome waiting in the reports queue ends, whatever their jobs are called. The groups queue
   * is looked through before the reports queue: a job that ends in between has its report there.
   */
  async function requeueLost(s: Store): Promise<void> {
    const unfinished = await s.listCheckpoints({ status: ['queued', 'running'] });
    if (unfinished.length === 0) return;
    const held = new Set<string>();
    await eachLive(groups, (job) => {
      held.add(job.data?.checkpoint?.groupId);
      return false;
    });
    await eachLive(reports, (job) => {
      held.add(job.data?.outcome?.checkpoint?.groupId);
      return false;
    });
    let lost = 0;
    for (const checkpoint of unfinished) {
      if (held.has(checkpoint.groupId)) continue;
      const jobId = jobIdOf(checkpoint);
      // Its outcome came in while the queues were looked through (the report workers run already).
      if (await reports.getJob(jobId)) continue;
      const now = await s.getCheckpoint(checkpoint.groupId);
      if (!now || now.dispatch !== checkpoint.dispatch || !['queued', 'running'].includes(now.status)) continue;
      // A job of that id that is over (it failed for good) is kept as a record: this run gets an id of its own.
      const over = await groups.getJob(jobId);
      await add({ ...checkpoint, status: 'queued' }, over ? `${jobId}.again-${Date.now().toString(36)}${randomHex(3)}` : jobId);
      lost++;
    }
    if (lost > 0) logger.warn({ groups: lost }, 'queued again groups that Redis did not hold');
  }

  async function startWorking(h: DispatcherHandlers & Required<Pick<DispatcherHandlers, 'run'>>): Promise<void> {
    const { run, onOutcome, onEvent = () => {} } = h;
    const publish = (event: AgentEvent) => {
      redis.publish(keys.progressChannel, JSON.stringify(event)).catch((error: unknown) => logger.debug({ err: error, groupId: event.groupId }, 'progress not sent'));
    };
    const p = new GroupProcessor({ run, reports, cancels, logger, publish, ...(onOutcome ? { local: { onOutcome, onEvent } } : {}) });
    processor = p;
    await cancels.listen((groupId) => p.stopGroup(groupId, 'cancel'));
    groupWorker = new Worker<GroupJobData>(GROUPS_QUEUE, p.process, {
      connection,
      prefix,
      concurrency: settings.concurrency,
      lockDuration: settings.lockMs,
      stalledInterval: settings.stalledCheckMs,
      maxStalledCount: settings.maxStalls,
    });
    groupWorker.on('error', (error) => logger.warn({ err: error }, 'group worker error'));
    groupWorker.on('failed', (job, error) => {
      if (job) logger.warn({ err: error, groupId: job.data.checkpoint.groupId, attempts: job.attemptsMade }, 'group job failed');
    });
  }

  async function startSupervising(h: DispatcherHandlers): Promise<void> {
    if (h.onOutcome) {
      const onOutcome = h.onOutcome;
      reportWorker = new Worker<ReportJobData>(REPORTS_QUEUE, async (job) => onOutcome(job.data.outcome), { connection, prefix, concurrency: 8 });
      reportWorker.on('error', (error) => logger.warn({ err: error }, 'report worker error'));
      reportWorker.on('failed', (job, error) => logger.error({ err: error, jobId: job?.id }, 'could not handle the outcome of a group; it is tried again'));
    }
    if (h.onEvent) {
      const onEvent = h.onEvent;
      const subscriber = redis.duplicate();
      subscriber.on('error', (error: Error) => logger.warn({ err: error }, 'progress subscription: Redis error'));
      subscriber.on('message', (_channel: string, message: string) => {
        let event: unknown;
        try {
          event = JSON.parse(message);
        } catch {
          return;
        }
        if (isAgentEvent(event)) onEvent(event);
      });
      await subscriber.subscribe(keys.progressChannel);
      progress = subscriber;
    }
    if (h.onOutcome) {
      const onOutcome = h.onOutcome;
      const since = Date.now();
      const reported = new Set<string>();
      // A group whose job failed for good (it lost its worker too often, or Redis failed it every time) reports as broken; the supervisor decides.
      const reportFailed = async () => {
        // The newest first, a page at a time: only those that failed since this process started are its to report (requeueLost took care of the rest).
        const seen = new Set<string>();
        for (let start = 0; ; start += FAILED_PAGE) {
          const page = await groups.getJobs(['failed'], start, start + FAILED_PAGE - 1, false);
          const fresh = page.filter((job) => job.id && (job.finishedOn ?? 0) >= since);
          for (const job of fresh) {
            seen.add(job.id!);
            if (reported.has(job.id!)) continue;
            reported.add(job.id!);
            await onOutcome({ kind: 'crashed', checkpoint: job.data.checkpoint, error: { code: 'MJ_ERR_GROUP_JOB_FAILED', message: job.failedReason } });
          }
          if (page.length < FAILED_PAGE || fresh.length < page.length) break;
        }
        for (const id of [...reported]) if (!seen.has(id)) reported.delete(id);
      };
      failedCheck = setInterval(() => void reportFailed().catch((error: unknown) => logger.error({ err: error }, 'could not report the groups whose jobs failed')), settings.stalledCheckMs);
      failedCheck.unref();
    }
    if (store && h.onOutcome) {
      await requeueLost(store);
      // Earlier versions mapped every group to its job in this hash, and never emptied it.
      await redis.del(keys.formerGroupJobs);
    }
  }

  return {
    name: 'bullmq',
    queues: () => [groups, reports],
    async start(h) {
      stopped = false;
      await groups.waitUntilReady();
      if (h.run && options.work !== false) await startWorking({ ...h, run: h.run });
      await startSupervising(h);
    },
    async enqueue(job: GroupJob, opts?: EnqueueOptions) {
      const checkpoint: GroupCheckpoint = { ...job.checkpoint, status: 'queued' };
      // Most groups come stored just so (a new request, an answer): a read spares a synced write.
      if (store && !storedAsQueued(job, opts) && JSON.stringify(await store.getCheckpoint(checkpoint.groupId)) !== JSON.stringify(checkpoint)) await store.saveCheckpoint(checkpoint);
      await add(checkpoint);
    },
    async cancel(groupId) {
      const live = await liveJob(groupId);
      if (!live) return false;
      // A job no worker holds carries the stop itself: whichever takes it knows before it starts.
      // One taken meanwhile keeps the data it was taken with, and hears the stop like a running one.
      if (live.state !== 'active') await live.job.updateData({ ...live.job.data, stop: 'cancel' }).catch(() => {});
      await cancels.request(groupId);
      return true;
    },
    async stats(): Promise<DispatcherStats> {
      const c = await groups.getJobCounts('waiting', 'delayed', 'prioritized', 'active');
      return { queued: (c['waiting'] ?? 0) + (c['delayed'] ?? 0) + (c['prioritized'] ?? 0), running: c['active'] ?? 0 };
    },
    /** Once stopped, the dispatcher has let go of Redis: make a new one to start again. */
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(failedCheck);
      // Running agents park after their current action; close() waits for them to be back in the queue.
      processor?.stopAll('shutdown');
      await groupWorker?.close();
      await reportWorker?.close();
      await progress?.quit().catch(() => progress?.disconnect());
      await cancels.close();
      await Promise.all([groups.close(), reports.close()]);
      await redis.quit().catch(() => redis.disconnect());
      groupWorker = reportWorker = undefined;
      progress = undefined;
      failedCheck = undefined;
      processor = undefined;
    },
  };
}
