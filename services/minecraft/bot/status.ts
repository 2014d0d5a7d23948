import type { Bot } from 'mineflayer';
import type { Inventory, Position } from '../task/state.js';
import { inventoryOf, position } from './calls.js';

/** What `status` reports. */
export interface BotReport {
  username: string;
  health: number;
  food: number;
  position: Position;
  dimension: string;
  inventory: Inventory;
  /** Kinds of blocks within a few blocks, the most common first, with their counts. */
  nearbyBlocks: Array<{ name: string; count: number }>;
  /** Players and mobs within 16 blocks, the nearest first. */
  nearbyEntities: Array<{ name: string; kind: string; distance: number }>;
  /** What it is busy with, if anything. */
  activity: string;
  /** The time of day in the game, on its own clock ("18:30", day starting at 06:00), and whether it is day there. */
  time?: { clock: string; day: boolean };
}

/** The game's time of day, from its ticks (0 to 24,000 a day, 0 being 06:00), on a 24-hour clock. */
export function gameClock(ticks: number): string {
  const minutes = Math.floor((((ticks % 24_000) + 24_000) % 24_000) * 0.06) + 6 * 60;
  const h = Math.floor(minutes / 60) % 24;
  return `${String(h).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const SCAN = 4;
const ENTITY_RANGE = 16;

/** A snapshot of the bot for `status`. */
export function report(bot: Bot, activity: string): BotReport {
  const here = bot.entity.position.floored();
  const counts = new Map<string, number>();
  for (let dx = -SCAN; dx <= SCAN; dx++) {
    for (let dy = -2; dy <= 2; dy++) {
      for (let dz = -SCAN; dz <= SCAN; dz++) {
        const name = bot.blockAt(here.offset(dx, dy, dz))?.name;
        if (name && name !== 'air' && name !== 'cave_air') counts.set(name, (counts.get(name) ?? 0) + 1);
      }
    }
  }
  const nearbyEntities = Object.values(bot.entities)
    .filter((e) => e !== bot.entity && e.position.distanceTo(bot.entity.position) <= ENTITY_RANGE)
    .map((e) => ({ name: e.type === 'player' ? (e.username ?? 'player') : (e.name ?? 'entity'), kind: e.type, distance: Math.round(e.position.distanceTo(bot.entity.position) * 10) / 10 }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 20);
  return {
    username: bot.username,
    health: Math.round(bot.health * 10) / 10,
    food: bot.food,
    position: position(bot.entity.position),
    dimension: String(bot.game.dimension),
    inventory: inventoryOf(bot),
    nearbyBlocks: [...counts].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([name, count]) => ({ name, count })),
    nearbyEntities,
    activity,
    ...(typeof bot.time?.timeOfDay === 'number' ? { time: { clock: gameClock(bot.time.timeOfDay), day: bot.time.isDay } } : {}),
  };
}

/** The status in one short paragraph. */
export function describe(r: BotReport): string {
  const items = Object.entries(r.inventory);
  const inv = items.length === 0 ? 'nothing' : items.map(([k, n]) => `${n} ${k.replace(/_/g, ' ')}`).join(', ');
  const near = r.nearbyEntities.filter((e) => e.kind === 'player' || e.kind === 'hostile' || e.kind === 'animal' || e.kind === 'passive').slice(0, 5).map((e) => e.name);
  const time = r.time ? ` It is ${r.time.day ? 'day' : 'night'} in the game (${r.time.clock}).` : '';
  return `Health ${r.health}/20, food ${r.food}/20, at ${r.position.x} ${r.position.y} ${r.position.z}; ${r.activity}. Carrying ${inv}.${near.length > 0 ? ` Nearby: ${near.join(', ')}.` : ''}${time}`;
}
