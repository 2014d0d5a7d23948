import type { ActionRecord, GroupReport, LessonUse } from '../agent/checkpoint.js';
import { words } from './hashed-embedder.js';
import type { NewMemory, VectorMemory } from './memory.js';

/** What a lesson memory holds besides its text (the action's description). */
interface LessonData {
  action: string;
  target: string;
  args: Record<string, unknown>;
  outcome: 'worked' | 'failed';
  why?: string;
  requestId: string;
}

export interface LessonOptions {
  /** How alike (cosine) an earlier action must be for its lesson to count. */
  minRelevance: number;
  /** Lessons recalled at most per action; default 5. */
  limit?: number;
}

/** How long a lesson stored by this process counts as fresh: learned again the same within it, it is not rewritten. */
export const RELEARN_MS = 60_000;
const MAX_REMEMBERED_WRITES = 10_000;
/**
 * How long the lessons recalled for an action's words are recalled again as they were, while the
 * memory stays the same (see `VectorMemory.version`): only how recently they were used, which
 * counts by the hour, could move them meanwhile.
 */
export const RECALL_MS = 60_000;
const MAX_RECALLS = 2_000;

/** What a lesson says, without which request taught it. */
function contentOf(lesson: NewMemory): string {
  const { requestId: _, ...data } = lesson.data as unknown as LessonData;
  return JSON.stringify([lesson.text, lesson.importance, data]);
}

/** One lesson per approach (target) an action took, from what its attempts show. */
function lessonsOf(record: ActionRecord, requestId: string): NewMemory[] {
  const byTarget = new Map<string, ActionRecord['attempts']>();
  for (const attempt of record.attempts) {
    if (!attempt.result) continue;
    byTarget.set(attempt.target, [...(byTarget.get(attempt.target) ?? []), attempt]);
  }
  const anyFailed = [...byTarget.values()].some((attempts) => !attempts.some((a) => a.evaluation?.ok));
  const out: NewMemory[] = [];
  for (const [target, attempts] of byTarget) {
    const good = attempts.find((a) => a.evaluation?.ok);
    // An attempt that failed and was retried is not a lesson until the action is over.
    if (!good && record.status !== 'failed' && record.status !== 'skipped' && record.status !== 'done') continue;
    const last = good ?? attempts.at(-1)!;
    const result = last.result!;
    const why = result.ok ? result.summary : `${result.error.code}: ${result.error.message}`;
    const data: LessonData = { action: record.action.text, target, args: last.args, outcome: good ? 'worked' : 'failed', why, requestId };
    out.push({
      kind: 'lesson',
      key: `${words(record.action.text).join(' ')}|${target}`,
      text: record.action.text,
      // A failure, and a way around one, teach more than a plain success.
      importance: good ? (anyFailed ? 70 : 30) : result.ok || result.retryable ? 60 : 80,
      data: data as unknown as Record<string, unknown>,
    });
  }
  return out;
}

/**
 * What the agents learned: after every report, which approach to an action worked and which
 * failed and why, stored under the action's description; before and after an attempt, the
 * lessons of similar actions.
 */
export class LessonMemory {
  readonly #memory: VectorMemory;
  readonly #o: LessonOptions;
  readonly #now: () => number;
  /** Per lesson key, what this process stored last and when: the same lesson again is not written again at once. */
  readonly #written = new Map<string, { content: string; at: number }>();
  /** Per action's words, the lessons last recalled, when, and of which version of the memory. */
  readonly #recalled = new Map<string, { version: string; at: number; lessons: LessonUse[] }>();

  constructor(memory: VectorMemory, options: LessonOptions, now: () => number = Date.now) {
    this.#memory = memory;
    this.#o = options;
    this.#now = now;
  }

  /**
   * Stores the lessons of a finished group; returns how many it taught. A lesson this process
   * stored the same (approach, outcome, reason) less than {@link RELEARN_MS} ago is not
   * written again: that would only move its time, which decays by the hour.
   */
  async learn(report: GroupReport): Promise<number> {
    const lessons = report.actions.flatMap((r) => lessonsOf(r, report.requestId));
    const now = this.#now();
    const fresh = lessons.filter((l) => {
      const seen = this.#written.get(l.key!);
      return !seen || seen.content !== contentOf(l) || now - seen.at >= RELEARN_MS;
    });
    if (fresh.length > 0) {
      await this.#memory.addMany(fresh);
      if (this.#written.size >= MAX_REMEMBERED_WRITES) this.#written.clear();
      for (const l of fresh) this.#written.set(l.key!, { content: contentOf(l), at: now });
    }
    return lessons.length;
  }

  /**
   * Lessons of actions like this one, most useful first. An action's words recalled again within
   * {@link RECALL_MS}, the memory unchanged (the same requests come again and again: "turn off the
   * garage light"), get what was found then: a search scores every lesson.
   */
  async recall(actionText: string): Promise<LessonUse[]> {
    const version = this.#memory.version?.();
    const now = this.#now();
    const held = version === undefined ? undefined : this.#recalled.get(actionText);
    if (held && held.version === version && now - held.at < RECALL_MS) return structuredClone(held.lessons);
    const lessons = await this.#search(actionText);
    if (version !== undefined) {
      if (this.#recalled.size >= MAX_RECALLS) this.#recalled.clear();
      this.#recalled.set(actionText, { version, at: now, lessons: structuredClone(lessons) });
    }
    return lessons;
  }

  async #search(actionText: string): Promise<LessonUse[]> {
    const found = await this.#memory.search({ kind: 'lesson', text: actionText, limit: this.#o.limit ?? 5, minRelevance: this.#o.minRelevance });
    return found.map((s) => {
      const d = s.memory.data as unknown as LessonData;
      return {
        id: s.memory.id,
        action: d.action,
        target: d.target,
        args: d.args,
        outcome: d.outcome,
        ...(d.why !== undefined ? { why: d.why } : {}),
        relevance: Math.round(s.relevance * 1000) / 1000,
        at: s.memory.createdAt,
      };
    });
  }
}
