import type { PlanGroup, Requester } from '../types.js';
import type { DependencyResult } from '../plugin/method.js';
import type { ActionRecord, GroupCheckpoint, GroupReport } from './checkpoint.js';

/** The first checkpoint of a group, before any agent ran it. */
export function initialCheckpoint(input: {
  requestId: string;
  group: PlanGroup;
  requester: Requester;
  requestText: string;
  brain: string;
  at: Date;
}): GroupCheckpoint {
  const at = input.at.toISOString();
  return {
    version: 1,
    requestId: input.requestId,
    groupId: `${input.requestId}.${input.group.id}`,
    requester: input.requester,
    requestText: input.requestText,
    dispatch: 0,
    position: 0,
    status: 'queued',
    actions: input.group.actions.map((action) => ({
      action,
      status: 'pending',
      decisions: [{ at, decision: action.decision, by: input.brain }],
      attempts: [],
      feedback: [],
    })),
    createdAt: at,
    updatedAt: at,
  };
}

/** Whether an action needs nothing more from the agent. */
export function isSettled(record: ActionRecord): boolean {
  return record.status === 'done' || record.status === 'skipped' || record.status === 'failed' || record.status === 'cancelled';
}

/** The last result of an action, when it has one. */
export function lastResult(record: ActionRecord) {
  for (let i = record.attempts.length - 1; i >= 0; i--) {
    const result = record.attempts[i]!.result;
    if (result) return { attempt: record.attempts[i]!, result };
  }
  return undefined;
}

/** What the actions `record` depends on produced (or why they did not), for messages about them. */
export function dependencyResults(checkpoint: GroupCheckpoint, record: ActionRecord): DependencyResult[] {
  const results: DependencyResult[] = [];
  for (const id of record.action.dependsOn) {
    const dep = checkpoint.actions.find((r) => r.action.id === id);
    if (!dep || dep.unneeded) continue;
    const last = lastResult(dep);
    const target = dep.action.decision.kind === 'call' ? dep.action.decision.target : '';
    if (dep.status === 'done' && last?.result.ok) {
      results.push({ actionId: id, text: dep.action.text, target, summary: last.result.summary, data: last.result.data });
    } else {
      const why = last && !last.result.ok ? `: ${last.result.error.message}` : dep.note ? ` (${dep.note})` : '';
      results.push({ actionId: id, text: dep.action.text, target, summary: `Could not ${lowerFirst(dep.action.text)}${why}.` });
    }
  }
  return results;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Not done, and no loss: the requester turned it down or put others in its place, or it was not needed. */
function noLoss(record: ActionRecord): boolean {
  return record.declined === true || record.replaced === true || record.unneeded === true;
}

/** Whether an action ended without getting done, and that is a loss. */
function wentWrong(record: ActionRecord): boolean {
  return (record.status === 'failed' || record.status === 'skipped') && !noLoss(record);
}

/** What a check that was done found ("The garage light is off."), when it found its condition holds (`holds` true) or not (false). */
function checked(record: ActionRecord, holds: boolean): string | undefined {
  if (record.status !== 'done') return undefined;
  const last = lastResult(record)?.result;
  return last?.ok && last.holds === holds ? lowerFirst(last.summary.replace(/\.$/, '')) : undefined;
}
const unheld = (record: ActionRecord) => checked(record, false);

/**
 * Why an action that runs only on an outcome of what it waits for (`onlyIf`), or after a check
 * ("if the garage light is on, ..."), is not needed, or undefined when that outcome came (or it
 * has no such condition). What runs if something fails is not held back by a check: it runs
 * when the check finds its condition does not hold ("..., otherwise ...").
 */
export function unneededBecause(checkpoint: GroupCheckpoint, record: ActionRecord): string | undefined {
  const { onlyIf, dependsOn } = record.action;
  const deps = dependsOn.map((id) => checkpoint.actions.find((r) => r.action.id === id)).filter((r): r is ActionRecord => r !== undefined && !r.unneeded);
  if (onlyIf !== 'failed') {
    const found = deps.map(unheld).find((why) => why !== undefined);
    if (found !== undefined) return `not needed: ${found}`;
  }
  if (onlyIf === undefined) return undefined;
  const said = deps.map((d) => `"${d.action.text}"`).join(', ') || 'what it waited for';
  // "If the kitchen light is on, turn it off, otherwise turn on the porch light": a check that did not hold is the "otherwise".
  if (onlyIf === 'failed') {
    if (deps.some((d) => wentWrong(d) || unheld(d) !== undefined)) return undefined;
    const held = deps.map((d) => checked(d, true)).find((why) => why !== undefined);
    return `not needed: ${held ?? `${said} did not fail`}`;
  }
  return deps.every((d) => d.status === 'done') ? undefined : `not needed: ${said} did not get done`;
}

/** Whether an action that runs only if `record` fails waits for it: then its failure is no question for the requester. */
export function fallsBack(checkpoint: GroupCheckpoint, record: ActionRecord): boolean {
  return checkpoint.actions.some((r) => r.action.onlyIf === 'failed' && r.action.dependsOn.includes(record.action.id) && !isSettled(r));
}

/** A group's final status from its actions: failed when a required action did not get done. */
export function finalStatus(checkpoint: GroupCheckpoint): 'done' | 'failed' | 'terminated' {
  // Only termination cancels actions, so a cancelled one tells even after a restart.
  if (checkpoint.status === 'terminated' || checkpoint.actions.some((r) => r.status === 'cancelled')) return 'terminated';
  const unmet = checkpoint.actions.some((r) => !r.action.optional && r.status !== 'done' && !noLoss(r));
  if (unmet) return 'failed';
  // Nothing done, and the requester turned down what there was to do: they called it off.
  if (checkpoint.actions.some((r) => r.declined) && !checkpoint.actions.some((r) => r.status === 'done')) return 'terminated';
  return 'done';
}

export function toReport(checkpoint: GroupCheckpoint, at: Date, error?: { code: string; message: string }): GroupReport {
  return {
    requestId: checkpoint.requestId,
    groupId: checkpoint.groupId,
    status: error ? 'failed' : finalStatus(checkpoint),
    dispatch: checkpoint.dispatch,
    actions: checkpoint.actions,
    finishedAt: at.toISOString(),
    ...(error ? { error } : {}),
    ...(checkpoint.usage ? { usage: checkpoint.usage } : {}),
  };
}
