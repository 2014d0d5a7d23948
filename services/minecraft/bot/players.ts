import { once } from 'node:events';
import type { Bot } from 'mineflayer';
import pathfinderPlugin from 'mineflayer-pathfinder';
import type { Entity } from 'prismarine-entity';
import { MC_CODES, MinecraftError } from '../errors.js';
import { LIMITS, position, where, type StepContext } from './calls.js';

const { goals } = pathfinderPlugin;

/** How close the bot comes to a player it walks to or gives to. */
const NEAR = 2;

/** How long to watch for the player picking up what was tossed. */
const PICKUP_WAIT_MS = 4_000;

/** Resolves true once the player picks something up, false after a while. */
function pickedUpBy(bot: Bot, player: Entity, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const onCollect = (collector: Entity) => {
      if (collector.id !== player.id) return;
      finish(true);
    };
    const finish = (value: boolean) => {
      clearTimeout(timer);
      bot.off('playerCollect', onCollect);
      resolve(value);
    };
    const timer = setTimeout(() => finish(false), ms);
    bot.on('playerCollect', onCollect);
  });
}

/** A player's entity, when the bot can see them. */
export function playerEntity(bot: Bot, name: string): Entity {
  const player = Object.values(bot.players).find((p) => p.username.toLowerCase() === name.toLowerCase());
  if (!player) throw new MinecraftError(MC_CODES.unknownPlayer, `${name} is not in the game`, { retryable: true, hint: 'check the name, or ask again once they have joined' });
  if (!player.entity) throw new MinecraftError(MC_CODES.playerNotFound, `${player.username} is too far away for me to see`, { retryable: true, hint: 'come closer to the bot, then ask again' });
  return player.entity;
}

/** Walks to a player and stops next to them. */
export async function gotoPlayer(ctx: StepContext, name: string): Promise<string> {
  const target = playerEntity(ctx.bot, name);
  const p = target.position;
  await ctx.walk(name, new goals.GoalNear(p.x, p.y, p.z, NEAR));
  return `came to ${name} at ${where(position(ctx.bot.entity.position))}`;
}

/** Said of a give the player did not pick up in time: the items lie at their feet. */
export const TOSSED_AT_FEET = '(tossed at their feet)';

/** Walks to a player, looks at them and tosses them the items. */
export async function giveItems(ctx: StepContext, name: string, item: string, count: number): Promise<string> {
  const held = ctx.count(item);
  if (held < count) {
    throw new MinecraftError(MC_CODES.missingItems, `I have ${held} ${item}, not ${count}`, { retryable: false, hint: `ask me to obtain ${item} first` });
  }
  await gotoPlayer(ctx, name);
  const target = playerEntity(ctx.bot, name);
  // Aimed low: a toss flies a few blocks, and they should land at the player's feet.
  await ctx.call(`looking at ${name}`, LIMITS.equipMs, async (b) => {
    await b.lookAt(target.position.offset(0, 0.5, 0), true);
    // The server throws where it last heard the bot look, and a look goes out with the next physics tick: toss after it, not before.
    await once(b, 'physicsTick');
  });
  const id = ctx.itemId(item);
  const caught = pickedUpBy(ctx.bot, target, PICKUP_WAIT_MS);
  await ctx.call(`tossing ${count} ${item} to ${name}`, LIMITS.tossMs, (b) => b.toss(id, null, count));
  const taken = await caught;
  return `gave ${count} ${item.replace(/_/g, ' ')} to ${name}${taken ? '' : ` ${TOSSED_AT_FEET}`}`;
}

/** Tosses the items where the bot stands, for no one: "drop the dirt", "throw away the gravel". */
export async function dropItems(ctx: StepContext, item: string, count: number): Promise<string> {
  const held = ctx.count(item);
  if (held < count) throw new MinecraftError(MC_CODES.missingItems, `I have ${held} ${item.replace(/_/g, ' ')}, not ${count}`, { retryable: false, hint: 'ask me what I have, then say how many to drop' });
  const id = ctx.itemId(item);
  // Thrown ahead, level: it lands a few blocks off, out of the bot's own reach (at its feet, it would take them back).
  await ctx.call('looking ahead', LIMITS.equipMs, async (b) => {
    await b.look(b.entity.yaw, 0, true);
    await once(b, 'physicsTick');
  });
  await ctx.call(`dropping ${count} ${item}`, LIMITS.tossMs, (b) => b.toss(id, null, count));
  return `dropped ${count} ${item.replace(/_/g, ' ')} at ${where(position(ctx.bot.entity.position))}`;
}

/** Follows a player until told to stop: the goal stays set and moves with them. */
export function followPlayer(ctx: StepContext, name: string): string {
  const target = playerEntity(ctx.bot, name);
  ctx.actions += 1;
  ctx.bot.pathfinder.setGoal(new goals.GoalFollow(target, NEAR), true);
  return `following ${name}; say "stop" to make me stop`;
}
