import minecraftData from 'minecraft-data';
import { describe, expect, it } from 'vitest';
import { craftingResult } from './recipes.js';

const registry = minecraftData('1.21.4');
const id = (name: string) => registry.itemsByName[name]!.id;
const name = (result: { id: number } | null) => (result ? registry.items[result.id]!.name : null);

describe('crafting results from minecraft-data', () => {
  it('a shapeless recipe in any slot of the 2×2 grid', () => {
    for (let slot = 0; slot < 4; slot++) {
      const grid = [null, null, null, null] as Array<number | null>;
      grid[slot] = id('oak_log');
      expect(craftingResult(registry, grid, 2)).toEqual({ id: id('oak_planks'), count: 4 });
    }
  });

  it('a shaped recipe anywhere in the grid, and mirrored', () => {
    const p = id('oak_planks');
    expect(name(craftingResult(registry, [p, null, p, null], 2))).toBe('stick');
    expect(name(craftingResult(registry, [null, p, null, p], 2))).toBe('stick');
    expect(name(craftingResult(registry, [null, null, null, null, null, p, null, null, p], 3))).toBe('stick');
    expect(name(craftingResult(registry, [p, p, p, p], 2))).toBe('crafting_table');
    const s = id('stick');
    const c = id('cobblestone');
    expect(craftingResult(registry, [c, c, c, null, s, null, null, s, null], 3)).toEqual({ id: id('stone_pickaxe'), count: 1 });
    // An axe is not symmetric: its mirror image crafts it too.
    expect(name(craftingResult(registry, [p, p, null, p, s, null, null, s, null], 3))).toBe('wooden_axe');
    expect(name(craftingResult(registry, [null, p, p, null, s, p, null, s, null], 3))).toBe('wooden_axe');
  });

  it('two planks in a row make a pressure plate; nothing for a wrong shape, a stray item or an empty grid', () => {
    const p = id('oak_planks');
    expect(name(craftingResult(registry, [p, p, null, null], 2))).toBe('oak_pressure_plate');
    expect(craftingResult(registry, [p, null, null, p], 2)).toBeNull();
    expect(craftingResult(registry, [p, null, p, id('dirt')], 2)).toBeNull();
    expect(craftingResult(registry, [null, null, null, null], 2)).toBeNull();
  });
});
