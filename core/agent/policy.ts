import type { CatalogEntry } from '../plugin/catalog.js';
import type { Requester } from '../types.js';

/** How cautious and how persistent agents are. From the configuration, frozen. */
export interface AgentPolicy {
  /** Attempts after the first failure of a required action, before asking the requester. */
  maxRetries: number;
  /** First retry delay in ms; each next one doubles. */
  retryBaseMs: number;
  /** Longest a method may run when it sets no limit of its own. */
  actionTimeoutMs: number;
  /** Decisions less certain than this are confirmed first. */
  confidenceThreshold: number;
  /** Ask before anything that reaches someone other than the requester. */
  confirmOutside: boolean;
  /** Targets that always need a yes first. */
  confirmTargets: ReadonlySet<string>;
}

export const DEFAULT_POLICY: AgentPolicy = Object.freeze({
  maxRetries: 3,
  retryBaseMs: 500,
  actionTimeoutMs: 30_000,
  confidenceThreshold: 0.5,
  confirmOutside: true,
  confirmTargets: new Set<string>(),
});

/** Why a call needs a yes before it runs, or undefined when it does not. */
export function confirmationReason(entry: CatalogEntry, args: unknown, requester: Requester, policy: AgentPolicy): string | undefined {
  if (entry.spec.flags?.needsConfirmation) return 'it always needs a yes first';
  if (policy.confirmTargets.has(entry.target)) return 'this assistant is set to ask before doing it';
  if (policy.confirmOutside && entry.spec.reachesOutside?.(args as never, requester)) return 'it reaches someone other than you';
  return undefined;
}

/** Delay before retry number `retry` (1-based): base, 2×base, 4×base... capped at a minute. */
export function backoffMs(retry: number, policy: AgentPolicy): number {
  return Math.min(policy.retryBaseMs * 2 ** Math.max(0, retry - 1), 60_000);
}
