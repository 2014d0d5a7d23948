import { describe, expect, it } from 'vitest';
import type { Brain, BrainContext } from '../brain/brain.js';
import type { Decision } from '../types.js';
import { silentLogger } from '../util/logger.js';
import type { ActionRecord, LessonUse } from './checkpoint.js';
import { bearingLessons, consultLessons } from './lessons.js';

const call = (target: string, args: Record<string, unknown> = {}): Decision => ({ kind: 'call', target, args, confidence: 0.9 });

function record(target: string, lessons: LessonUse[], tried: string[] = []): ActionRecord {
  return {
    action: { id: 'a1', text: 'water the roses', dependsOn: [], optional: false, decision: call(target, { zone: 'roses' }) },
    status: 'pending',
    decisions: [],
    feedback: [],
    lessons,
    attempts: tried.map((t, i) => ({ n: i + 1, idempotencyKey: `k${i}`, target: t, args: {}, startedAt: '2026-01-01T00:00:00Z', result: { ok: false, retryable: false, error: { code: 'X', message: 'no' } } })),
  };
}

const lesson = (target: string, outcome: 'worked' | 'failed', at: string, relevance = 0.8): LessonUse => ({
  id: `${target}-${outcome}-${at}`,
  action: 'water the roses',
  target,
  args: { zone: 'roses' },
  outcome,
  why: outcome === 'failed' ? 'PUMP: broken' : 'watered',
  relevance,
  at,
});

/** A brain that answers with what the test says, and shows what lessons it was told. */
function brain(answer: (lessons: readonly LessonUse[]) => Decision): Brain & { told: Array<readonly LessonUse[]> } {
  const told: Array<readonly LessonUse[]> = [];
  return {
    name: 'test',
    told,
    extract: async () => [],
    decide: async (_action, ctx) => {
      told.push(ctx.lessons ?? []);
      return answer(ctx.lessons ?? []);
    },
    evaluate: async () => ({ ok: true }),
    reevaluate: async () => ({ verdict: 'skip' }),
    summarize: async () => '',
  };
}

const ctx = {} as BrainContext;
const consult = (r: ActionRecord, b: Brain, when: 'before' | 'after', failedTarget?: string, validate = () => true) =>
  consultLessons({ record: r, when, ...(failedTarget ? { failedTarget } : {}), brain: b, context: ctx, validate, logger: silentLogger });

describe('what lessons change', () => {
  it('before the first attempt, nothing when the planned approach did not fail before', async () => {
    const b = brain(() => call('garden.hose'));
    expect(await consult(record('garden.sprinkler', [lesson('garden.hose', 'failed', '2026-01-01')]), b, 'before')).toBeUndefined();
    expect(b.told).toEqual([]);
  });

  it('before the first attempt, nothing when the approach worked after it failed', async () => {
    const lessons = [lesson('garden.sprinkler', 'failed', '2026-01-01'), lesson('garden.sprinkler', 'worked', '2026-01-02')];
    expect(await consult(record('garden.sprinkler', lessons), brain(() => call('garden.hose')), 'before')).toBeUndefined();
  });

  it('before the first attempt, decides again, told the lessons, when the approach failed', async () => {
    const lessons = [lesson('garden.sprinkler', 'failed', '2026-01-01')];
    const b = brain(() => call('garden.hose', { zone: 'roses' }));
    const change = await consult(record('garden.sprinkler', lessons), b, 'before');
    expect(b.told).toEqual([lessons]);
    expect(change?.decision).toMatchObject({ kind: 'call', target: 'garden.hose', args: { zone: 'roses' } });
    expect(change?.learned).toBe('garden.sprinkler failed before for "water the roses" (PUMP: broken), so I used garden.hose');
  });

  it('keeps the plan when the brain finds nothing else, or only what failed', async () => {
    const lessons = [lesson('garden.sprinkler', 'failed', '2026-01-01')];
    expect(await consult(record('garden.sprinkler', lessons), brain(() => call('garden.sprinkler')), 'before')).toBeUndefined();
    expect(await consult(record('garden.sprinkler', lessons), brain(() => ({ kind: 'none', reason: 'nothing' })), 'before')).toBeUndefined();
  });

  it('after a failure, nothing unless another approach worked for a similar action', async () => {
    const b = brain(() => call('garden.hose'));
    expect(await consult(record('garden.sprinkler', [], ['garden.sprinkler']), b, 'after', 'garden.sprinkler')).toBeUndefined();
    expect(b.told).toEqual([]);
  });

  it("after a failure, takes the brain's choice only if it is an approach that worked", async () => {
    const lessons = [lesson('garden.hose', 'worked', '2026-01-01')];
    const change = await consult(record('garden.sprinkler', lessons, ['garden.sprinkler']), brain(() => call('garden.hose', { zone: 'roses' })), 'after', 'garden.sprinkler');
    expect(change?.decision).toMatchObject({ target: 'garden.hose' });
    expect(change?.learned).toBe('garden.sprinkler failed just now, so I used garden.hose, which worked for "water the roses"');
    const elsewhere = await consult(record('garden.sprinkler', lessons, ['garden.sprinkler']), brain(() => call('garden.bucket')), 'after', 'garden.sprinkler');
    expect(elsewhere).toBeUndefined();
  });

  it('falls back on what worked for the same action, with its arguments, when the brain has nothing', async () => {
    const same = [lesson('garden.hose', 'worked', '2026-01-01', 0.95)];
    const change = await consult(record('garden.sprinkler', same, ['garden.sprinkler']), brain(() => ({ kind: 'none', reason: 'nothing' })), 'after', 'garden.sprinkler');
    expect(change?.decision).toMatchObject({ kind: 'call', target: 'garden.hose', args: { zone: 'roses' } });
    const similar = [lesson('garden.hose', 'worked', '2026-01-01', 0.7)];
    expect(await consult(record('garden.sprinkler', similar, ['garden.sprinkler']), brain(() => ({ kind: 'none', reason: 'nothing' })), 'after', 'garden.sprinkler')).toBeUndefined();
  });

  it('never goes back to an approach already tried, nor to one whose arguments do not fit', async () => {
    const lessons = [lesson('garden.hose', 'worked', '2026-01-01', 0.95)];
    expect(await consult(record('garden.sprinkler', lessons, ['garden.hose', 'garden.sprinkler']), brain(() => call('garden.hose')), 'after', 'garden.sprinkler')).toBeUndefined();
    expect(await consult(record('garden.sprinkler', lessons, ['garden.sprinkler']), brain(() => call('garden.hose')), 'after', 'garden.sprinkler', () => false)).toBeUndefined();
  });
});

describe('the lessons kept in an action\'s record', () => {
  const S = 'garden.water_with_sprinkler';
  const H = 'garden.water_by_hand';

  it('leaves out that the planned way worked, when nothing failed', () => {
    expect(bearingLessons([lesson(S, 'worked', '2026-01-02T00:00:00Z'), lesson(S, 'worked', '2026-01-01T00:00:00Z', 0.7)], S)).toEqual([]);
  });

  it('keeps failures, other ways that worked, and the planned way beside a failure of it', () => {
    const failedHere = lesson(S, 'failed', '2026-01-01T00:00:00Z');
    const workedHere = lesson(S, 'worked', '2026-01-02T00:00:00Z');
    const elsewhere = lesson(H, 'worked', '2026-01-01T00:00:00Z');
    const failedElsewhere = lesson(H, 'failed', '2026-01-03T00:00:00Z');
    expect(bearingLessons([workedHere, failedHere, elsewhere], S)).toEqual([workedHere, failedHere, elsewhere]);
    expect(bearingLessons([workedHere, elsewhere, failedElsewhere], S)).toEqual([elsewhere, failedElsewhere]);
  });

  it('advises the same as all of them would: the planned way is avoided, or not, alike', async () => {
    const cases: LessonUse[][] = [
      [lesson(S, 'worked', '2026-01-02T00:00:00Z'), lesson(H, 'worked', '2026-01-01T00:00:00Z')],
      [lesson(S, 'failed', '2026-01-01T00:00:00Z'), lesson(S, 'worked', '2026-01-02T00:00:00Z'), lesson(H, 'worked', '2026-01-01T00:00:00Z')],
      [lesson(S, 'worked', '2026-01-01T00:00:00Z'), lesson(S, 'failed', '2026-01-02T00:00:00Z'), lesson(H, 'worked', '2026-01-01T00:00:00Z')],
    ];
    for (const all of cases) {
      const advise = (lessons: LessonUse[]) =>
        consultLessons({ record: record(S, lessons), when: 'before', brain: brain(() => call(H, { zone: 'roses' })), context: {} as BrainContext, validate: () => true, logger: silentLogger });
      expect(await advise(bearingLessons(all, S))).toEqual(await advise(all));
    }
  });
});
