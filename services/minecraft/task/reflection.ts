import { MC_CODES } from '../errors.js';
import type { GameData } from './recipes.js';
import type { Approach, PlanStep, StepError } from './state.js';
import { counted } from '../../../core/util/text.js';

/** Attempts at one step before the task gives up. */
export const MAX_ATTEMPTS = 3;
/** The farthest the bot looks for blocks or mobs. */
export const MAX_SEARCH = 64;

/**
 * Reflection: what the next attempt at a step does differently, from what went wrong in the
 * attempts before it (what failed, where, on which attempt). No blocks in range → look
 * farther, then for other blocks that drop the item; a block that cannot be reached → avoid
 * it; a recipe that failed → another recipe. The first attempt follows the plan as it is.
 */
export function reflect(step: PlanStep, errors: readonly StepError[], data: GameData): Approach {
  const mine = errors.filter((e) => e.step === step.label);
  if (mine.length === 0) return {};
  const approach: Approach = {};
  const why: string[] = [];
  const base = step.kind === 'mine' || step.kind === 'hunt' ? step.searchDistance : undefined;
  const noSource = mine.filter((e) => e.code === MC_CODES.noSource).length;
  if (base !== undefined && noSource > 0) {
    // Each empty search doubles the range, up to the limit; once there, other sources are tried.
    const distance = Math.min(MAX_SEARCH, base * 2 ** noSource);
    approach.searchDistance = distance;
    if (distance > base) why.push(`search farther (${distance} blocks)`);
    if (step.kind === 'mine' && (noSource >= 2 || distance === base)) {
      const others = data.blocksDropping(step.item).filter((b) => !step.blocks.includes(b));
      if (others.length > 0) {
        approach.sources = [...step.blocks, ...others];
        why.push(`also other blocks that drop ${step.item} (${others.slice(0, 4).join(', ')})`);
      }
    }
  }
  const avoid = mine.filter((e) => (e.code === MC_CODES.unreachable || e.code === MC_CODES.timeout) && e.target).map((e) => e.target!);
  if (avoid.length > 0) {
    approach.avoid = avoid;
    why.push(`another source block than the one at ${avoid.map((p) => `${p.x} ${p.y} ${p.z}`).join(', ')}`);
  }
  if (step.kind === 'craft' && mine.some((e) => e.code === MC_CODES.craftFailed)) {
    approach.avoidRecipes = { [step.item]: [step.recipe] };
    why.push(`another recipe than #${step.recipe}`);
  }
  if (why.length === 0) why.push('try again as planned');
  approach.why = why.join('; ');
  return approach;
}

/** The message a task ends with when a step has failed every attempt. */
export function failureMessage(step: PlanStep, last: StepError, attempts: number): string {
  return `failed at step '${step.label}': ${last.message} after ${counted(attempts, 'attempt')}`;
}
