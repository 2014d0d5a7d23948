import pathfinderPlugin from 'mineflayer-pathfinder';
import { position, where, type StepContext } from './calls.js';

const { goals } = pathfinderPlugin;

/** Where the bot goes: block coordinates, the height left out when it was not said. */
export interface Destination {
  x: number;
  y?: number;
  z: number;
}

/** How close the bot comes: onto the block, or next to what stands on it (a chest, a bed). */
const AT = 1;

/** Walks to block coordinates (to any height there when `y` is left out) and says where it ended up. */
export async function gotoPosition(ctx: StepContext, to: Destination, what: string): Promise<string> {
  await ctx.walk(what, to.y === undefined ? new goals.GoalXZ(to.x, to.z) : new goals.GoalNear(to.x, to.y, to.z, AT));
  return `came to ${what}, at ${where(position(ctx.bot.entity.position))}`;
}
