import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlanGraphError } from '../errors.js';
import { groupActions, type Node } from './group.js';

/** Random DAGs: an action may only depend on earlier ones, then the list is shuffled. */
const dags = fc
  .integer({ min: 0, max: 14 })
  .chain((n) =>
    fc.tuple(
      fc.tuple(...Array.from({ length: n }, (_, i) => fc.subarray(Array.from({ length: i }, (_, j) => j), { maxLength: Math.min(3, i) }))),
      fc.shuffledSubarray(Array.from({ length: n }, (_, i) => i), { minLength: n, maxLength: n }),
    ),
  )
  .map(([deps, order]) => order.map((i) => ({ id: `a${i}`, dependsOn: deps[i]!.map((j) => `a${j}`) })));

function componentsOf(actions: Node[]): Set<string>[] {
  const adjacency = new Map(actions.map((a) => [a.id, new Set<string>()]));
  for (const a of actions) {
    for (const d of a.dependsOn) {
      adjacency.get(a.id)!.add(d);
      adjacency.get(d)!.add(a.id);
    }
  }
  const seen = new Set<string>();
  const result: Set<string>[] = [];
  for (const a of actions) {
    if (seen.has(a.id)) continue;
    const component = new Set<string>();
    const stack = [a.id];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (component.has(id)) continue;
      component.add(id);
      seen.add(id);
      stack.push(...adjacency.get(id)!);
    }
    result.push(component);
  }
  return result;
}

describe('groupActions', () => {
  it('loses and duplicates no action', () => {
    fc.assert(
      fc.property(dags, (actions) => {
        const ids = groupActions(actions).flat().map((a) => a.id);
        expect(ids.slice().sort()).toEqual(actions.map((a) => a.id).sort());
      }),
    );
  });

  it('keeps every dependency inside one group, before its dependent', () => {
    fc.assert(
      fc.property(dags, (actions) => {
        for (const group of groupActions(actions)) {
          const position = new Map(group.map((a, i) => [a.id, i]));
          for (const a of group) {
            for (const d of a.dependsOn) {
              expect(position.has(d)).toBe(true);
              expect(position.get(d)!).toBeLessThan(position.get(a.id)!);
            }
          }
        }
      }),
    );
  });

  it('puts independent actions in separate groups: one group per connected component', () => {
    fc.assert(
      fc.property(dags, (actions) => {
        const groups = groupActions(actions).map((g) => new Set(g.map((a) => a.id)));
        const expected = componentsOf(actions);
        expect(groups.length).toBe(expected.length);
        for (const g of groups) expect(expected.some((c) => c.size === g.size && [...g].every((id) => c.has(id)))).toBe(true);
      }),
    );
  });

  it("keeps the requester's order where dependencies allow", () => {
    fc.assert(
      fc.property(dags, (actions) => {
        const position = new Map(actions.map((a, i) => [a.id, i]));
        for (const group of groupActions(actions)) {
          // Each action placed must be the earliest-mentioned one whose dependencies are all placed.
          const placed = new Set<string>();
          for (const action of group) {
            const ready = group.filter((a) => !placed.has(a.id) && a.dependsOn.every((d) => placed.has(d)));
            const earliest = Math.min(...ready.map((a) => position.get(a.id)!));
            expect(position.get(action.id)).toBe(earliest);
            placed.add(action.id);
          }
        }
      }),
    );
  });

  it('orders a group by the requester\'s order when nothing else constrains it', () => {
    const groups = groupActions([
      { id: 'a1', dependsOn: [] },
      { id: 'a2', dependsOn: ['a1'] },
      { id: 'a3', dependsOn: [] },
      { id: 'a4', dependsOn: ['a1'] },
    ]);
    expect(groups.map((g) => g.map((a) => a.id))).toEqual([['a1', 'a2', 'a4'], ['a3']]);
  });

  it('puts a dependency first when it was mentioned last ("Y when you have done X")', () => {
    const groups = groupActions([
      { id: 'a1', dependsOn: ['a2'] },
      { id: 'a2', dependsOn: [] },
    ]);
    expect(groups.map((g) => g.map((a) => a.id))).toEqual([['a2', 'a1']]);
  });

  it('rejects cycles, unknown dependencies and duplicate ids with a coded error', () => {
    const cases: Node[][] = [
      [
        { id: 'a1', dependsOn: ['a2'] },
        { id: 'a2', dependsOn: ['a1'] },
      ],
      [{ id: 'a1', dependsOn: ['zz'] }],
      [
        { id: 'a1', dependsOn: [] },
        { id: 'a1', dependsOn: [] },
      ],
      [{ id: 'a1', dependsOn: ['a1'] }],
    ];
    for (const actions of cases) {
      expect(() => groupActions(actions)).toThrow(PlanGraphError);
      try {
        groupActions(actions);
      } catch (error) {
        expect((error as PlanGraphError).code).toBe('MJ_ERR_PLAN_GRAPH');
      }
    }
  });

  it('does not change its input', () => {
    fc.assert(
      fc.property(dags, (actions) => {
        const copy = structuredClone(actions);
        groupActions(actions);
        expect(actions).toEqual(copy);
      }),
    );
  });
});
