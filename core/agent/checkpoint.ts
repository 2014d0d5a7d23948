import type { ActionResult, Decision, PlannedAction, Requester } from '../types.js';
import type { ModelUsage } from '../brain/usage.js';

/**
 * The whole state of a stepper agent for one group: enough to resume it on any worker,
 * at any time, without repeating what it already did. It is the agent's context too:
 * every decision, attempt, result and feedback is recorded here and ends up in the report.
 */
export interface GroupCheckpoint {
  version: 1;
  requestId: string;
  groupId: string;
  requester: Requester;
  /** The request as the requester wrote it. */
  requestText: string;
  /** 0 for the first dispatch; the supervisor counts re-dispatches here. */
  dispatch: number;
  /** What the supervisor said when it re-dispatched the group. */
  instructions?: string;
  /** Index of the action the agent is on (or will start with). */
  position: number;
  actions: ActionRecord[];
  status: GroupStatus;
  /** Set while the agent waits for a human. */
  waiting?: { questionId: string; reason: FeedbackReason };
  /** An answer that arrived while waiting, applied when the agent runs next. */
  resume?: { questionId: string; answer: string };
  /** Model calls the brain made while running this group (judging results, reading answers), over every dispatch. */
  usage?: ModelUsage;
  createdAt: string;
  updatedAt: string;
}

export type GroupStatus = 'queued' | 'running' | 'waiting' | 'done' | 'failed' | 'terminated';

export const FINISHED_GROUP_STATUSES: readonly GroupStatus[] = ['done', 'failed', 'terminated'];

export type ActionStatus = 'pending' | 'running' | 'waiting' | 'done' | 'failed' | 'skipped' | 'cancelled';

/** Why the agent stopped to ask. */
export type FeedbackReason =
  | 'no-target' // nothing fits the action
  | 'invalid-args' // arguments missing or invalid
  | 'uncertain' // a decision below the confidence threshold
  | 'confirmation' // the method or the policy wants a yes first
  | 'failed'; // a required action exhausted its retries

export interface ActionRecord {
  action: PlannedAction;
  status: ActionStatus;
  /** Every decision taken for this action, latest last; `action.decision` is the current one. */
  decisions: Array<{ at: string; decision: Decision; by: string }>;
  attempts: Attempt[];
  feedback: FeedbackRecord[];
  /** The requester said yes to the current decision. */
  confirmed?: boolean;
  /** Attempts made before the requester asked for a fresh try; retries are counted after them. */
  retryFrom?: number;
  /** Why it ended as it did, in words, when that is not obvious from the last attempt. */
  note?: string;
  /** Skipped because the requester's answer put other actions in its place: not one they still want done. */
  replaced?: boolean;
  /**
   * Not done because the requester chose so: asked whether to do it (a confirmation, an
   * uncertain decision), they said no or skip; or it waited for such an action. Their choice,
   * not a failure.
   */
  declined?: boolean;
  /**
   * Passed by because it runs only on an outcome of what it waits for that did not come ("if
   * that fails, email me" after it worked): not needed, so neither done nor a failure.
   */
  unneeded?: boolean;
  /** Lessons of earlier, similar actions that the agent recalled for this one. */
  lessons?: LessonUse[];
  /** What those lessons changed about the approach, in words, when they changed it. */
  learned?: string;
}

/** A lesson recalled from memory: how an approach to a similar action went before. */
export interface LessonUse {
  /** The memory's id. */
  id: string;
  /** The earlier action, in its requester's words. */
  action: string;
  /** The approach: the target called. */
  target: string;
  /** The arguments it was called with. */
  args?: Record<string, unknown>;
  outcome: 'worked' | 'failed';
  /** Why it failed (the error's code and message), or what it did. */
  why?: string;
  /** How alike the earlier action is to this one (cosine, 0..1). */
  relevance: number;
  /** ISO-8601: when it was learned. */
  at: string;
}

export interface Attempt {
  n: number;
  idempotencyKey: string;
  target: string;
  args: Record<string, unknown>;
  startedAt: string;
  endedAt?: string;
  result?: ActionResult;
  /** The brain's judgement of the result. */
  evaluation?: Evaluation;
}

export interface Evaluation {
  ok: boolean;
  reason?: string;
}

export interface FeedbackRecord {
  questionId: string;
  reason: FeedbackReason;
  question: string;
  askedAt: string;
  answer?: string;
  answeredAt?: string;
  /** What the agent did with the answer. */
  outcome?: string;
}

/** The agent's account of a finished group, as the supervisor receives it. */
export interface GroupReport {
  requestId: string;
  groupId: string;
  status: 'done' | 'failed' | 'terminated';
  dispatch: number;
  actions: ActionRecord[];
  finishedAt: string;
  /** For a group that could not run at all (an internal error). */
  error?: { code: string; message: string };
  /** Model calls the brain made for this group, as in its checkpoint. */
  usage?: ModelUsage;
}

/** A question an agent needs answered, before it is stored and asked. */
export interface QuestionRequest {
  id: string;
  requestId: string;
  groupId: string;
  actionId: string;
  reason: FeedbackReason;
  text: string;
  /** Quick answers a channel may offer as buttons. */
  choices?: string[];
}
