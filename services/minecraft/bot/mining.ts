import type { Bot } from 'mineflayer';
import type { Entity } from 'prismarine-entity';
import pathfinderPlugin from 'mineflayer-pathfinder';
import { Vec3 } from 'vec3';
import { MC_CODES, MinecraftError, StepFailure } from '../errors.js';
import type { Approach, HuntStep, MineStep, Position } from '../task/state.js';
import { findBlocks } from './find-blocks.js';
import { LIMITS, pause, position, samePosition, where, type StepContext } from './calls.js';

const { goals } = pathfinderPlugin;

/** How much farther an exposed block may be than a buried one and still be preferred. */
const BURIED_COST = 16;
const SIDES: ReadonlyArray<readonly [number, number, number]> = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]];

/** Whether a block touches air (or anything not solid) on a side. */
function exposed(bot: Bot, at: Vec3): boolean {
  return SIDES.some(([x, y, z]) => {
    const side = bot.blockAt(at.offset(x, y, z));
    return side !== null && side.boundingBox !== 'block';
  });
}

/** The blocks to mine nearest first; blocks open to the air first, since digging down to a buried one costs more than a walk. */
function nearestBlocks(bot: Bot, ids: number[], distance: number, allowed: (v: Vec3) => boolean): Position[] {
  const here = bot.entity.position;
  const open = findBlocks(bot, ids, distance, 8, (v) => allowed(v) && exposed(bot, v));
  const buried = findBlocks(bot, ids, Math.min(distance, (open[0]?.distanceTo(here) ?? distance) - BURIED_COST), 8, allowed);
  return [...buried, ...open]
    .map((v) => ({ v, cost: v.distanceTo(here) + (exposed(bot, v) ? 0 : BURIED_COST) }))
    .sort((a, b) => a.cost - b.cost)
    .map(({ v }) => position(v));
}

/** A known block (a station the bot placed) while it is still there: the only one to take, never someone else's. */
function knownBlock(bot: Bot, at: Position, ids: number[], allowed: (v: Vec3) => boolean): Position[] {
  const v = new Vec3(at.x, at.y, at.z);
  const block = bot.blockAt(v);
  return block && ids.includes(block.type) && allowed(v) ? [at] : [];
}

/** How far from a broken block its drop is looked for. */
const DROP_RADIUS = 6;

/**
 * Mines blocks that drop the step's item until that many more are in the inventory: finds the
 * nearest one in range (not one to avoid), takes the best tool for it, walks to it, digs it
 * and picks up what dropped.
 */
export async function mine(ctx: StepContext, step: MineStep, approach: Approach): Promise<string> {
  const sources = approach.sources ?? step.blocks;
  const distance = approach.searchDistance ?? step.searchDistance;
  const avoid: Position[] = [...(approach.avoid ?? [])];
  const ids = ctx.blockIds(sources);
  const start = ctx.count(step.item);
  const names = sources.slice(0, 3).join(' or ');
  let dug = 0;
  while (ctx.count(step.item) - start < step.count) {
    if (dug > step.count * 3 + 3) throw new MinecraftError(MC_CODES.noProgress, `dug ${dug} blocks but picked up only ${ctx.count(step.item) - start} ${step.item}`);
    const bot = ctx.bot;
    const allowed = (v: Vec3) => !avoid.some((a) => samePosition(a, position(v)));
    const found = step.at ? knownBlock(bot, step.at, ids, allowed) : nearestBlocks(bot, ids, distance, allowed);
    if (found.length === 0) {
      const got = ctx.count(step.item) - start;
      if (step.at) throw new MinecraftError(MC_CODES.noSource, `the ${names} I placed at ${where(step.at)} is not there any more`, { retryable: true });
      throw new MinecraftError(MC_CODES.noSource, `no ${names} within ${distance} blocks${got > 0 ? ` (after getting ${got})` : ''}`, { hint: 'move the bot somewhere else, or give it some', retryable: true });
    }
    const target = found[0]!;
    const block = bot.blockAt(new Vec3(target.x, target.y, target.z));
    if (!block) {
      avoid.push(target);
      continue;
    }
    if (step.tool && !ctx.data.canHarvest(block.name, ctx.inventory())) {
      throw new MinecraftError(MC_CODES.missingItems, `${block.name} needs a ${step.tool} and I have none`, { retryable: true });
    }
    try {
      await ctx.walk(`the ${block.name} at ${where(target)}`, new goals.GoalLookAtBlock(block.position, bot.world, { reach: 4 }));
      const tool = ctx.bot.pathfinder.bestHarvestTool(block);
      if (tool) await ctx.equip(tool.name);
      const fresh = ctx.bot.blockAt(block.position);
      if (!fresh || !ids.includes(fresh.type)) continue;
      await ctx.call(`digging the ${block.name} at ${where(target)}`, LIMITS.digMs, (b) => b.dig(fresh, true));
      dug += 1;
    } catch (error) {
      if (error instanceof MinecraftError && (error.code === MC_CODES.unreachable || error.code === MC_CODES.timeout)) {
        throw new StepFailure(error, { target, actions: ctx.actions });
      }
      throw error;
    }
    await collectDrops(ctx, target, step.item);
  }
  return `mined ${ctx.count(step.item) - start} ${step.item}`;
}

/** Walks over the items that dropped near a spot until they are picked up, or a moment passes. */
export async function collectDrops(ctx: StepContext, near: Position, item: string): Promise<void> {
  const before = ctx.count(item);
  for (let tries = 0; tries < 4 && ctx.count(item) <= before; tries++) {
    await pause(tries === 0 ? 300 : 200, ctx.signal);
    const drop = ctx.bot.nearestEntity((e: Entity) => isDrop(e) && distance(e.position, near) <= DROP_RADIUS);
    if (!drop) {
      if (tries > 1) return;
      continue;
    }
    const p = position(drop.position);
    try {
      await ctx.call('picking up what dropped', LIMITS.pickupMs, (b) => b.pathfinder.goto(new goals.GoalNear(p.x, p.y, p.z, 1)));
    } catch (error) {
      if (error instanceof MinecraftError && (error.code === MC_CODES.disconnected || error.code === MC_CODES.stopped)) throw error;
    }
    await pause(250, ctx.signal);
  }
}

/**
 * Kills mobs of the step's kinds until that many more of its item are in the inventory.
 */
export async function hunt(ctx: StepContext, step: HuntStep, approach: Approach): Promise<string> {
  const mobs = approach.sources ?? step.mobs;
  const range = approach.searchDistance ?? step.searchDistance;
  const start = ctx.count(step.item);
  let kills = 0;
  while (ctx.count(step.item) - start < step.count) {
    if (kills > step.count * 3 + 3) throw new MinecraftError(MC_CODES.noProgress, `killed ${kills} but got only ${ctx.count(step.item) - start} ${step.item}`);
    const bot = ctx.bot;
    const mob = bot.nearestEntity((e: Entity) => mobs.includes(e.name ?? '') && e.position.distanceTo(bot.entity.position) <= range);
    if (!mob) throw new MinecraftError(MC_CODES.noSource, `no ${mobs.join(' or ')} within ${range} blocks`, { retryable: true });
    const at = position(mob.position);
    try {
      await ctx.call(`hunting the ${mob.name}`, LIMITS.attackMs, async (b) => {
        b.pathfinder.setGoal(new goals.GoalFollow(mob, 1.5), true);
        while (mob.isValid) {
          if (mob.position.distanceTo(b.entity.position) < 3.5) {
            b.attack(mob);
            ctx.actions += 1;
          }
          await pause(500, ctx.signal);
        }
        b.pathfinder.setGoal(null);
      });
    } catch (error) {
      if (error instanceof MinecraftError && error.code === MC_CODES.timeout) throw new StepFailure(error, { target: at, actions: ctx.actions });
      throw error;
    }
    kills += 1;
    await collectDrops(ctx, position(mob.position), step.item);
  }
  return `hunted ${kills} and got ${ctx.count(step.item) - start} ${step.item}`;
}

function isDrop(e: Entity): boolean {
  return e.name === 'item' || (e.type === 'object' && e.objectType === 'Item');
}

function distance(a: { x: number; y: number; z: number }, b: Position): number {
  return Math.hypot(a.x - (b.x + 0.5), a.y - b.y, a.z - (b.z + 0.5));
}
