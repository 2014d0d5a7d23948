import type { GroupOutcome, GroupJob } from '../dispatcher.js';

/** How the BullMQ dispatcher talks to Redis and how its workers behave. From the configuration, frozen. */
export interface BullMqSettings {
  /** `redis://` or `rediss://` URL. */
  redisUrl: string;
  /** Key prefix of every queue and key: assistants (or tests) sharing a Redis keep apart by it. */
  prefix: string;
  /** Groups one process runs at the same time. */
  concurrency: number;
  /** How long a worker holds a group's lock between renewals; a dead worker's group is taken over once it expired. */
  lockMs: number;
  /** How often workers look for groups whose worker died. */
  stalledCheckMs: number;
  /** Times a group may lose its worker before it is reported as broken. */
  maxStalls: number;
}

/** The queue of groups: one job per run of a group. */
export const GROUPS_QUEUE = 'groups';
/** The queue of outcomes, from workers to the supervising process. */
export const REPORTS_QUEUE = 'reports';

/**
 * What a job on the groups queue holds: the group's latest checkpoint, updated as the agent
 * goes, and a stop asked for while the job waited (or while its run parked).
 */
export interface GroupJobData extends GroupJob {
  stop?: 'cancel';
}

/** What a job on the reports queue holds. */
export interface ReportJobData {
  outcome: GroupOutcome;
}

/** Redis keys of the dispatcher besides BullMQ's own. */
export function dispatchKeys(prefix: string) {
  return {
    /** A hash earlier versions kept (group id → its latest job), removed by the supervising process at start. */
    formerGroupJobs: `${prefix}:mj:group-jobs`,
    /** Pub/sub channel on which cancels reach every worker at once. */
    cancelChannel: `${prefix}:mj:cancels`,
    /** Pub/sub channel of agents' progress, from workers to the supervising process (best effort, as progress is). */
    progressChannel: `${prefix}:mj:progress`,
  };
}
