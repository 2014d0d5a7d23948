import type { GroupCheckpoint, QuestionRequest } from '../agent/checkpoint.js';
import type { AgentEvent } from '../events.js';

/** One unit of work on the queue: a group, with everything needed to run or resume it. */
export interface GroupJob {
  checkpoint: GroupCheckpoint;
}

/** How a run of a group ended. */
export type GroupOutcome =
  /** Every action is done, skipped or failed for good, or the agent terminated. */
  | { kind: 'finished'; checkpoint: GroupCheckpoint }
  /** The agent waits for a human; nothing of it stays in memory. */
  | { kind: 'paused'; checkpoint: GroupCheckpoint; question: QuestionRequest }
  /** The agent stopped because it was told to (shutdown): it is queued again, not finished. */
  | { kind: 'parked'; checkpoint: GroupCheckpoint }
  /** Something outside the actions broke (a bug, a lost store); the supervisor decides. */
  | { kind: 'crashed'; checkpoint: GroupCheckpoint; error: { code: string; message: string } };

/** What an agent may use of the dispatcher while it runs. */
export interface AgentRuntime {
  /**
   * Makes the checkpoint durable; resolves once it is. Called after each completed action
   * but the group's last, whose end the outcome carries (the dispatcher makes that durable
   * with the outcome, before the run counts as over), and before each side effect that a
   * run resuming from the last save would not make the same way (a retry, a decision
   * changed since): a first attempt at an action, as the last save holds it, gets the same
   * idempotency key when it is made again.
   */
  saveCheckpoint(checkpoint: GroupCheckpoint): Promise<void>;
  /** Progress, for channels and the dashboard. Best effort. */
  emit(event: AgentEvent): void;
  /**
   * Shows the checkpoint where people look at groups (the dashboard reads the store), without
   * making it durable: called when an attempt starts that needs no save. Best effort; a
   * dispatcher whose checkpoints are not in the store leaves it out.
   */
  show?(checkpoint: GroupCheckpoint): void;
  /**
   * Aborted when the agent must stop after its current action; `signal.reason` is a
   * {@link StopReason}: on shutdown the group is parked and runs again later, on cancel it
   * terminates and reports. A stop asked for while the group was queued is known, at the
   * latest, once the run's first `saveCheckpoint` has resolved: an agent looks at the signal
   * after the save that precedes a side effect. A run that asks a question before any save
   * while such a stop comes is run once more, to end (the BullMQ dispatcher does so).
   */
  readonly signal: AbortSignal;
  /**
   * This run takes over from one that may have ended mid-action (its worker died, the agent
   * broke, the queue failed it): the action it starts at may have begun its side effect, so
   * nothing may change how it is made (lessons are not consulted for it).
   */
  readonly resumed?: boolean;
}

export type StopReason = 'shutdown' | 'cancel';

export type GroupRunner = (job: GroupJob, runtime: AgentRuntime) => Promise<GroupOutcome>;

export interface DispatcherHandlers {
  /** Runs a group. Given on processes that work (all of them, in embedded mode). */
  run?: GroupRunner;
  /** Receives how each run ended. Given on the process that supervises. */
  onOutcome?: (outcome: GroupOutcome) => Promise<void>;
  /** Receives agents' progress. Given on the process that supervises. */
  onEvent?: (event: AgentEvent) => void;
}

export interface DispatcherStats {
  queued: number;
  running: number;
  waiting?: number;
}

export interface EnqueueOptions {
  stored?: boolean;
}

/** Whether the store holds a job's checkpoint just as it is queued, so that queueing it need not write it. */
export function storedAsQueued(job: GroupJob, options: EnqueueOptions | undefined): boolean {
  return options?.stored === true && job.checkpoint.status === 'queued';
}

/**
 * Runs groups, concurrently, durably. The stepper agent never knows whether it runs in
 * this process or on another host.
 */
export interface Dispatcher {
  readonly name: string;
  start(handlers: DispatcherHandlers): Promise<void>;
  /**
   * Queues a group: its first run, a resume after an answer, or a re-dispatch. `stored`
   * says that the store already holds this very checkpoint (a request's groups, just
   * created): the dispatcher need not write it again.
   */
  enqueue(job: GroupJob, options?: EnqueueOptions): Promise<void>;
  /** Asks the agent of a group to terminate after its current action. False if it is not running here. */
  cancel(groupId: string): Promise<boolean>;
  stats(): Promise<DispatcherStats>;
  /** Stops taking jobs; running agents park after their current action. */
  stop(): Promise<void>;
  /** The dispatcher's BullMQ queues, for the dashboard's queue board; absent when it has none (in-process). */
  queues?(): unknown[];
}
