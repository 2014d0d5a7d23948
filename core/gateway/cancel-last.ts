import { FINISHED_GROUP_STATUSES } from '../agent/checkpoint.js';
import type { RequestRecord, Store } from '../store/store.js';
import type { Supervisor } from '../supervisor/supervisor.js';
import type { Address } from '../types.js';

/**
 * "cancel that", "never mind", "scratch that": said alone, about the sender's own last request.
 * A bare "stop" is not one: in a game it stops the bot, whatever was asked last.
 */
const CANCELS_LAST = new RegExp(
  String.raw`^\s*(?:(?:oh|no|ok|okay|wait)[,!.]?\s+)?(?:cancel(?:\s+(?:that|it|this|my\s+last\s+(?:request|message|one)|the\s+last\s+(?:request|message|one)))?|scratch\s+that|forget\s+(?:it|that|about\s+it)|never\s*mind|nvm)(?:\s*,?\s*(?:please|thanks|thank\s+you))?\s*[.!]*\s*$`,
  'i',
);

export function cancelsLast(text: string): boolean {
  return CANCELS_LAST.test(text);
}

/** Requests read at most when looking for the sender's last one that is over. */
const RECENT = 100;

/**
 * Stops the sender's latest request that is not over (each of its groups that is not: a
 * running one after its current action), and says what happened; the request's report
 * follows as usual. With none running, says so, and what became of their last request.
 */
export async function cancelLast(from: Address, deps: { store: Store; supervisor: Supervisor }): Promise<string> {
  const { store, supervisor } = deps;
  const mine = (r: RequestRecord) => r.requester.address.channel === from.channel && r.requester.address.userId === from.userId;
  const [last] = (await store.listRequests({ status: ['running', 'waiting'] })).filter(mine);
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
  const [over] = (await store.listRequests({ limit: RECENT })).filter(mine);
  const nothing = 'Nothing of yours is running, so nothing was cancelled.';
  return over ? `${nothing} Your last request, "${over.text}", is over (${over.status}); to undo what it did, say what to change.` : nothing;
}
