import { counted } from '../util/text.js';
/**
 * What a request cost in model calls. A brain that asks a model records every call in the
 * {@link UsageSink} of its context; the planner keeps the total with the plan, the agent with
 * its group (and so with the group's report), the supervisor with the request's end.
 * Brains that ask no model record nothing, and nothing is stored for them.
 */

/** Totals of the model calls made for one request, one group or one step. */
export interface ModelUsage {
  /** Chat completions that came back. */
  calls: number;
  /** Attempts that did not (rate limited, server error, timeout, no connection); not billed. */
  failed: number;
  /** Prompt tokens, as the endpoint counted them. */
  inputTokens: number;
  /** Completion tokens, as the endpoint counted them. */
  outputTokens: number;
  /** Time spent waiting for the model, summed over attempts, in ms. */
  latencyMs: number;
}

/** What a brain did with a model call, for the accounting. */
export type ModelPurpose = 'plan' | 'decide' | 'evaluate' | 'reevaluate' | 'summarize';

/** One attempt at a model call. */
export interface ModelCallRecord {
  purpose: ModelPurpose;
  model: string;
  /** False for an attempt that got no completion (an HTTP error or a timeout). */
  ok: boolean;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
}

/** Where a brain records its model calls. */
export interface UsageSink {
  record(call: ModelCallRecord): void;
}

export const NO_USAGE: ModelUsage = Object.freeze({ calls: 0, failed: 0, inputTokens: 0, outputTokens: 0, latencyMs: 0 });

/** `total` with one more attempt counted. */
export function addCall(total: ModelUsage | undefined, call: ModelCallRecord): ModelUsage {
  const t = total ?? NO_USAGE;
  return {
    calls: t.calls + (call.ok ? 1 : 0),
    failed: t.failed + (call.ok ? 0 : 1),
    inputTokens: t.inputTokens + call.inputTokens,
    outputTokens: t.outputTokens + call.outputTokens,
    latencyMs: t.latencyMs + Math.round(call.latencyMs),
  };
}

/** The sum of several totals; absent ones count as nothing. */
export function sumUsage(...parts: ReadonlyArray<ModelUsage | undefined>): ModelUsage {
  let total: ModelUsage = NO_USAGE;
  for (const p of parts) {
    if (!p) continue;
    total = {
      calls: total.calls + p.calls,
      failed: total.failed + p.failed,
      inputTokens: total.inputTokens + p.inputTokens,
      outputTokens: total.outputTokens + p.outputTokens,
      latencyMs: total.latencyMs + p.latencyMs,
    };
  }
  return total;
}

/** Whether any model attempt was made. */
export function usedModel(usage: ModelUsage | undefined): usage is ModelUsage {
  return usage !== undefined && usage.calls + usage.failed > 0;
}

/** A sink that keeps a running total. */
export function usageMeter(forward?: UsageSink): UsageSink & { readonly total: ModelUsage | undefined } {
  let total: ModelUsage | undefined;
  return {
    record(call) {
      total = addCall(total, call);
      forward?.record(call);
    },
    get total() {
      return total;
    },
  };
}

/** "1 model call, 812 tokens in, 95 out, 0.4 s" */
export function describeUsage(usage: ModelUsage): string {
  const calls = counted(usage.calls, 'model call');
  const failed = usage.failed > 0 ? ` (+${usage.failed} failed)` : '';
  return `${calls}${failed}, ${usage.inputTokens} tokens in, ${usage.outputTokens} out, ${(usage.latencyMs / 1000).toFixed(1)} s`;
}
