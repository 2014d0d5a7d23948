import type { Observation } from './game.js';
import type { Planner } from './planner.js';
import type { Approach, PlanStep, TaskState } from './state.js';

/** Whether the plan was kept (the world went as planned) or rebuilt. */
export type Replan = { kind: 'advanced' | 'rebuilt'; steps: PlanStep[]; guides: string[] };

function same(a: PlanStep | undefined, b: PlanStep | undefined): boolean {
  return a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

/**
 * After every step, plans again from the bot's real inventory and surroundings: when the rest
 * of the old plan is what comes out, the plan advanced; otherwise it was rebuilt (a craft made
 * less, a drop was lost, a table is out of reach, another recipe must be used).
 */
export function replan(planner: Planner, task: TaskState, seen: Observation, approach: Approach): Replan {
  const fresh = planner.plan(task.goal.item, task.goal.count, {
    inventory: seen.inventory,
    craftingTableNearby: seen.craftingTableNearby,
    furnaceNearby: seen.furnaceNearby,
    nearbyWood: seen.nearbyWood,
    ...(seen.pickUp ? { pickUp: seen.pickUp } : {}),
    ...(approach.avoidRecipes ? { avoidRecipes: approach.avoidRecipes } : {}),
  });
  const rest = task.plan.slice(1);
  const advanced = rest.length === fresh.steps.length && rest.every((s, i) => same(s, fresh.steps[i]));
  return { kind: advanced ? 'advanced' : 'rebuilt', steps: fresh.steps, guides: fresh.guides };
}
