import type { Decision } from '../../types.js';
import { stripNulls } from './json-schema.js';
import type { ModelMethods } from './methods.js';
import { counted } from '../../util/text.js';

/**
 * A model's choice of method and arguments, checked before it becomes a decision: the target
 * must be a method of the catalog and the arguments must pass that method's zod schema. What
 * is wrong is said so that the model can correct it when asked again.
 */

export type CheckedCall = { ok: true; decision: Decision } | { ok: false; problem: string };

/** Confidence of a call when the model gave none (function calling has no place for it). */
export const DEFAULT_CONFIDENCE = 0.8;

function clampConfidence(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_CONFIDENCE;
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}

/** zod issues in one line: `percent: Too big: expected number to be <=100`. */
export function issuesText(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues.map((i) => `${i.path.map(String).join('.') || 'arguments'}: ${i.message}`).join('; ');
}

export interface ModelCall {
  target: string | null | undefined;
  args?: unknown;
  reason?: string | null | undefined;
  confidence?: unknown;
}

/** The decision a model's call stands for, or what is wrong with it. */
export function checkCall(call: ModelCall, methods: ModelMethods): CheckedCall {
  if (call.target === null || call.target === undefined) {
    const reason = typeof call.reason === 'string' && call.reason.trim() !== '' ? call.reason.trim() : 'nothing I can do fits this';
    return { ok: true, decision: { kind: 'none', reason } };
  }
  const method = methods.get(call.target);
  if (!method) return { ok: false, problem: `${JSON.stringify(call.target)} is not one of the methods; use a listed target, or null with a reason` };
  const args = stripNulls(call.args ?? {});
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return { ok: false, problem: `the arguments of ${method.target} must be an object` };
  const parsed = method.params.safeParse(args);
  if (!parsed.success) return { ok: false, problem: `the arguments of ${method.target} do not fit: ${issuesText(parsed.error.issues)}` };
  return {
    ok: true,
    decision: {
      kind: 'call',
      target: method.target,
      args: args as Record<string, unknown>,
      confidence: clampConfidence(call.confidence),
      ...(typeof call.reason === 'string' && call.reason.trim() !== '' ? { reason: call.reason.trim() } : {}),
    },
  };
}

/** What to tell the requester when the model never got a call right. */
export function gaveUp(problem: string, attempts: number): Decision {
  return { kind: 'none', reason: `the model's answer did not fit after ${counted(attempts, 'attempt')} (${problem})` };
}
