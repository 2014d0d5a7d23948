import type { ActionResult, Decision, ExtractedAction, PlannedAction, Requester } from '../types.js';
import type { Catalog } from '../plugin/catalog.js';
import type { DependencyResult } from '../plugin/method.js';
import type { Evaluation, FeedbackReason, GroupReport, LessonUse } from '../agent/checkpoint.js';
import type { UsageSink } from './usage.js';
import type { GeoPlace } from '../util/sun.js';

/** What a brain knows when it thinks. */
export interface BrainContext {
  /** "Now", for reading "tomorrow" or "in 45 minutes". */
  now: Date;
  /** IANA zone the requester lives in. */
  timeZone: string;
  requester: Requester;
  catalog: Catalog;
  /** Where the home is, for a brain set up with it: the sun's times there ("at sunset"). */
  place?: GeoPlace;
  /** Results of the actions this one depends on (at run time; empty when planning). */
  previous?: DependencyResult[];
  /**
   * What the requester asked last in this conversation, shortly before: an "it" the request
   * does not explain may stand for what that acted on ("turn off the kitchen light", then
   * "turn it back on").
   */
  earlier?: EarlierRequest;
  /** What the supervisor asked for when it re-dispatched the group. */
  instructions?: string;
  signal?: AbortSignal;
  /** Where a brain that asks a model records each call; the caller stores the total. */
  usage?: UsageSink;
  /**
   * How approaches to similar actions went before (from long-term memory), when the agent
   * decides again because of them: a brain should not choose an approach that failed unless
   * nothing else fits.
   */
  lessons?: readonly LessonUse[];
}

/** A request made shortly before in the same conversation, as planned. */
export interface EarlierRequest {
  text: string;
  /** Its calls, in the order planned. */
  actions: ReadonlyArray<{ target: string; args: Record<string, unknown> }>;
}

/** What the agent should do after a human answered its question. */
export type Reevaluation =
  /** Run the current action as decided (a yes to a confirmation). */
  | { verdict: 'proceed'; reason?: string }
  /** Try the current action again, with a fresh retry budget. */
  | { verdict: 'retry'; reason?: string }
  /** Pass the current action by and go on. */
  | { verdict: 'skip'; reason?: string }
  /** Stop the group. */
  | { verdict: 'terminate'; reason?: string }
  /** The current and later actions, revised; the agent resumes with the first of them. */
  | { verdict: 'revise'; actions: PlannedAction[]; reason?: string }
  /** The answer did not settle it; ask again with this question. */
  | { verdict: 'unclear'; question: string };

export interface FeedbackInput {
  /** The action the question was about, followed by the ones after it. Never completed ones. */
  remaining: PlannedAction[];
  reason: FeedbackReason;
  question: string;
  answer: string;
}

/** A request's groups as they ended, for the summary the requester gets. */
export interface RequestOutcome {
  requestId: string;
  text: string;
  reports: GroupReport[];
}

/**
 * Turns words into actions and judges what happened. The rule brain and the LLM brain
 * implement it and pass the same conformance suite.
 */
export interface Brain {
  readonly name: string;
  /** Discrete actions, with dependencies and optional flags, in the requester's order. */
  extract(text: string, ctx: BrainContext): Promise<ExtractedAction[]>;
  /** Which method to call with which arguments, or that nothing fits. */
  decide(action: ExtractedAction, ctx: BrainContext): Promise<Decision>;
  /** Whether a result achieved what the action asked. */
  evaluate(action: PlannedAction, result: ActionResult, ctx: BrainContext): Promise<Evaluation>;
  /** What to do with the current and later actions, given a human's answer. */
  reevaluate(input: FeedbackInput, ctx: BrainContext): Promise<Reevaluation>;
  /** A short, readable account of what happened, for the requester. */
  summarize(outcome: RequestOutcome, ctx: BrainContext): Promise<string>;
}
