import { MajordomoError, errorCode } from '../../../core/errors.js';
import { MC_CODES, MinecraftError, StepFailure } from '../errors.js';
import type { Game, Observation } from './game.js';
import type { Planner } from './planner.js';
import type { GameData } from './recipes.js';
import { MAX_ATTEMPTS, failureMessage, reflect } from './reflection.js';
import { replan } from './replanner.js';
import type { Approach, BotStatus, PlanStep, StepError, TaskState } from './state.js';

/** Steps a task may take in all, so that a world that keeps undoing the plan cannot loop it forever. */
const MAX_STEPS = 80;
/** Failures that end the task at once: retrying within the task cannot help. */
const FATAL = new Set<string>([MC_CODES.disconnected, MC_CODES.notConnected, MC_CODES.stopped, MC_CODES.unknownItem, MC_CODES.noRecipe]);

export interface TaskDeps {
  game: Game;
  planner: Planner;
  data: GameData;
  clock?: () => Date;
  /** Told what the task is doing ("mine oak_log (attempt 2: search farther)"). */
  progress?: (text: string) => void;
}

function status(seen: Observation): BotStatus {
  const { nearbyWood: _wood, pickUp: _pickUp, ...bot } = seen;
  return bot;
}

/**
 * Runs an `obtain_item` task to its end: plan, then for each step execute it, look at the
 * real inventory, and advance or rebuild the plan; a failed step is tried again the way
 * reflection says, at most {@link MAX_ATTEMPTS} times. Never throws: the outcome is in the
 * returned state.
 */
export async function runTask(task: TaskState, deps: TaskDeps, signal: AbortSignal): Promise<TaskState> {
  const clock = deps.clock ?? (() => new Date());
  const fail = (code: string, message: string): TaskState => {
    task.status = 'failed';
    task.result = { ok: false, code, message };
    return task;
  };
  let seen: Observation;
  try {
    seen = await deps.game.observe();
    task.bot = status(seen);
    const first = deps.planner.plan(task.goal.item, task.goal.count, { inventory: seen.inventory, craftingTableNearby: seen.craftingTableNearby, furnaceNearby: seen.furnaceNearby, nearbyWood: seen.nearbyWood, ...(seen.pickUp ? { pickUp: seen.pickUp } : {}) });
    task.plan = first.steps;
    task.guide = first.guides;
  } catch (error) {
    return fail(errorCode(error), messageOf(error));
  }
  task.status = 'running';
  let taken = 0;
  while (task.plan.length > 0) {
    if (++taken > MAX_STEPS) return fail(MC_CODES.noProgress, `gave up after ${MAX_STEPS} steps without getting ${task.goal.count} ${task.goal.item}`);
    const step = task.plan[0]!;
    if (task.currentStep !== step.label) task.retryCount = 0;
    task.currentStep = step.label;
    const approach: Approach = reflect(step, recentErrors(task, step), deps.data);
    const attempt = task.retryCount + 1;
    deps.progress?.(`${step.label}${'count' in step ? ` ×${step.count}` : ''}${attempt > 1 ? ` (attempt ${attempt}: ${approach.why})` : ''}`);
    let ok = false;
    const began = clock().getTime();
    try {
      if (signal.aborted) throw new MinecraftError(MC_CODES.stopped, 'the task was stopped', { retryable: false });
      const outcome = await deps.game.execute(step, approach, signal);
      task.actions += outcome.actions;
      task.stepResults.push({ step: step.label, attempt, ok: true, detail: outcome.detail, actions: outcome.actions, ms: clock().getTime() - began, ...(attempt > 1 ? { approach } : {}) });
      ok = true;
    } catch (error) {
      const code = errorCode(error);
      const target = error instanceof StepFailure ? error.target : undefined;
      const actions = error instanceof StepFailure ? error.actions : 0;
      task.actions += actions;
      const record: StepError = { step: step.label, attempt, code, message: messageOf(error), ...(task.bot?.position ? { where: task.bot.position } : {}), ...(target ? { target } : {}), at: clock().toISOString() };
      task.errors.push(record);
      task.stepResults.push({ step: step.label, attempt, ok: false, detail: record.message, actions, ms: clock().getTime() - began, ...(attempt > 1 ? { approach } : {}) });
      if (FATAL.has(code)) return fail(code, `failed at step '${step.label}': ${record.message}`);
      task.retryCount += 1;
      if (task.retryCount >= MAX_ATTEMPTS) return fail(code, failureMessage(step, record, task.retryCount));
    }
    try {
      seen = await deps.game.observe();
      task.bot = status(seen);
      const next = replan(deps.planner, task, seen, ok ? {} : reflect(step, recentErrors(task, step), deps.data));
      if (ok && next.steps[0] && sameStep(next.steps[0], step)) {
        // The step said it worked but the inventory did not change: count it as a failure.
        task.errors.push({ step: step.label, attempt, code: MC_CODES.noProgress, message: `${step.label} made no progress`, at: clock().toISOString() });
        task.retryCount += 1;
        if (task.retryCount >= MAX_ATTEMPTS) return fail(MC_CODES.noProgress, failureMessage(step, task.errors.at(-1)!, task.retryCount));
      }
      if (next.kind === 'rebuilt' && ok) task.replans += 1;
      task.plan = next.steps;
      for (const g of next.guides) if (!task.guide.includes(g)) task.guide.push(g);
    } catch (error) {
      return fail(errorCode(error), `failed after step '${step.label}': ${messageOf(error)}`);
    }
  }
  task.status = 'done';
  task.currentStep = undefined;
  task.result = { ok: true, message: `got ${task.goal.count} ${task.goal.item.replace(/_/g, ' ')}` };
  return task;
}

/** The failures of the current run of attempts at a step. */
function recentErrors(task: TaskState, step: PlanStep): StepError[] {
  return task.retryCount > 0 ? task.errors.filter((e) => e.step === step.label).slice(-task.retryCount) : [];
}

function sameStep(a: PlanStep, b: PlanStep): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function messageOf(error: unknown): string {
  return error instanceof MajordomoError || error instanceof Error ? error.message : String(error);
}
