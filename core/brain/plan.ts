import { groupActions } from '../extract/group.js';
import { PRIMARY_CHANNEL, resolvePrimaryTarget } from '../plugin/catalog.js';
import type { ActionOutcome, Decision, ExtractedAction, Plan, PlannedAction } from '../types.js';
import type { Brain, BrainContext } from './brain.js';
import { sumUsage, usageMeter, usedModel } from './usage.js';

/**
 * What the assistant would do about a request: actions extracted, a decision for each,
 * grouped by dependency, and what that cost in model calls. Nothing is executed.
 */
export async function planRequest(brain: Brain, text: string, ctx: BrainContext): Promise<Plan> {
  const meter = usageMeter(ctx.usage);
  const metered: BrainContext = { ...ctx, usage: meter };
  const extracted = await brain.extract(text, metered);
  const planned: PlannedAction[] = [];
  for (const action of extracted) {
    const decision = action.decision ?? (await brain.decide(action, metered));
    planned.push({ ...action, decision: concrete(decision, ctx, action.text) });
  }
  const groups = groupActions(planned).map((actions, i) => ({ id: `g${i + 1}`, actions }));
  return usedModel(meter.total) ? { groups, usage: meter.total } : { groups };
}

/** Words that name a way to send: said, a message goes that way wherever it was asked for. */
const WAY_NAMED = /\b(?:e-?mail(?:ed|ing)?|mail|inbox|discord|dm|text(?:ed|ing)?|message(?:d)?|sms|chat)\b/i;

/**
 * A decision with `primary.*` made concrete for the channel the request came from; and a
 * message to someone named, said where the people named are (a game's players), sent there
 * when no way was named ("tell steve hello" said in the game is said in its chat, not mailed;
 * "say hello to everyone" is said to all of it).
 */
export function concrete(decision: Decision, ctx: BrainContext, text?: string): Decision {
  if (decision.kind !== 'call') return decision;
  const channel = ctx.requester.address.channel;
  const here = `${channel}.send_message`;
  const to = decision.args['to'];
  const said = decision.args['text'];
  // "Say hello to everyone", said in the game: to all of its chat, not to someone called "everyone".
  const everyone = typeof to === 'string' && /^(?:everyone|everybody|all|every one|y'?all)$/i.test(to);
  const there = { ...(everyone ? {} : { to }), ...(said !== undefined ? { text: said } : {}) };
  if (
    text !== undefined &&
    ctx.catalog.peopleHere?.includes(channel) &&
    decision.target.endsWith('.send_message') &&
    decision.target !== here &&
    !decision.target.startsWith(`${PRIMARY_CHANNEL}.`) &&
    typeof to === 'string' &&
    (everyone || (/^[\p{L}\p{N}_.-]+$/u.test(to) && !/^(?:me|us|myself)$/i.test(to))) &&
    !WAY_NAMED.test(text) &&
    ctx.catalog.get(here)?.spec.params.safeParse(there).success === true
  ) {
    return { ...decision, target: here, args: there };
  }
  return { ...decision, target: resolvePrimaryTarget(decision.target, channel) };
}

/**
 * What an action put in place of another by an answer keeps of it, given what it waits for among
 * the other new ones (`inside`): optional if either is; what the other waited for, where it waits
 * for nothing new; and the outcome of that the other ran on, for every one of them, with what it
 * was an outcome of ("if that fails, blah blah" answered with "turn on the hallway light and
 * email me": both only if the first failed).
 */
export function keptFrom(current: PlannedAction, fresh: Pick<ExtractedAction, 'optional' | 'onlyIf'>, inside: string[]): Pick<PlannedAction, 'optional' | 'onlyIf' | 'dependsOn'> {
  const dependsOn = current.onlyIf ? [...new Set([...current.dependsOn, ...inside])] : inside.length > 0 ? inside : [...current.dependsOn];
  const onlyIf = current.onlyIf ?? (inside.length > 0 ? fresh.onlyIf : undefined);
  return { dependsOn, optional: fresh.optional || current.optional, ...(onlyIf ? { onlyIf } : {}) };
}

/** What an action waits for, in words: "after a1", "only if a1 failed", or nothing. */
export function waitsFor(action: Pick<PlannedAction, 'dependsOn' | 'onlyIf'>): string {
  const after = action.dependsOn.join(', ');
  if (after === '') return '';
  return action.onlyIf === 'failed' ? `only if ${after} failed` : action.onlyIf === 'done' ? `only if ${after} got done` : `after ${after}`;
}

/** The public plan format of the architecture page. */
export interface PublicPlan {
  groups: Array<{
    id: string;
    actions: Array<{
      id: string;
      text: string;
      dependsOn: string[];
      optional: boolean;
      /** Only when what it depends on failed, or was done; absent for an action that runs either way. */
      onlyIf?: ActionOutcome;
      target: string | null;
      args: Record<string, unknown>;
      reason?: string;
    }>;
  }>;
}

export function publicPlan(plan: Plan): PublicPlan {
  return {
    groups: plan.groups.map((g) => ({
      id: g.id,
      actions: g.actions.map((a) => ({
        id: a.id,
        text: a.text,
        dependsOn: a.dependsOn,
        optional: a.optional,
        ...(a.onlyIf ? { onlyIf: a.onlyIf } : {}),
        target: a.decision.kind === 'call' ? a.decision.target : null,
        args: a.decision.kind === 'call' ? a.decision.args : {},
        ...(a.decision.kind !== 'call' ? { reason: a.decision.reason } : {}),
      })),
    })),
  };
}

/**
 * One plan that does `first`, then `next`, an action at a time in one group: what a correction
 * puts back before the request set right ("no, I meant the garage" puts the kitchen light back
 * first). What `first` does may be passed by when it cannot be done (optional): the rest goes on.
 */
export function inTurn(first: Plan, next: Plan): Plan {
  const actions: PlannedAction[] = [];
  const add = (plan: Plan, optional: boolean) => {
    const all = plan.groups.flatMap((g) => g.actions);
    const ids = new Map(all.map((a, i) => [a.id, `a${actions.length + i + 1}`]));
    for (const a of all) actions.push({ ...a, id: ids.get(a.id)!, dependsOn: a.dependsOn.map((d) => ids.get(d) ?? d), optional: optional || a.optional });
  };
  add(first, true);
  add(next, false);
  const usage = first.usage || next.usage ? sumUsage(first.usage, next.usage) : undefined;
  return { groups: [{ id: 'g1', actions }], ...(usage ? { usage } : {}) };
}
