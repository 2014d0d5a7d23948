import type { Brain, BrainContext, Reevaluation } from '../brain/brain.js';
import { concrete } from '../brain/plan.js';
import { addCall } from '../brain/usage.js';
import type { AgentRuntime, GroupJob, GroupOutcome, StopReason } from '../dispatch/dispatcher.js';
import type { AgentEvent } from '../events.js';
import type { Catalog } from '../plugin/catalog.js';
import type { PlannedAction } from '../types.js';
import { lazyChild, type Logger } from '../util/logger.js';
import { msSince } from '../util/time.js';
import { FINISHED_GROUP_STATUSES, type ActionRecord, type Attempt, type GroupCheckpoint, type LessonUse } from './checkpoint.js';
import { bearingLessons, consultLessons, type LessonSource } from './lessons.js';
import { INVOKE_CODES, invokeMethod } from './invoke.js';
import { backoffMs, confirmationReason, type AgentPolicy } from './policy.js';
import { confirmationQuestion, failedQuestion, invalidArgsQuestion, noTargetQuestion, type Question } from './questions.js';
import { dependencyResults, fallsBack, finalStatus, isSettled, unneededBecause } from './records.js';

export interface StepperDeps {
  brain: Brain;
  catalog: Catalog;
  policy: AgentPolicy;
  timeZone: string;
  logger: Logger;
  clock?: () => Date;
  /** Waits before a retry; resolves early when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Lessons of earlier actions (long-term memory); without it the agent decides from the plan alone. */
  lessons?: LessonSource;
}

/** What one step of the loop concluded. */
type Step = { kind: 'next' } | { kind: 'ask'; record: ActionRecord; question: Question } | { kind: 'stop'; reason: StopReason };

function sleepFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** What one run keeps besides the checkpoint. */
interface RunState {
  /** Actions whose decision lessons changed since the last save. */
  rethought: Set<string>;
  /** The id of the action a run that took over starts at. */
  resumedAt: string | undefined;
}

/**
 * The stepper agent: runs the actions of one group in order, each through decide →
 * validate → feedback check → execute → evaluate, with retries for required actions.
 *
 * It never runs a completed action again: an action is recorded as done in the checkpoint
 * before the next one starts (the last one in the outcome, which the dispatcher makes
 * durable), and a resumed attempt reuses its idempotency key, so the service can recognize
 * it. A first attempt's key follows from the checkpoint saved before it (request, action,
 * attempt 1); a retry, or an attempt whose decision lessons changed since that save, is
 * recorded as started, with its key, before its side effect. A run that took over from one
 * that died does not let lessons change the action it resumes at.
 */
export class Stepper {
  readonly #deps: StepperDeps;
  readonly #clock: () => Date;
  readonly #sleep: (ms: number, signal: AbortSignal) => Promise<void>;

  constructor(deps: StepperDeps) {
    this.#deps = deps;
    this.#clock = deps.clock ?? (() => new Date());
    this.#sleep = deps.sleep ?? sleepFor;
  }

  /** Runs (or resumes) a group until it finishes, must ask a human, or is told to stop. */
  readonly run = async (job: GroupJob, runtime: AgentRuntime): Promise<GroupOutcome> => {
    const cp: GroupCheckpoint = structuredClone(job.checkpoint);
    const run: RunState = { rethought: new Set(), resumedAt: runtime.resumed ? cp.actions[cp.position]?.action.id : undefined };
    const save = async () => {
      run.rethought.clear();
      cp.updatedAt = this.#clock().toISOString();
      // Only the supervisor stores a final status, together with the report: until it has, a
      // restart must deliver the outcome again (the agent then finds everything settled).
      await runtime.saveCheckpoint(FINISHED_GROUP_STATUSES.includes(cp.status) ? { ...cp, status: 'running' } : cp);
    };
    cp.status = 'running';
    if (cp.resume) {
      const asked = await this.#applyAnswer(cp, cp.resume.questionId, cp.resume.answer, runtime);
      delete cp.resume;
      delete cp.waiting;
      if (asked) return this.#pause(cp, asked.record, asked.question);
      await save();
    } else {
      // Nothing a resumed run needs changed since the group was queued (it runs, that is all):
      // the dispatcher knows that it started it, so it is shown, not saved.
      cp.updatedAt = this.#clock().toISOString();
      runtime.show?.(cp);
    }

    while (cp.status === 'running' && cp.position < cp.actions.length) {
      if (runtime.signal.aborted) return this.#stop(cp, runtime.signal.reason as StopReason, save);
      const record = cp.actions[cp.position]!;
      if (isSettled(record)) {
        cp.position++;
        continue;
      }
      const step = await this.#step(cp, record, runtime, save, run);
      if (step.kind === 'ask') return this.#pause(cp, step.record, step.question);
      if (step.kind === 'stop') return this.#stop(cp, step.reason, save);
    }
    // Not saved here: the outcome carries the group's end, and the dispatcher makes it durable with it.
    cp.updatedAt = this.#clock().toISOString();
    if (cp.status === 'running') cp.status = finalStatus(cp);
    return { kind: 'finished', checkpoint: cp };
  };

  async #step(cp: GroupCheckpoint, record: ActionRecord, runtime: AgentRuntime, save: () => Promise<void>, run: RunState): Promise<Step> {
    const { action } = record;
    // "If that fails, email me" after it worked: not needed, and no failure either.
    const unneeded = unneededBecause(cp, record);
    if (unneeded !== undefined) {
      record.unneeded = true;
      this.#settle(cp, record, 'skipped', unneeded, runtime);
      await save();
      return { kind: 'next' };
    }
    // What runs because something failed does not wait for that to have happened.
    const unmet = action.onlyIf === 'failed' ? undefined : this.#unmetDependency(cp, record);
    if (unmet) {
      this.#settle(cp, record, 'skipped', `skipped because "${unmet.action.text}" did not happen`, runtime);
      if (unmet.declined) record.declined = true;
      await save();
      return { kind: 'next' };
    }
    // Before the first attempt: what did similar actions teach? It may change the approach.
    // Not where a run that took over resumes: that action's side effect may have begun, the way it was decided then.
    if (action.decision.kind === 'call' && record.lessons === undefined && record.attempts.length === 0 && !record.confirmed && this.#deps.lessons && action.id !== run.resumedAt) {
      const changed = await this.#learnFrom(cp, record, 'before');
      // Once more with the new decision, saved before its side effect; the lessons are recorded now, so they are not consulted again.
      if (changed) {
        run.rethought.add(record.action.id);
        return this.#step(cp, record, runtime, save, run);
      }
    }
    const decision = action.decision;
    if (decision.kind === 'terminate') {
      this.#terminate(cp, decision.reason);
      return { kind: 'next' };
    }
    if (decision.kind === 'none') return { kind: 'ask', record, question: noTargetQuestion(action, decision.reason) };
    const entry = this.#deps.catalog.get(decision.target);
    if (!entry) return { kind: 'ask', record, question: noTargetQuestion(action, `there is no ${decision.target} on this assistant`) };
    const parsed = entry.spec.params.safeParse(decision.args);
    if (!parsed.success) return { kind: 'ask', record, question: invalidArgsQuestion(action, entry.target, parsed.error.issues) };
    if (!record.confirmed) {
      const why = confirmationReason(entry, parsed.data, cp.requester, this.#deps.policy);
      const uncertain = decision.confidence < this.#deps.policy.confidenceThreshold;
      if (why !== undefined || uncertain) {
        // Where it would go, when the words do not say: the address told for "bob".
        const explained = await entry.spec.explain?.(parsed.data as never, cp.requester).catch((error: unknown) => {
          this.#deps.logger.warn({ err: error, target: entry.target }, 'could not say what the arguments come to');
          return undefined;
        });
        return { kind: 'ask', record, question: confirmationQuestion(action, entry.target, parsed.data, why ?? 'I am not sure', why === undefined, explained) };
      }
    }

    for (;;) {
      const previous = record.attempts.at(-1);
      // An attempt that ran but was never judged (the agent broke in between) is judged, not run again.
      const unjudged = previous?.result !== undefined && previous.evaluation === undefined && previous.target === entry.target;
      const attempt = unjudged ? previous : this.#nextAttempt(cp, record, entry.target, parsed.data as Record<string, unknown>);
      let ms: number | undefined;
      if (!unjudged) {
        record.status = 'running';
        // Durable before the side effect, so that a crash from here on resumes this attempt with
        // its key; unless the last save already leads there: a first attempt, decided as saved.
        if (record.attempts.length > 1 || run.rethought.has(action.id)) await save();
        else runtime.show?.(cp);
        // Told to stop meanwhile: the attempt, which did not run, is resumed (with its key) or cancelled.
        if (runtime.signal.aborted) return { kind: 'stop', reason: runtime.signal.reason as StopReason };
        this.#emit(runtime, { type: 'action.started', requestId: cp.requestId, groupId: cp.groupId, actionId: action.id, text: action.text, target: entry.target, attempt: attempt.n });
        const calledAt = performance.now();
        attempt.result = await invokeMethod(
          entry,
          parsed.data,
          {
            requestId: cp.requestId,
            groupId: cp.groupId,
            actionId: action.id,
            actionText: action.text,
            attempt: attempt.n,
            idempotencyKey: attempt.idempotencyKey,
            requester: cp.requester,
            dependencyResults: dependencyResults(cp, record),
            logger: lazyChild(this.#deps.logger, { requestId: cp.requestId, actionId: action.id, target: entry.target }),
            progress: (text) => this.#emit(runtime, { type: 'action.progress', requestId: cp.requestId, groupId: cp.groupId, actionId: action.id, text }),
          },
          this.#deps.policy.actionTimeoutMs,
        );
        ms = msSince(calledAt);
        attempt.endedAt = this.#clock().toISOString();
      }
      const result = attempt.result!;
      attempt.evaluation = await this.#deps.brain.evaluate(action, result, this.#context(cp, record));
      if (attempt.evaluation.ok) {
        record.status = 'done';
        // The last action's end is carried by the outcome, which the dispatcher makes durable with it.
        if (cp.actions.some((r) => !isSettled(r))) await save();
        this.#emit(runtime, { type: 'action.finished', requestId: cp.requestId, groupId: cp.groupId, actionId: action.id, text: action.text, target: entry.target, result, ...(ms !== undefined ? { ms } : {}) });
        return { kind: 'next' };
      }
      // After a failure: did another approach work for actions like this one? Then try it instead.
      if (this.#deps.lessons && (await this.#learnFrom(cp, record, 'after', entry.target))) {
        record.status = 'pending';
        record.retryFrom = record.attempts.length;
        await save();
        return this.#step(cp, record, runtime, save, run);
      }
      // A call that worked but missed the point will not do better the same way: ask.
      const retryable = result.ok ? false : result.retryable;
      const retries = record.attempts.length - (record.retryFrom ?? 0);
      if (retryable && retries <= this.#deps.policy.maxRetries) {
        const delayMs = backoffMs(retries, this.#deps.policy);
        record.status = 'pending';
        await save();
        const error = result.ok ? (attempt.evaluation.reason ?? 'did not work') : result.error.message;
        this.#emit(runtime, { type: 'action.retrying', requestId: cp.requestId, groupId: cp.groupId, actionId: action.id, text: action.text, attempt: attempt.n, delayMs, error });
        await this.#sleep(delayMs, runtime.signal);
        if (runtime.signal.aborted) return { kind: 'stop', reason: runtime.signal.reason as StopReason };
        continue;
      }
      if (action.optional) {
        this.#settle(cp, record, 'skipped', 'optional, and it failed', runtime);
        await save();
        return { kind: 'next' };
      }
      record.status = 'failed';
      this.#emit(runtime, { type: 'action.finished', requestId: cp.requestId, groupId: cp.groupId, actionId: action.id, text: action.text, target: entry.target, result, ...(ms !== undefined ? { ms } : {}) });
      // The requester said what to do if it failed ("..., and if that fails, email me"): that, rather than asking. Saved before it runs.
      if (fallsBack(cp, record)) {
        await save();
        return { kind: 'next' };
      }
      return { kind: 'ask', record, question: failedQuestion(action, result, retries) };
    }
  }

  /**
   * The attempt to make now: the unfinished one a crash left behind (same key, so the
   * service recognizes it), or a new one. A timed-out attempt may still have had its effect,
   * so the next one keeps its key too.
   */
  #nextAttempt(cp: GroupCheckpoint, record: ActionRecord, target: string, args: Record<string, unknown>): Attempt {
    const last = record.attempts.at(-1);
    if (last && !last.result && last.target === target && JSON.stringify(last.args) === JSON.stringify(args)) return last;
    const n = record.attempts.length + 1;
    const keepKey = last && (!last.result || (!last.result.ok && last.result.error.code === INVOKE_CODES.timeout)) && last.target === target;
    const attempt: Attempt = {
      n,
      idempotencyKey: keepKey ? last.idempotencyKey : `${cp.requestId}:${record.action.id}:${n}`,
      target,
      args,
      startedAt: this.#clock().toISOString(),
    };
    record.attempts.push(attempt);
    return attempt;
  }

  /**
   * Recalls the lessons of similar actions into the record and, when they advise another
   * approach, decides again with them. True when the decision changed.
   */
  async #learnFrom(cp: GroupCheckpoint, record: ActionRecord, when: 'before' | 'after', failedTarget?: string): Promise<boolean> {
    let recalled: LessonUse[];
    try {
      recalled = await this.#deps.lessons!.recall(record.action.text);
    } catch (error) {
      this.#deps.logger.warn({ err: error, actionId: record.action.id }, 'could not recall lessons; going on without them');
      recalled = [];
    }
    const known = new Set((record.lessons ?? []).map((l) => l.id));
    const planned = failedTarget ?? (record.action.decision.kind === 'call' ? record.action.decision.target : undefined);
    record.lessons = [...(record.lessons ?? []), ...bearingLessons(recalled, planned).filter((l) => !known.has(l.id))];
    const change = await consultLessons({
      record,
      when,
      ...(failedTarget !== undefined ? { failedTarget } : {}),
      brain: this.#deps.brain,
      context: this.#context(cp, record),
      validate: (target, args) => this.#deps.catalog.get(target)?.spec.params.safeParse(args).success === true,
      logger: this.#deps.logger,
    });
    if (!change) return false;
    record.action = { ...record.action, decision: change.decision };
    record.decisions.push({ at: this.#clock().toISOString(), decision: change.decision, by: `${this.#deps.brain.name}, from lessons` });
    record.learned = record.learned ? `${record.learned}; ${change.learned}` : change.learned;
    return true;
  }

  /** The first dependency that did not get done, when this action cannot go without it (one that was not needed is no loss). */
  #unmetDependency(cp: GroupCheckpoint, record: ActionRecord): ActionRecord | undefined {
    const decision = record.action.decision;
    // Telling someone how it went is still worth doing when it went wrong.
    const reports = decision.kind === 'call' && decision.target.endsWith('.send_message');
    if (reports) return undefined;
    return record.action.dependsOn
      .map((id) => cp.actions.find((r) => r.action.id === id))
      .find((dep): dep is ActionRecord => dep !== undefined && isSettled(dep) && dep.status !== 'done' && !dep.unneeded);
  }

  #settle(cp: GroupCheckpoint, record: ActionRecord, status: 'skipped' | 'cancelled', note: string, runtime: AgentRuntime): void {
    record.status = status;
    record.note = note;
    if (status === 'skipped') {
      this.#emit(runtime, { type: 'action.skipped', requestId: cp.requestId, groupId: cp.groupId, actionId: record.action.id, text: record.action.text, reason: note });
    }
  }

  #terminate(cp: GroupCheckpoint, reason: string): void {
    for (const r of cp.actions) {
      if (!isSettled(r)) {
        r.status = 'cancelled';
        r.note = reason;
      }
    }
    cp.status = 'terminated';
  }

  async #stop(cp: GroupCheckpoint, reason: StopReason, save: () => Promise<void>): Promise<GroupOutcome> {
    if (reason === 'cancel') {
      this.#terminate(cp, 'stopped by an admin');
      await save();
      return { kind: 'finished', checkpoint: cp };
    }
    cp.status = 'queued';
    await save();
    return { kind: 'parked', checkpoint: cp };
  }

  #pause(cp: GroupCheckpoint, record: ActionRecord, question: Question): GroupOutcome {
    const at = this.#clock().toISOString();
    const id = `${cp.groupId}:${record.action.id}:q${record.feedback.length + 1}`;
    record.feedback.push({ questionId: id, reason: question.reason, question: question.text, askedAt: at });
    record.status = 'waiting';
    cp.status = 'waiting';
    cp.waiting = { questionId: id, reason: question.reason };
    cp.updatedAt = at;
    return {
      kind: 'paused',
      checkpoint: cp,
      question: {
        id,
        requestId: cp.requestId,
        groupId: cp.groupId,
        actionId: record.action.id,
        reason: question.reason,
        text: question.text,
        ...(question.choices ? { choices: question.choices } : {}),
      },
    };
  }

  /**
   * Applies a human's answer to the action it was about, and to the later ones. Completed
   * actions are never touched. Returns a new question when the answer did not settle it.
   */
  async #applyAnswer(cp: GroupCheckpoint, questionId: string, answer: string, runtime: AgentRuntime): Promise<{ record: ActionRecord; question: Question } | undefined> {
    const record = cp.actions.find((r) => r.feedback.some((f) => f.questionId === questionId));
    if (!record) return undefined;
    const feedback = record.feedback.find((f) => f.questionId === questionId)!;
    feedback.answer = answer;
    feedback.answeredAt ??= this.#clock().toISOString();
    const index = cp.actions.indexOf(record);
    cp.position = index;
    const remaining = cp.actions.slice(index).filter((r) => !isSettled(r) || r === record);
    const verdict: Reevaluation = await this.#deps.brain.reevaluate(
      { remaining: remaining.map((r) => r.action), reason: feedback.reason, question: feedback.question, answer },
      this.#context(cp, record),
    );
    feedback.outcome = verdict.verdict === 'unclear' ? 'asked again' : verdict.verdict;
    switch (verdict.verdict) {
      case 'proceed':
        record.confirmed = true;
        if (feedback.reason === 'failed') record.retryFrom = record.attempts.length;
        record.status = 'pending';
        return undefined;
      case 'retry':
        record.retryFrom = record.attempts.length;
        record.status = 'pending';
        return undefined;
      case 'skip':
        this.#settle(cp, record, 'skipped', verdict.reason ?? 'skipped at your word', runtime);
        // Turned down when asked whether to do it: the requester's choice. One the assistant could not do (nothing fitted, it failed) stays a failure, skipped or not.
        if ((feedback.reason === 'confirmation' || feedback.reason === 'uncertain') && !record.attempts.some((a) => a.result !== undefined)) record.declined = true;
        return undefined;
      case 'terminate':
        this.#terminate(cp, verdict.reason ?? 'stopped at your word');
        return undefined;
      case 'unclear':
        return { record, question: { reason: feedback.reason, text: verdict.question, choices: ['skip', 'stop'] } };
      case 'revise':
        this.#revise(cp, record, remaining, verdict.actions);
        return undefined;
    }
  }

  /** Replaces the current and later unsettled actions with revised ones; the current keeps its history when kept. */
  #revise(cp: GroupCheckpoint, current: ActionRecord, remaining: ActionRecord[], revised: PlannedAction[]): void {
    const at = this.#clock().toISOString();
    const byId = new Map(remaining.map((r) => [r.action.id, r]));
    const ctx = this.#context(cp, current);
    const records: ActionRecord[] = revised.map((action) => {
      const decided = { ...action, decision: concrete(action.decision, ctx, action.text) };
      const kept = byId.get(action.id);
      if (kept) {
        const changed = JSON.stringify(kept.action.decision) !== JSON.stringify(decided.decision);
        kept.action = decided;
        if (changed) {
          kept.decisions.push({ at, decision: decided.decision, by: this.#deps.brain.name });
          // The requester gave what was missing; a changed call still passes the confirmation checks.
          kept.confirmed = false;
        }
        kept.status = 'pending';
        return kept;
      }
      return { action: decided, status: 'pending', decisions: [{ at, decision: decided.decision, by: this.#deps.brain.name }], attempts: [], feedback: [] };
    });
    const keptIds = new Set(revised.map((a) => a.id));
    const index = cp.actions.indexOf(current);
    if (!keptIds.has(current.action.id)) {
      current.status = 'skipped';
      current.note = 'replaced by your answer';
      current.replaced = true;
      // Later actions that waited for the replaced one wait for its replacements instead.
      const replacements = records.filter((r) => !byId.has(r.action.id)).map((r) => r.action.id);
      for (const r of records) {
        if (r.action.dependsOn.includes(current.action.id)) {
          r.action = { ...r.action, dependsOn: [...new Set(r.action.dependsOn.flatMap((d) => (d === current.action.id ? replacements.filter((id) => id !== r.action.id) : [d])))] };
        }
      }
    }
    // Everything after the current action is unsettled (the agent goes in order), so it is all replaced.
    const before = cp.actions.slice(0, index + (keptIds.has(current.action.id) ? 0 : 1));
    cp.actions = [...before, ...records];
    cp.position = before.length;
  }

  #context(cp: GroupCheckpoint, record: ActionRecord): BrainContext {
    return {
      now: this.#clock(),
      timeZone: this.#deps.timeZone,
      requester: cp.requester,
      catalog: this.#deps.catalog,
      previous: dependencyResults(cp, record),
      ...(cp.instructions ? { instructions: cp.instructions } : {}),
      // Saved with the checkpoint, so the group's report carries what its model calls cost.
      usage: { record: (call) => (cp.usage = addCall(cp.usage, call)) },
    };
  }

  #emit(runtime: AgentRuntime, event: AgentEvent): void {
    try {
      runtime.emit(event);
    } catch (error) {
      this.#deps.logger.warn({ err: error }, 'progress listener failed');
    }
  }
}
