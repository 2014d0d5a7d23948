import type { Brain, BrainContext } from '../brain/brain.js';
import { avoidedTargets } from '../brain/lesson-hints.js';
import type { Decision } from '../types.js';
import type { Logger } from '../util/logger.js';
import type { ActionRecord, LessonUse } from './checkpoint.js';

/** Where the agent recalls lessons from (long-term memory). */
export interface LessonSource {
  /** Lessons of actions like this one, most useful first. */
  recall(actionText: string): Promise<LessonUse[]>;
}

/** Relevance above which an earlier action counts as the same one, so its arguments fit this one. */
const SAME_ACTION = 0.9;

export interface LessonConsultation {
  record: ActionRecord;
  /** `before` the first attempt, or `after` an attempt with `failedTarget` failed. */
  when: 'before' | 'after';
  failedTarget?: string;
  brain: Brain;
  context: BrainContext;
  /** Whether a target exists here and takes these arguments. */
  validate(target: string, args: Record<string, unknown>): boolean;
  logger: Logger;
}

/**
 * The lessons that bear on an action that calls `target`: what failed (there or elsewhere),
 * what worked elsewhere (another way to do it), and what worked there beside a failure there
 * (it says whether the failure is past). That the planned way worked before, and nothing
 * failed, changes nothing: such lessons are not kept in the record, where they would only
 * repeat, action after action, that the usual way works.
 */
export function bearingLessons(lessons: readonly LessonUse[], target: string | undefined): LessonUse[] {
  const failedHere = lessons.some((l) => l.outcome === 'failed' && l.target === target);
  return lessons.filter((l) => l.outcome === 'failed' || l.target !== target || failedHere);
}

/**
 * Whether the lessons recalled for an action advise another approach, and which:
 *
 * - before the first attempt, when the planned target failed for similar actions (and did
 *   not work since), the brain decides again, told the lessons, and a call to another
 *   target is taken;
 * - after a failure, only when a lesson says another target worked for a similar action:
 *   the brain decides again, and its choice is taken if it is one that worked. Otherwise the
 *   usual retries and questions follow.
 *
 * When the brain finds nothing else, the approach that worked for the same action (relevance
 * at least 0.9) is taken as it was. Targets already tried for this action are never chosen
 * again, so the agent cannot go round in circles.
 */
export async function consultLessons(c: LessonConsultation): Promise<{ decision: Decision; learned: string } | undefined> {
  const { record } = c;
  const current = record.action.decision;
  if (current.kind !== 'call') return undefined;
  const lessons = record.lessons ?? [];
  const tried = new Set(record.attempts.map((a) => a.target));
  const failedNow: LessonUse[] =
    c.failedTarget === undefined
      ? []
      : [{ id: 'this-attempt', action: record.action.text, target: c.failedTarget, outcome: 'failed', why: 'it just failed', relevance: 1, at: new Date(8.64e15).toISOString() }];
  const hints = [...lessons, ...failedNow];
  const avoid = avoidedTargets(hints);
  const worked = lessons.filter((l) => l.outcome === 'worked' && !avoid.has(l.target) && !tried.has(l.target));
  if (c.when === 'before' && !avoid.has(current.target)) return undefined;
  if (c.when === 'after' && worked.length === 0) return undefined;

  const usable = (d: Decision | undefined): d is Extract<Decision, { kind: 'call' }> =>
    d !== undefined && d.kind === 'call' && !avoid.has(d.target) && !tried.has(d.target) && c.validate(d.target, d.args) && (c.when === 'before' || worked.some((w) => w.target === d.target));
  let next: Decision | undefined;
  try {
    next = await c.brain.decide(record.action, { ...c.context, lessons: hints });
  } catch (error) {
    c.logger.warn({ err: error, actionId: record.action.id }, 'could not decide again from lessons');
  }
  if (!usable(next)) {
    const same = worked.find((w) => w.relevance >= SAME_ACTION && w.args !== undefined && c.validate(w.target, w.args));
    next = same ? { kind: 'call', target: same.target, args: same.args!, confidence: current.confidence } : undefined;
  }
  if (!usable(next)) return undefined;
  const failed = hints.filter((l) => avoid.has(l.target) && l.id !== 'this-attempt')[0];
  const because =
    c.when === 'before'
      ? `${current.target} failed before for "${failed?.action ?? record.action.text}"${failed?.why ? ` (${failed.why})` : ''}`
      : `${current.target} failed just now`;
  const helped = worked.find((w) => w.target === next.target);
  const learned = `${because}, so I used ${next.target}${helped ? `, which worked for "${helped.action}"` : ''}`;
  return { decision: { ...next, reason: `${learned}${next.reason ? `; ${next.reason}` : ''}` }, learned };
}
