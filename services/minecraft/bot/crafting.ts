import type { Block } from 'prismarine-block';
import pathfinderPlugin from 'mineflayer-pathfinder';
import { Vec3 } from 'vec3';
import { MC_CODES, MinecraftError } from '../errors.js';
import type { CraftStep, PlaceStep, SmeltStep } from '../task/state.js';
import { findBlocks } from './find-blocks.js';
import { blockLookup, dimensionOf } from './sightings.js';
import type { KnownPlaces } from './known-places.js';
import { LIMITS, pause, position, where, type StepContext } from './calls.js';

const { goals } = pathfinderPlugin;

/** How far a placed station is looked for. */
export const STATION_RANGE = 16;

/** The nearest crafting table or furnace in range. */
export function findStation(ctx: StepContext, name: 'crafting_table' | 'furnace', range = STATION_RANGE): Block | null {
  const id = ctx.data.data.blocksByName[name]?.id;
  if (id === undefined) return null;
  const at = findBlocks(ctx.bot, [id], range, 1)[0];
  return at ? ctx.bot.blockAt(at) : null;
}

/**
 * Walks to the nearest crafting table or furnace: one in sight, else one remembered within
 * memory's range. A remembered one that is gone on arrival is forgotten, and the step fails
 * so that the plan is made again (to craft and place one).
 */
async function goToStation(ctx: StepContext, name: 'crafting_table' | 'furnace', known?: KnownPlaces): Promise<Block> {
  const label = name.replace('_', ' ');
  const station = findStation(ctx, name);
  if (station) {
    const p = station.position;
    if (ctx.bot.entity.position.distanceTo(p.offset(0.5, 0.5, 0.5)) > 3.5) await ctx.walk(`the ${label} at ${where(position(p))}`, new goals.GoalNear(p.x, p.y, p.z, 2));
    return ctx.bot.blockAt(p) ?? station;
  }
  const bot = ctx.bot;
  const remembered = await known?.nearest(name, position(bot.entity.position), dimensionOf(bot), blockLookup(bot));
  if (!remembered) throw new MinecraftError(MC_CODES.noStation, `no ${label} within ${STATION_RANGE} blocks`, { retryable: true });
  const p = remembered.position;
  try {
    await ctx.walk(`the ${label} I remember at ${where(p)}`, new goals.GoalNear(p.x, p.y, p.z, 2));
  } catch (error) {
    // Out of reach: the next plan makes one here instead.
    if (error instanceof MinecraftError && (error.code === MC_CODES.unreachable || error.code === MC_CODES.timeout)) known!.unreachable(remembered);
    throw error;
  }
  const there = ctx.bot.blockAt(new Vec3(p.x, p.y, p.z));
  if (there?.name === name) return there;
  await known!.forget(remembered);
  throw new MinecraftError(MC_CODES.noStation, `the ${label} I remembered at ${where(p)} is gone (${there?.name ?? 'not loaded'} there now)`, { retryable: true });
}

/** Crafts with the planned recipe (or another one the inventory allows), at a table when it needs one. */
export async function craft(ctx: StepContext, step: CraftStep, known?: KnownPlaces): Promise<string> {
  const inv = ctx.inventory();
  const short = Object.entries(step.ingredients).filter(([k, n]) => (inv[k] ?? 0) < n);
  if (short.length > 0) {
    throw new MinecraftError(MC_CODES.missingItems, `I lack ${short.map(([k, n]) => `${n - (inv[k] ?? 0)} ${k}`).join(', ')} to craft ${step.item}`, { retryable: true });
  }
  const table = step.table ? await goToStation(ctx, 'crafting_table', known) : null;
  const id = ctx.itemId(step.item);
  const recipes = ctx.bot.recipesFor(id, null, 1, table);
  const wanted = Object.keys(step.ingredients).sort().join(',');
  const names = (r: (typeof recipes)[number]) =>
    r.delta
      .filter((d) => d.count < 0)
      .map((d) => ctx.data.data.items[d.id]?.name ?? '')
      .sort()
      .join(',');
  const recipe = recipes.find((r) => names(r) === wanted) ?? recipes[0];
  if (!recipe) throw new MinecraftError(MC_CODES.craftFailed, `no recipe for ${step.item} fits what I have${step.table ? ' at this crafting table' : ''}`, { retryable: true });
  const before = ctx.count(step.item);
  try {
    await ctx.call(`crafting ${step.count} ${step.item}`, LIMITS.craftMs, (b) => b.craft(recipe, step.times, table ?? undefined));
  } catch (error) {
    if (error instanceof MinecraftError) throw error;
    throw new MinecraftError(MC_CODES.craftFailed, `the server refused to craft ${step.item}: ${error instanceof Error ? error.message : String(error)}`, { cause: error, retryable: true });
  }
  // The inventory may update a moment after the window closes.
  for (let i = 0; i < 10 && ctx.count(step.item) <= before; i++) await pause(100, ctx.signal);
  const made = ctx.count(step.item) - before;
  if (made <= 0) throw new MinecraftError(MC_CODES.craftFailed, `crafting ${step.item} gave nothing`, { retryable: true });
  return `crafted ${made} ${step.item}`;
}

/** Places a crafting table or furnace on the ground next to the bot. */
export async function place(ctx: StepContext, step: PlaceStep, known?: KnownPlaces): Promise<string> {
  const near = findStation(ctx, step.block, 4);
  if (near) return `a ${step.block.replace('_', ' ')} is already at ${where(position(near.position))}`;
  await ctx.equip(step.block);
  const bot = ctx.bot;
  const feet = bot.entity.position.floored();
  const spots: Vec3[] = [];
  for (const r of [2, 1, 3]) {
    for (let dx = -r; dx <= r; dx++) for (let dz = -r; dz <= r; dz++) if (Math.max(Math.abs(dx), Math.abs(dz)) === r) for (const dy of [0, -1, 1]) spots.push(feet.offset(dx, dy, dz));
  }
  for (const spot of spots) {
    const ground = bot.blockAt(spot.offset(0, -1, 0));
    const air = bot.blockAt(spot);
    const above = bot.blockAt(spot.offset(0, 1, 0));
    if (!ground || !air || !above || ground.boundingBox !== 'block' || air.name !== 'air' || above.name !== 'air') continue;
    try {
      await ctx.call(`placing the ${step.block.replace('_', ' ')} at ${where(position(spot))}`, LIMITS.placeMs, (b) => b.placeBlock(ground, new Vec3(0, 1, 0)));
    } catch (error) {
      if (error instanceof MinecraftError && error.code !== MC_CODES.timeout) throw error;
      continue;
    }
    if (findStation(ctx, step.block, 6)) {
      await known?.placed(step.block, position(spot), dimensionOf(bot));
      return `placed a ${step.block.replace('_', ' ')} at ${where(position(spot))}`;
    }
  }
  throw new MinecraftError(MC_CODES.placeFailed, `found no free spot next to me to place the ${step.block.replace('_', ' ')}`, { retryable: true });
}

/** Smelts in the nearest furnace: fuel and input in, waits, output out. */
export async function smelt(ctx: StepContext, step: SmeltStep, known?: KnownPlaces): Promise<string> {
  const furnaceBlock = await goToStation(ctx, 'furnace', known);
  const before = ctx.count(step.item);
  const limit = LIMITS.smeltPerItemMs * step.count + LIMITS.craftMs;
  try {
    await ctx.call(`smelting ${step.count} ${step.input}`, limit, async (b) => {
      const furnace = await b.openFurnace(furnaceBlock);
      try {
        await furnace.putFuel(ctx.itemId(step.fuel), null, step.fuelCount);
        await furnace.putInput(ctx.itemId(step.input), null, step.count);
        ctx.actions += 2;
        let taken = 0;
        while (taken < step.count) {
          await pause(1_000, ctx.signal);
          const out = furnace.outputItem();
          if (out && out.count > 0) {
            taken += out.count;
            await furnace.takeOutput();
            ctx.actions += 1;
          }
        }
      } finally {
        furnace.close();
      }
    });
  } catch (error) {
    if (error instanceof MinecraftError && error.code !== MC_CODES.timeout) throw error;
    throw new MinecraftError(MC_CODES.smeltFailed, `smelting ${step.input} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error, retryable: true });
  }
  return `smelted ${ctx.count(step.item) - before} ${step.item}`;
}
