import { MC_CODES, MinecraftError, StepFailure } from '../errors.js';
import { woodOf } from '../task/planner.js';
import type { Game, Observation, StepOutcome } from '../task/game.js';
import type { GameData } from '../task/recipes.js';
import type { Approach, PlanStep } from '../task/state.js';
import { StepContext, inventoryOf, position } from './calls.js';
import type { BotConnection } from './connection.js';
import { findBlocks } from './find-blocks.js';
import { craft, findStation, place, smelt } from './crafting.js';
import { KnownPlaces } from './known-places.js';
import { hunt, mine } from './mining.js';
import { blockLookup, dimensionOf, recordSightings } from './sightings.js';

/** How far the bot looks for trees when it plans. */
const WOOD_RANGE = 32;

/** Something that must go first (eating, fleeing) before the next step starts. */
export interface SelfPreservation {
  /** Resolves once no reflex is acting. */
  settle(signal: AbortSignal): Promise<void>;
}

/** The task pipeline's game, on the real bot: observes it and carries out composite steps with mineflayer. */
export class MineflayerGame implements Game {
  constructor(
    readonly conn: BotConnection,
    readonly data: GameData,
    readonly reflexes?: SelfPreservation,
    /** The places memory: what the bot saw and placed, where it looks first. */
    readonly known: KnownPlaces = new KnownPlaces(undefined),
  ) {}

  async observe(): Promise<Observation> {
    const bot = this.conn.require();
    const ctx = new StepContext(this.conn, this.data, new AbortController().signal);
    const logIds = this.data.data.blocksArray.filter((b) => /_log$/.test(b.name)).map((b) => b.id);
    const woods: string[] = [];
    for (const p of findBlocks(bot, logIds, WOOD_RANGE, 16)) {
      const wood = woodOf(bot.blockAt(p)?.name ?? '');
      if (wood && !woods.includes(wood)) woods.push(wood);
    }
    await recordSightings(bot, this.data, this.known);
    const inSight = { crafting_table: findStation(ctx, 'crafting_table') !== null, furnace: findStation(ctx, 'furnace') !== null };
    const here = position(bot.entity.position);
    return {
      health: bot.health,
      food: bot.food,
      position: here,
      inventory: inventoryOf(bot),
      ...(await this.known.stations(inSight, here, dimensionOf(bot), blockLookup(bot))),
      nearbyWood: woods,
    };
  }

  async execute(step: PlanStep, approach: Approach, signal: AbortSignal): Promise<StepOutcome> {
    await this.reflexes?.settle(signal);
    const ctx = new StepContext(this.conn, this.data, signal);
    try {
      const detail = await this.#run(ctx, step, approach);
      return { detail, actions: ctx.actions };
    } catch (error) {
      if (error instanceof StepFailure) throw error;
      const coded = error instanceof MinecraftError ? error : new MinecraftError(MC_CODES.game, `the game refused: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      throw new StepFailure(coded, { actions: ctx.actions });
    }
  }

  #run(ctx: StepContext, step: PlanStep, approach: Approach): Promise<string> {
    switch (step.kind) {
      case 'mine':
        return mine(ctx, step, approach);
      case 'hunt':
        return hunt(ctx, step, approach);
      case 'craft':
        return craft(ctx, step, this.known);
      case 'smelt':
        return smelt(ctx, step, this.known);
      case 'place':
        return place(ctx, step, this.known);
    }
  }
}
