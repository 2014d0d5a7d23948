import { FINISHED_GROUP_STATUSES } from '../agent/checkpoint.js';
import type { Store } from '../store/store.js';
import type { Supervisor } from '../supervisor/supervisor.js';
import type { Scheduler } from '../scheduler/scheduler.js';
import type { Catalog } from '../plugin/catalog.js';
import type { Address, Plan } from '../types.js';
import { formatHuman } from '../util/time.js';
import { sendersRequests } from './status.js';

/**
 * "cancel that", "never mind", "scratch that", "undo": said alone, about the sender's own last request.
 * A bare "stop" is not one: in a game it stops the bot, whatever was asked last.
 */
const CANCELS_LAST = new RegExp(
  String.raw`^\s*(?:(?:oh|no|ok|okay|wait)[,!.]?\s+)?(?:cancel(?:\s+(?:that|it|this|my\s+last\s+(?:request|message|one)|the\s+last\s+(?:request|message|one)))?|undo(?:\s+(?:that|it|this))?|scratch\s+that|forget\s+(?:it|that|about\s+it)|never\s*mind|nvm)(?:\s*,?\s*(?:please|thanks|thank\s+you))?\s*[.!]*\s*$`,
  'i',
);

export function cancelsLast(text: string): boolean {
  return CANCELS_LAST.test(text);
}

/** "Undo", "undo that": what the last request did, undone where it can be, not only what it set up for later. */
const UNDOES = /^\s*(?:(?:oh|no|ok|okay|wait)[,!.]?\s+)?undo\b/i;

/**
 * What undoes what the sender's last request did, once it is over and was made within
 * {@link UNDO_WINDOW_MS}, as a request to make now ("put the kitchen lights back"): each of its
 * actions that got done whose method says how it is undone. What cannot be undone (a message
 * sent) is named. Undefined when the message is no "undo", or nothing of it can be undone.
 */
export async function undoOfLast(text: string, from: Address, deps: Pick<CancelDeps, 'store' | 'clock' | 'scheduler'>, catalog: Catalog): Promise<{ of: string; text: string; stays: string[] } | undefined> {
  return UNDOES.test(text) ? undoOf(from, deps, catalog) : undefined;
}

/**
 * What undoes what the sender's last request did (see {@link undoOfLast}), whatever they said:
 * also what a correction of it puts back first ("no, I meant the garage").
 */
export async function undoOf(from: Address, deps: Pick<CancelDeps, 'store' | 'clock' | 'scheduler'>, catalog: Catalog): Promise<{ of: string; text: string; stays: string[] } | undefined> {
  const [last] = await sendersRequests(from, deps.store, { limit: RECENT });
  if (!last || last.status === 'running' || last.status === 'waiting' || deps.clock().getTime() - Date.parse(last.createdAt) > UNDO_WINDOW_MS) return undefined;
  // What it set up for later is called off (a job is scheduled under the key of the attempt that made it): it does not stay.
  const later = (await deps.scheduler.list({ status: 'pending' })).filter((j) => j.requestId === last.id).map((j) => j.id);
  const undo: string[] = [];
  const stays: string[] = [];
  for (const group of await deps.store.listCheckpoints({ requestId: last.id })) {
    for (const record of group.actions) {
      const d = record.action.decision;
      if (record.status !== 'done' || d.kind !== 'call') continue;
      const entry = catalog.get(d.target);
      const said = entry?.spec.hints?.undoText?.(d.args, record.attempts.at(-1)?.result?.data);
      if (said !== undefined) {
        // "" : it changed nothing ("add milk" with milk on the list already).
        if (said !== '' && !undo.includes(said)) undo.push(said);
        continue;
      }
      const key = record.attempts.at(-1)?.idempotencyKey;
      if (!entry?.spec.flags?.readOnly && !later.some((id) => key !== undefined && id.startsWith(key))) stays.push(record.action.text);
    }
  }
  return undo.length === 0 ? undefined : { of: last.text, text: undo.join(' and '), stays };
}

/** Requests read at most when looking for the sender's last one that is over. */
const RECENT = 100;
/** How recent a request that is over must be for "cancel that" to call off what it set up for later. */
export const UNDO_WINDOW_MS = 10 * 60_000;

export interface CancelDeps {
  store: Store;
  supervisor: Supervisor;
  scheduler: Scheduler;
  timeZone: string;
  clock: () => Date;
}

/**
 * Stops the sender's latest request that is not over (each of its groups that is not: a
 * running one after its current action), and says what happened; the request's report
 * follows as usual. With none running, their last request, when made within
 * {@link UNDO_WINDOW_MS}, has what it set up for later (reminders, timers, routines, requests
 * for later) called off; what it already did is said to stay done.
 */
export async function cancelLast(from: Address, deps: CancelDeps): Promise<string> {
  const { store, supervisor } = deps;
  const [last] = await sendersRequests(from, store, { status: ['running', 'waiting'] });
  if (last) {
    const groups = await store.listCheckpoints({ requestId: last.id });
    let stopped = 0;
    for (const g of groups) {
      if (!FINISHED_GROUP_STATUSES.includes(g.status) && (await supervisor.stopGroup(g.groupId))) stopped++;
    }
    return stopped > 0
      ? `Cancelling "${last.text}": what it already did stays done, the rest will not happen. Its report follows.`
      : `"${last.text}" is just ending, too late to cancel; its report follows.`;
  }
  const nothing = 'Nothing of yours is running, so nothing was cancelled.';
  const undone = await callOffLast(from, deps);
  if (!undone) return nothing;
  if (undone.called.length > 0) return calledOff(undone);
  return `${nothing} Your last request, "${undone.text}", is over (${undone.status}); to undo what it did, say what to change.`;
}

/**
 * What the sender's last request, once over and made within {@link UNDO_WINDOW_MS}, set up
 * for later (reminders, timers, routines, requests for later), called off and said each; none
 * called off when it is older or set nothing up. Undefined when the sender made no request.
 * "Actually, make it 8pm" calls off what the request it sets right set up, before that is made
 * again (`replacedBy`): only when the new plan calls nothing the last one did not ("make it
 * brighter" after a reminder replaces no reminder).
 */
export async function callOffLast(from: Address, deps: CancelDeps, replacedBy?: Plan): Promise<{ text: string; status: string; called: string[]; replaced: boolean } | undefined> {
  const [over] = await sendersRequests(from, deps.store, { limit: RECENT });
  if (!over) return undefined;
  const now = deps.clock();
  const targets = (plan: Plan) => plan.groups.flatMap((g) => g.actions.map((a) => (a.decision.kind === 'call' ? a.decision.target : '')));
  const replaced = replacedBy === undefined || targets(replacedBy).every((t) => t !== '' && targets(over.plan).includes(t));
  const called = replaced && now.getTime() - Date.parse(over.createdAt) <= UNDO_WINDOW_MS ? await callOff(over.id, from, deps, now) : [];
  return { text: over.text, status: over.status, called, replaced };
}

/** What was called off, said: `Called off what "remind me at 7pm to call mom" set up: the reminder "call mom" (today at 19:00).` */
export function calledOff(undone: { text: string; called: string[] }): string {
  return `Called off what "${undone.text}" set up: ${undone.called.join('; ')}.`;
}

/** Cancels the jobs a request scheduled for this sender that are still to come; says each. */
async function callOff(requestId: string, from: Address, deps: CancelDeps, now: Date): Promise<string[]> {
  const pending = (await deps.scheduler.list({ status: 'pending' })).filter(
    (j) => j.requestId === requestId && j.deliverTo.channel === from.channel && j.deliverTo.userId === from.userId,
  );
  const called: string[] = [];
  for (const job of pending) {
    if (!(await deps.scheduler.cancel(job.id))) continue;
    const what = job.repeat ? 'the routine' : job.run ? 'the request for later' : 'the reminder';
    const when = formatHuman(job.at, deps.timeZone, now);
    called.push(`${what} "${job.text}" (${job.repeat ? `next ${when}` : when})`);
  }
  return called;
}
