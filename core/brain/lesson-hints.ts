import type { LessonUse } from '../agent/checkpoint.js';

/**
 * Targets the lessons advise against: ones that failed, unless a lesson learned later says
 * the same target worked (it was mended since).
 */
export function avoidedTargets(lessons: readonly LessonUse[] | undefined): Set<string> {
  const latest = new Map<string, LessonUse>();
  for (const l of lessons ?? []) {
    const seen = latest.get(l.target);
    if (!seen || l.at > seen.at) latest.set(l.target, l);
  }
  return new Set([...latest.values()].filter((l) => l.outcome === 'failed').map((l) => l.target));
}
