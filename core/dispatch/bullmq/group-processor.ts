import { DelayedError, type Job, type Queue } from 'bullmq';
import { errorCode, MajordomoError } from '../../errors.js';
import { FINISHED_GROUP_STATUSES, type GroupCheckpoint } from '../../agent/checkpoint.js';
import type { AgentEvent } from '../../events.js';
import type { Logger } from '../../util/logger.js';
import type { DispatcherHandlers, GroupOutcome, GroupRunner, StopReason } from '../dispatcher.js';
import type { CancelSignals } from './cancel-signals.js';
import type { GroupJobData, ReportJobData } from './settings.js';

/** Redis did not take a checkpoint: the job is left to BullMQ (retry, or stalled recovery), never reported as the agent's failure. */
export class QueueUnavailableError extends MajordomoError {
  constructor(what: string, cause: unknown) {
    super('MJ_ERR_QUEUE_UNAVAILABLE', `the queue could not ${what}`, { cause, hint: 'check that Redis (REDIS_URL) answers; the group resumes from its last checkpoint' });
  }
}

/** Options of report jobs: kept a while so that a group run twice (after a stall) reports once. */
export const REPORT_JOB_OPTIONS = {
  removeOnComplete: { age: 3600, count: 100_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
  attempts: 10,
  backoff: { type: 'exponential', delay: 500 },
} as const;

interface RunningGroup {
  groupId: string;
  controller: AbortController;
  /** Asked to stop for good, even if a shutdown stopped it first: a parked run keeps the stop. */
  cancelled?: boolean;
}

export interface GroupProcessorDeps {
  run: GroupRunner;
  reports: Queue<ReportJobData>;
  cancels: CancelSignals;
  logger: Logger;
  /** Sends an agent's progress to the supervising process (best effort). */
  publish: (event: AgentEvent) => void;
  /**
   * The supervisor, when it runs in this process: outcomes and progress go to it directly
   * instead of through Redis (the reports queue stays the way for outcomes it cannot take).
   */
  local?: Required<Pick<DispatcherHandlers, 'onOutcome' | 'onEvent'>>;
}

/** What a run saved last (the essence of the checkpoint now in the job, made when first compared), and whether it was asked to stop for good. */
interface Saved {
  essence: string | undefined;
  running: RunningGroup;
}

/** A job's data: the checkpoint, and a stop the run was told of, which stays with the job should another run take it over. */
function jobData(checkpoint: GroupCheckpoint, running: RunningGroup): GroupJobData {
  return { checkpoint, ...(running.cancelled ? { stop: 'cancel' as const } : {}) };
}

/**
 * The worker's side of a group job: runs the agent with the checkpoint the job holds, saves
 * every checkpoint into the job (so that any worker resumes it after the last completed
 * action), publishes progress and sends the outcome to the reports queue. A group told to
 * shut down is moved back to the queue, checkpoint and all.
 */
export class GroupProcessor {
  readonly #d: GroupProcessorDeps;
  readonly #running = new Map<string, RunningGroup>();

  constructor(deps: GroupProcessorDeps) {
    this.#d = deps;
  }

  get size(): number {
    return this.#running.size;
  }

  /** Asks the agents of a group running here to stop after their current action. */
  stopGroup(groupId: string, reason: StopReason): boolean {
    let found = false;
    for (const r of this.#running.values()) {
      if (r.groupId === groupId) {
        r.controller.abort(reason);
        if (reason === 'cancel') r.cancelled = true;
        found = true;
      }
    }
    return found;
  }

  stopAll(reason: StopReason): void {
    for (const r of this.#running.values()) r.controller.abort(reason);
  }

  readonly process = async (job: Job<GroupJobData>, token: string | undefined): Promise<null> => {
    const { logger } = this.#d;
    const jobId = job.id!;
    const groupId = job.data.checkpoint.groupId;
    const controller = new AbortController();
    const running: RunningGroup = { groupId, controller };
    this.#running.set(jobId, running);
    const saved: Saved = { essence: undefined, running };
    // A stop asked for while the group waited in the queue (the job carries it), or heard just before it was taken here.
    if (job.data.stop === 'cancel' || this.#d.cancels.heard(groupId)) this.stopGroup(groupId, 'cancel');
    let outcome: GroupOutcome;
    try {
      outcome = await this.#runAgent(job, job.data, controller.signal, saved);
      // It paused, and was stopped meanwhile: it ends now instead of asking.
      if (outcome.kind === 'paused' && controller.signal.reason === 'cancel') {
        const { waiting: _, ...checkpoint } = outcome.checkpoint;
        outcome = await this.#runAgent(job, { ...job.data, checkpoint: { ...checkpoint, status: 'running' } }, controller.signal, saved);
      }
    } finally {
      this.#running.delete(jobId);
    }
    if (outcome.kind === 'parked') {
      // Back in the queue with its checkpoint (and a stop that came after the shutdown), atomically; any worker takes it from there.
      await job.updateData(jobData(outcome.checkpoint, running));
      await job.moveToDelayed(Date.now(), token);
      logger.info({ groupId, jobId }, 'group parked; it goes back to the queue');
      throw new DelayedError();
    }
    // The agent's last save left out its last action's end: it goes into the job while the outcome is
    // delivered. The outcome first: a supervisor here records it and replies before this is written.
    const delivered = this.#deliver(outcome, jobId);
    await Promise.all([delivered, new Promise(setImmediate).then(() => this.#saveFinal(job, outcome, saved))]);
    if (outcome.kind === 'finished' && running.cancelled) this.#d.cancels.forget(groupId);
    return null;
  };

  /** Written without comparing: a group's end always changed something since its last save. */
  async #saveFinal(job: Job<GroupJobData>, outcome: GroupOutcome, saved: Saved): Promise<void> {
    if (outcome.kind !== 'finished') return;
    await this.#save(job, FINISHED_GROUP_STATUSES.includes(outcome.checkpoint.status) ? { ...outcome.checkpoint, status: 'running' } : outcome.checkpoint, saved, true);
  }

  /** To the supervisor in this process when there is one, else (or when it cannot take it) through the reports queue. */
  async #deliver(outcome: GroupOutcome, jobId: string): Promise<void> {
    const local = this.#d.local;
    if (local) {
      try {
        await local.onOutcome(outcome);
        return;
      } catch (error) {
        this.#d.logger.warn({ err: error, groupId: outcome.checkpoint.groupId }, 'could not record the outcome of a group here; it goes through the reports queue');
      }
    }
    await this.#d.reports.add('outcome', { outcome }, { ...REPORT_JOB_OPTIONS, jobId });
  }

  /** Writes a checkpoint into the job unless nothing a resumed agent needs changed since the last write. */
  async #save(job: Job<GroupJobData>, checkpoint: GroupCheckpoint, saved: Saved, changed = false): Promise<void> {
    const now = changed ? undefined : essence(checkpoint);
    if (now !== undefined && now === (saved.essence ??= essence(job.data.checkpoint))) return;
    try {
      await job.updateData(jobData(checkpoint, saved.running));
    } catch (error) {
      throw new QueueUnavailableError(`save the checkpoint of ${checkpoint.groupId}`, error);
    }
    saved.essence = now;
  }

  async #runAgent(job: Job<GroupJobData>, data: GroupJobData, signal: AbortSignal, saved: Saved): Promise<GroupOutcome> {
    let latest: GroupCheckpoint = data.checkpoint;
    const local = this.#d.local;
    try {
      return await this.#d.run(data, {
        // Another run of this job ended without an outcome (its worker died, or the queue failed it), or the agent broke and the group was dispatched again.
        resumed: job.attemptsMade > 0 || job.stalledCounter > 0 || data.checkpoint.dispatch > 0,
        saveCheckpoint: async (checkpoint) => {
          latest = structuredClone(checkpoint);
          await this.#save(job, latest, saved);
        },
        emit: local ? (event: AgentEvent) => local.onEvent(event) : this.#d.publish,
        signal,
      });
    } catch (error) {
      if (error instanceof QueueUnavailableError) throw error;
      this.#d.logger.error({ err: error, groupId: latest.groupId }, 'agent crashed');
      return {
        kind: 'crashed',
        checkpoint: structuredClone(latest),
        error: { code: errorCode(error), message: error instanceof Error ? error.message : String(error) },
      };
    }
  }
}

/** A checkpoint without what only says when and that it ran: equal essences resume alike. */
function essence(checkpoint: GroupCheckpoint): string {
  return JSON.stringify({ ...checkpoint, status: checkpoint.status === 'queued' ? 'running' : checkpoint.status, updatedAt: '' });
}
