import { DelayedError, type Job, type Queue } from 'bullmq';
import { errorCode, MajordomoError } from '../../errors.js';
import type { GroupCheckpoint } from '../../agent/checkpoint.js';
import type { AgentEvent } from '../../events.js';
import type { Logger } from '../../util/logger.js';
import type { GroupOutcome, GroupRunner, StopReason } from '../dispatcher.js';
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
}

export interface GroupProcessorDeps {
  run: GroupRunner;
  reports: Queue<ReportJobData>;
  cancels: CancelSignals;
  logger: Logger;
}

/**
 * The worker's side of a group job: runs the agent with the checkpoint the job holds, saves
 * every checkpoint into the job (so that any worker resumes it after the last completed
 * action), sends progress as job progress and the outcome to the reports queue. A group
 * told to shut down is moved back to the queue, checkpoint and all.
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
    this.#running.set(jobId, { groupId, controller });
    let outcome: GroupOutcome;
    try {
      if (await this.#d.cancels.isRequested(groupId)) controller.abort('cancel' satisfies StopReason);
      outcome = await this.#runAgent(job, controller.signal);
    } finally {
      this.#running.delete(jobId);
    }
    if (outcome.kind === 'parked') {
      // Back in the queue with its checkpoint, atomically; any worker takes it from there.
      await job.updateData({ checkpoint: outcome.checkpoint });
      await job.moveToDelayed(Date.now(), token);
      logger.info({ groupId, jobId }, 'group parked; it goes back to the queue');
      throw new DelayedError();
    }
    await this.#d.reports.add('outcome', { outcome }, { ...REPORT_JOB_OPTIONS, jobId });
    if (outcome.kind === 'finished' && controller.signal.reason === 'cancel') await this.#d.cancels.clear(groupId);
    return null;
  };

  async #runAgent(job: Job<GroupJobData>, signal: AbortSignal): Promise<GroupOutcome> {
    let latest: GroupCheckpoint = job.data.checkpoint;
    let saved = essence(latest);
    try {
      return await this.#d.run(job.data, {
        saveCheckpoint: async (checkpoint) => {
          latest = structuredClone(checkpoint);
          // Nothing a resumed agent needs changed (the agent starting, or ending after its last save): no write.
          const now = essence(latest);
          if (now === saved) return;
          saved = now;
          try {
            await job.updateData({ checkpoint: latest });
          } catch (error) {
            throw new QueueUnavailableError(`save the checkpoint of ${checkpoint.groupId}`, error);
          }
        },
        emit: (event: AgentEvent) => {
          job.updateProgress(event).catch((error: unknown) => this.#d.logger.debug({ err: error, groupId: event.groupId }, 'progress not sent'));
        },
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
