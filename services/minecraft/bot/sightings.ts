import type { Bot } from 'mineflayer';
import { Vec3 } from 'vec3';
import type { GameData } from '../task/recipes.js';
import { position } from './calls.js';
import { findBlocks } from './find-blocks.js';
import type { BlockLookup, KnownPlaces } from './known-places.js';

/** How far the bot looks for places worth remembering when it looks around. */
export const SIGHT_RANGE = 16;
/** Of each kind, the nearest this many are recorded per look. */
const PER_KIND = 4;

/** The dimension the bot is in, e.g. `overworld`. */
export function dimensionOf(bot: Bot): string {
  return String((bot.game as { dimension?: unknown }).dimension ?? 'overworld').replace(/^minecraft:/, '');
}

/** What is at a block, from the bot's loaded chunks (undefined where none is loaded). */
export function blockLookup(bot: Bot): BlockLookup {
  return (at) => bot.blockAt(new Vec3(at.x, at.y, at.z))?.name;
}

/**
 * Records the crafting tables, furnaces, chests and beds in sight. A bed is two blocks;
 * both are remembered as a `bed`, so that looking for one finds the nearest half.
 */
export async function recordSightings(bot: Bot, data: GameData, known: KnownPlaces): Promise<void> {
  if (!known.memory) return;
  const dimension = dimensionOf(bot);
  const kinds: Array<{ what: string; ids: number[] }> = [
    { what: 'crafting_table', ids: idsOf(data, (n) => n === 'crafting_table') },
    { what: 'furnace', ids: idsOf(data, (n) => n === 'furnace') },
    { what: 'chest', ids: idsOf(data, (n) => n === 'chest') },
    { what: 'bed', ids: idsOf(data, (n) => n.endsWith('_bed')) },
  ];
  for (const { what, ids } of kinds) {
    for (const at of findBlocks(bot, ids, SIGHT_RANGE, PER_KIND)) await known.seen(what, position(at), dimension);
  }
}

function idsOf(data: GameData, match: (name: string) => boolean): number[] {
  return data.data.blocksArray.filter((b) => match(b.name)).map((b) => b.id);
}
