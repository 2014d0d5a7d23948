import { groupActions } from '../extract/group.js';
import { resolvePrimaryTarget } from '../plugin/catalog.js';
import type { Decision, Plan, PlannedAction } from '../types.js';
import type { Brain, BrainContext } from './brain.js';
import { usageMeter, usedModel } from './usage.js';

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
    planned.push({ ...action, decision: concrete(decision, ctx) });
  }
  const groups = groupActions(planned).map((actions, i) => ({ id: `g${i + 1}`, actions }));
  return usedModel(meter.total) ? { groups, usage: meter.total } : { groups };
}

/** A decision with `primary.*` made concrete for the channel the request came from. */
export function concrete(decision: Decision, ctx: BrainContext): Decision {
  if (decision.kind !== 'call') return decision;
  return { ...decision, target: resolvePrimaryTarget(decision.target, ctx.requester.address.channel) };
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
        target: a.decision.kind === 'call' ? a.decision.target : null,
        args: a.decision.kind === 'call' ? a.decision.args : {},
        ...(a.decision.kind !== 'call' ? { reason: a.decision.reason } : {}),
      })),
    })),
  };
}

