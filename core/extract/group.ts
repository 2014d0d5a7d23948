import { PlanGraphError } from '../errors.js';

/** The least an action needs for grouping. */
export interface Node {
  id: string;
  dependsOn: readonly string[];
}

/**
 * Splits actions into groups that can run independently: each connected component of the
 * dependency graph is one group. Inside a group, actions come in an order that keeps every
 * dependency and otherwise the requester's order; groups come in the order of their first
 * action. Pure: the input is not changed.
 *
 * @throws PlanGraphError on a duplicate id, a dependency on an unknown action, or a cycle.
 */
export function groupActions<A extends Node>(actions: readonly A[]): A[][] {
  const index = new Map<string, number>();
  actions.forEach((a, i) => {
    if (index.has(a.id)) throw new PlanGraphError(`two actions have the id "${a.id}"`);
    index.set(a.id, i);
  });

  // Union-find over positions: each dependency joins two actions into one component.
  const parent = actions.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  actions.forEach((a, i) => {
    for (const dep of a.dependsOn) {
      const j = index.get(dep);
      if (j === undefined) throw new PlanGraphError(`action "${a.id}" depends on "${dep}", which is not in the plan`);
      if (j === i) throw new PlanGraphError(`action "${a.id}" depends on itself`);
      parent[find(i)] = find(j);
    }
  });

  const components = new Map<number, number[]>();
  actions.forEach((_, i) => {
    const root = find(i);
    const members = components.get(root);
    if (members) members.push(i);
    else components.set(root, [i]);
  });

  // Map keeps insertion order, and members were pushed in the requester's order.
  return [...components.values()].map((members) => orderComponent(actions, members, index));
}

/** Kahn's algorithm, always taking the earliest ready action in the requester's order. */
function orderComponent<A extends Node>(actions: readonly A[], members: number[], index: Map<string, number>): A[] {
  const waiting = new Map<number, number>();
  const dependents = new Map<number, number[]>();
  for (const i of members) {
    const deps = new Set(actions[i]!.dependsOn);
    waiting.set(i, deps.size);
    for (const dep of deps) {
      const j = index.get(dep)!;
      const list = dependents.get(j);
      if (list) list.push(i);
      else dependents.set(j, [i]);
    }
  }
  const ready = members.filter((i) => waiting.get(i) === 0);
  const ordered: A[] = [];
  while (ready.length > 0) {
    ready.sort((a, b) => a - b);
    const next = ready.shift()!;
    ordered.push(actions[next]!);
    for (const d of dependents.get(next) ?? []) {
      const left = waiting.get(d)! - 1;
      waiting.set(d, left);
      if (left === 0) ready.push(d);
    }
  }
  if (ordered.length !== members.length) {
    const stuck = members.filter((i) => waiting.get(i)! > 0).map((i) => actions[i]!.id);
    throw new PlanGraphError(`the actions ${stuck.join(', ')} depend on each other in a cycle`);
  }
  return ordered;
}
