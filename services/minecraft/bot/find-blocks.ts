import type { Bot } from 'mineflayer';
import { Vec3 } from 'vec3';

interface SectionLike {
  palette?: number[];
  data?: { value?: number; palette?: number[] };
}

/**
 * The block state ids a chunk section may hold, when its palette tells (undefined = any).
 * mineflayer's own search reads only an older palette layout, so from 1.18 on it scans every
 * section block by block (seconds for a radius of 32); this reads the newer one too.
 */
function paletteOf(section: SectionLike | null | undefined): number[] | undefined | null {
  if (!section) return null;
  if (typeof section.data?.value === 'number') return [section.data.value];
  if (Array.isArray(section.data?.palette)) return section.data.palette;
  if (Array.isArray(section.palette)) return section.palette;
  return undefined;
}

/** The nearest blocks of the given types within a distance (that `accept` takes, if given), nearest first. */
export function findBlocks(bot: Bot, blockIds: readonly number[], maxDistance: number, count: number, accept?: (at: Vec3) => boolean): Vec3[] {
  const registry = bot.registry;
  const states = new Set<number>();
  for (const id of blockIds) {
    const block = registry.blocks[id];
    if (!block) continue;
    const min = block.minStateId ?? id;
    const max = block.maxStateId ?? id;
    for (let s = min; s <= max; s++) states.add(s);
  }
  if (states.size === 0) return [];
  const origin = bot.entity.position.floored();
  const game = bot.game as unknown as { minY?: number; height?: number };
  const minY = game.minY ?? 0;
  const sections = (game.height ?? 256) >> 4;
  const r = Math.ceil(maxDistance / 16);
  const cx = origin.x >> 4;
  const cz = origin.z >> 4;
  const found: Vec3[] = [];
  const cursor = new Vec3(0, 0, 0);
  for (let dx = -r; dx <= r; dx++) {
    for (let dz = -r; dz <= r; dz++) {
      const column = bot.world.getColumn(cx + dx, cz + dz) as unknown as { sections?: SectionLike[] } | null;
      if (!column?.sections) continue;
      for (let sy = 0; sy < sections; sy++) {
        const baseY = minY + sy * 16;
        if (baseY + 15 < origin.y - maxDistance || baseY > origin.y + maxDistance) continue;
        const palette = paletteOf(column.sections[sy]);
        if (palette === null) continue;
        if (palette && !palette.some((s) => states.has(s))) continue;
        const bx = (cx + dx) * 16;
        const bz = (cz + dz) * 16;
        for (let x = 0; x < 16; x++) {
          for (let y = 0; y < 16; y++) {
            for (let z = 0; z < 16; z++) {
              cursor.set(bx + x, baseY + y, bz + z);
              if (cursor.distanceTo(origin) > maxDistance) continue;
              const state = bot.world.getBlockStateId(cursor);
              if (state !== undefined && states.has(state) && (!accept || accept(cursor))) found.push(cursor.clone());
            }
          }
        }
      }
    }
  }
  return found.sort((a, b) => a.distanceTo(origin) - b.distanceTo(origin)).slice(0, count);
}
