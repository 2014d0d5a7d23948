import type { z } from 'zod';
import type { ActionResult, Requester } from '../types.js';
import type { Logger } from '../util/logger.js';
import type { MethodHints } from './hints.js';

/** What a method may need to know about the action it runs for. */
export interface ActionContext {
  requestId: string;
  groupId: string;
  actionId: string;
  /** The action in the requester's words. */
  actionText: string;
  /** 1 for the first attempt; a retry after a failure gets the next number. */
  attempt: number;
  /**
   * `request:action:attempt`. The same on a resumed attempt that may already have run, so a
   * method with side effects can recognize it and return the earlier result instead.
   */
  idempotencyKey: string;
  requester: Requester;
  /** What the actions this one depends on produced, in order. */
  dependencyResults: DependencyResult[];
  /** Aborted when the method's time is up or the agent is stopped. */
  signal: AbortSignal;
  logger: Logger;
  /** Reports progress of a long method ("mined 3/5 logs"); shown to the requester. */
  progress(text: string): void;
}

export interface DependencyResult {
  actionId: string;
  text: string;
  target: string;
  summary: string;
  data?: unknown;
}

export interface MethodFlags {
  /** Always ask the requester before running it. */
  needsConfirmation?: boolean;
  /** Running it twice with the same arguments does no more than running it once. */
  idempotent?: boolean;
  /** Changes nothing anywhere. */
  readOnly?: boolean;
}

/** A method of a plugin: described, typed by a zod schema, validated before `run`. */
export interface MethodSpec<P extends z.ZodObject = z.ZodObject> {
  description: string;
  /** Parameters; turned into JSON schema for function calling. Entity kinds via `.meta({ entity })`. */
  params: P;
  flags?: MethodFlags;
  hints?: MethodHints;
  /** Longest a run may take before it is aborted and counted as a retryable failure. */
  timeoutMs?: number;
  /**
   * Whether these arguments reach someone other than the requester (an email to others, items
   * given away). The confirmation policy may then require a yes first.
   */
  reachesOutside?: (args: z.output<P>, requester: Requester) => boolean;
  /**
   * What the arguments come to, said to someone asked to confirm them, where the words alone do
   * not show it: "bob is bob@example.com". Undefined when there is nothing more to say.
   */
  explain?: (args: z.output<P>, requester: Requester) => Promise<string | undefined>;
  run(args: z.output<P>, ctx: ActionContext): Promise<ActionResult>;
}

/** Declares a method with its argument types inferred from the schema. */
export function defineMethod<P extends z.ZodObject>(spec: MethodSpec<P>): MethodSpec<P> {
  return spec;
}

/** A method with its schema type erased, as registries and brains hold it. */
// The `run` argument type must be erased too, or a method taking `{location}` would not fit.
export type AnyMethodSpec = Omit<MethodSpec, 'run' | 'reachesOutside' | 'explain'> & {
  run(args: never, ctx: ActionContext): Promise<ActionResult>;
  reachesOutside?: (args: never, requester: Requester) => boolean;
  explain?: (args: never, requester: Requester) => Promise<string | undefined>;
};

/** A method's failure, coded: what failed and what to do about it; tried again only when `retryable`. */
export function failedResult(code: string, message: string, options: { hint?: string | undefined; retryable?: boolean } = {}): ActionResult {
  return { ok: false, retryable: options.retryable ?? false, error: { code, message, ...(options.hint === undefined ? {} : { hint: options.hint }) } };
}
