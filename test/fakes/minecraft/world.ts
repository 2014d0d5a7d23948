import type { IndexedData } from 'minecraft-data';
import { Vec3 } from 'vec3';
import { chunkClass } from './loaders.js';
import type { SquidGeneration } from './squid.js';

/**
 * The prepared test world: flat grass over dirt over stone, with oak trees and a stone hill
 * near the spawn point, so that a bot with an empty inventory can get logs, then (with a
 * wooden pickaxe) cobblestone, within a few blocks of where it appears.
 */

/** The top of the ground; players stand on it at `GROUND_Y + 1`. */
export const GROUND_Y = 4;

/** Where every player appears (and reappears after death). */
export const SPAWN = { x: 0.5, y: GROUND_Y + 1, z: 0.5 } as const;

/** The bases of the oak trunks (the first log block). */
export const TREES: ReadonlyArray<{ x: number; z: number }> = [
  { x: -6, z: -5 },
  { x: -6, z: 5 },
  { x: -11, z: 0 },
  { x: 3, z: -9 },
  { x: 3, z: 9 },
];

const TRUNK_HEIGHT = 5;

/** The stone hill: a stepped mound whose every layer is exposed. */
export const STONE_HILL = { x: 9, z: 0, radius: 3, height: 3 } as const;

/** Blocks above the ground, by column (`x,z`) then height. */
type Features = Map<string, Map<number, string>>;

const column = (x: number, z: number): string => `${x},${z}`;

function place(features: Features, x: number, y: number, z: number, name: string): void {
  const at = column(x, z);
  const blocks = features.get(at) ?? new Map<number, string>();
  blocks.set(y, name);
  features.set(at, blocks);
}

function features(): Features {
  const placed: Features = new Map();
  for (const tree of TREES) {
    const top = GROUND_Y + TRUNK_HEIGHT;
    // Leaves first, so that the trunk overwrites them; two blocks of air stay under them.
    for (let y = top - 2; y <= top + 1; y++) {
      const radius = y >= top ? 1 : 2;
      for (let dx = -radius; dx <= radius; dx++) {
        for (let dz = -radius; dz <= radius; dz++) {
          if (Math.abs(dx) === radius && Math.abs(dz) === radius && radius === 2) continue;
          place(placed, tree.x + dx, y, tree.z + dz, 'oak_leaves');
        }
      }
    }
    for (let y = GROUND_Y + 1; y <= top; y++) place(placed, tree.x, y, tree.z, 'oak_log');
  }
  for (let level = 0; level < STONE_HILL.height; level++) {
    const radius = STONE_HILL.radius - level;
    for (let dx = -radius; dx <= radius; dx++) {
      for (let dz = -radius; dz <= radius; dz++) {
        place(placed, STONE_HILL.x + dx, GROUND_Y + 1 + level, STONE_HILL.z + dz, 'stone');
      }
    }
  }
  return placed;
}

function groundAt(y: number): string | undefined {
  if (y === 0) return 'bedrock';
  if (y < GROUND_Y - 1) return 'stone';
  if (y < GROUND_Y) return 'dirt';
  if (y === GROUND_Y) return 'grass_block';
  return undefined;
}

/** flying-squid generation: `(options) => (chunkX, chunkZ) => Chunk`. */
export const preparedWorld: SquidGeneration = ({ registry }) => {
  const Chunk = chunkClass(registry);
  const state = stateIds(registry);
  const placed = features();
  const plains = registry.biomesByName['plains']!.id;
  const top = GROUND_Y + TRUNK_HEIGHT + 2;

  return (chunkX: number, chunkZ: number) => {
    // Only the lowest blocks are set (air is the default) and biomes per 4×4×4 cell, as the
    // chunk stores them: start-up time is mostly chunk generation. Light stays unset: a bot
    // does not see it.
    const chunk = new Chunk();
    const position = new Vec3(0, 0, 0);
    for (let x = 0; x < 16; x++) {
      for (let z = 0; z < 16; z++) {
        const above = placed.get(column(chunkX * 16 + x, chunkZ * 16 + z));
        for (let y = 0; y <= top; y++) {
          const name = above?.get(y) ?? groundAt(y);
          if (name === undefined) continue;
          position.set(x, y, z);
          chunk.setBlockStateId(position, state(name));
        }
      }
    }
    for (let x = 0; x < 16; x += 4) {
      for (let z = 0; z < 16; z += 4) {
        for (let y = 0; y <= top + 4; y += 4) chunk.setBiome(position.set(x, y, z), plains);
      }
    }
    return chunk;
  };
};

function stateIds(registry: IndexedData): (name: string) => number {
  const cache = new Map<string, number>();
  return (name) => {
    const known = cache.get(name);
    if (known !== undefined) return known;
    const id = stateIdOf(registry, name);
    cache.set(name, id);
    return id;
  };
}

function stateIdOf(registry: IndexedData, name: string): number {
  const block = registry.blocksByName[name];
  if (!block) throw new Error(`the prepared world uses '${name}', which Minecraft ${registry.version.minecraftVersion} does not have`);
  // Persistent leaves, as a player would have placed them: they never decay.
  if (name === 'oak_leaves') return stateWith(block, { persistent: true }) ?? block.defaultState!;
  return block.defaultState!;
}

type BlockData = NonNullable<IndexedData['blocksByName'][string]>;

function stateWith(block: BlockData, wanted: Record<string, boolean>): number | undefined {
  const states = block.states;
  if (!states || block.minStateId === undefined || block.defaultState === undefined) return undefined;
  // State ids enumerate the properties with the last one varying fastest.
  let offset = block.defaultState - block.minStateId;
  const values: number[] = [];
  for (let i = states.length - 1; i >= 0; i--) {
    const count = states[i]!.num_values;
    values[i] = offset % count;
    offset = Math.floor(offset / count);
  }
  states.forEach((property, i) => {
    if (property.name in wanted && property.type === 'bool') values[i] = wanted[property.name] ? 0 : 1;
  });
  let id = 0;
  states.forEach((property, i) => {
    id = id * property.num_values + values[i]!;
  });
  return block.minStateId + id;
}
