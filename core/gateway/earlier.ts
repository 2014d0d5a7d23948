import type { EarlierRequest } from '../brain/brain.js';
import type { Address, Plan } from '../types.js';

/** How long a request stays what "it" of the next one may refer to. */
export const EARLIER_MS = 30 * 60_000;
/** Conversations remembered at most; the longest quiet go first. */
const MAX_CONVERSATIONS = 1000;

function keyOf(address: Address): string {
  return `${address.channel}\u0000${address.conversationId}\u0000${address.userId}`;
}

/**
 * The last request of each conversation, as planned, for a short while: "turn off the kitchen
 * light", then "turn it back on". Kept by the process that plans; after a restart, the store's.
 */
export class RecentRequests {
  readonly #last = new Map<string, EarlierRequest & { at: number }>();

  /**
   * Keeps a request planned with calls. Its text is what its actions say, in order: a follow-up
   * ("same for the garage") is kept as the request it stood for ("turn off the garage light").
   */
  remember(address: Address, plan: Plan, at: Date): void {
    const earlier = earlierOf(plan);
    if (!earlier) return;
    const key = keyOf(address);
    this.#last.delete(key);
    this.#last.set(key, { ...earlier, at: at.getTime() });
    if (this.#last.size > MAX_CONVERSATIONS) this.#last.delete(this.#last.keys().next().value!);
  }

  /**
   * The request made in this conversation within {@link EARLIER_MS} before `now`, if any; known
   * to this process, or else (`stored`: after a restart, or made through another gateway) the
   * newest of those stored.
   */
  async earlier(address: Address, now: Date, stored?: (since: Date) => Promise<Plan[]>): Promise<EarlierRequest | undefined> {
    const last = this.#last.get(keyOf(address));
    if (last) return now.getTime() - last.at > EARLIER_MS || now.getTime() < last.at ? undefined : { text: last.text, actions: last.actions };
    if (!stored) return undefined;
    for (const plan of await stored(new Date(now.getTime() - EARLIER_MS))) {
      const earlier = earlierOf(plan);
      if (earlier) return earlier;
    }
    return undefined;
  }
}

/**
 * What "it" of the next request may refer to in a request planned with calls: its calls, and
 * its text as its actions say it, in order (a follow-up, "same for the garage", is the request
 * it stood for, "set the garage light to 35%"); undefined without calls.
 */
function earlierOf(plan: Plan): EarlierRequest | undefined {
  const planned = plan.groups.flatMap((g) => g.actions);
  const actions = planned.flatMap((a) => (a.decision.kind === 'call' ? [{ target: a.decision.target, args: a.decision.args }] : []));
  if (actions.length === 0) return undefined;
  const text = [...new Set(planned.map((a) => a.text.trim().replace(/[.!,;]+$/, '')))].join(' and ');
  return { text, actions };
}
