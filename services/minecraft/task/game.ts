import type { PlanContext } from './planner.js';
import type { Approach, BotStatus, PlanStep } from './state.js';

/** What a composite step did. */
export interface StepOutcome {
  detail: string;
  /** Game actions (dig, craft, place, path, toss) it took. */
  actions: number;
}

/** The bot's inventory and surroundings, with the wood it sees. */
export interface Observation extends BotStatus {
  nearbyWood: string[];
  /** Stations the bot placed itself and remembers nearby, which it may pick up when asked for one. */
  pickUp?: PlanContext['pickUp'];
}

/**
 * What the task pipeline needs from the game: look at the bot, and carry out one composite
 * step. The real one drives mineflayer; it throws MinecraftErrors with codes reflection reads.
 */
export interface Game {
  observe(): Promise<Observation>;
  execute(step: PlanStep, approach: Approach, signal: AbortSignal): Promise<StepOutcome>;
}
