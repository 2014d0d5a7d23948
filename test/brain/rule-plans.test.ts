import { describe, expect, it } from 'vitest';
import { EXTRA_CASES } from './cases/extra.js';
import { SHARED_CASES } from './cases/shared.js';
import { context, plan, planMismatch, type PlanCase } from './support.js';

function run(cases: PlanCase[]) {
  for (const c of cases) {
    it(c.text, async () => {
      const ctx = context({ ...(c.now ? { now: new Date(c.now) } : {}), ...(c.timeZone ? { timeZone: c.timeZone } : {}) });
      expect(planMismatch(c.groups, await plan(c.text, ctx))).toBeUndefined();
    });
  }
}

describe('rule brain plans: the shared cases', () => {
  run(SHARED_CASES);
});

describe('rule brain plans: more of the same kinds', () => {
  it('has at least 60 of them', () => {
    expect(EXTRA_CASES.length).toBeGreaterThanOrEqual(60);
  });
  run(EXTRA_CASES);
});
