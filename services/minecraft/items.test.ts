import { describe, expect, it } from 'vitest';
import { sameKindHeld, saidWithoutMaterial } from './items.js';

describe('items said without their material', () => {
  it('are those whose material the words do not say', () => {
    expect(saidWithoutMaterial('wooden_pickaxe', 'give me your pickaxe')).toBe(true);
    expect(saidWithoutMaterial('oak_log', 'give me all your logs')).toBe(true);
    expect(saidWithoutMaterial('wooden_pickaxe', 'give me your wooden pickaxe')).toBe(false);
    expect(saidWithoutMaterial('wooden_pickaxe', 'give me your wood pickaxe')).toBe(false);
    expect(saidWithoutMaterial('golden_sword', 'drop the gold sword')).toBe(false);
    expect(saidWithoutMaterial('oak_log', 'give alice 5 oak logs')).toBe(false);
    // Of no kind that comes in materials.
    expect(saidWithoutMaterial('cobblestone', 'give me your cobblestone')).toBe(false);
    expect(saidWithoutMaterial('rotten_flesh', 'drop the flesh')).toBe(false);
    // Food said as such: any food.
    expect(saidWithoutMaterial('bread', 'give me some food')).toBe(true);
    expect(saidWithoutMaterial('bread', 'give alice something to eat')).toBe(true);
    expect(saidWithoutMaterial('bread', 'give me your bread')).toBe(false);
  });
});

describe('another item of the same kind held', () => {
  it('is the best tool, else the one held most of, and none when none is held', () => {
    expect(sameKindHeld({ stone_pickaxe: 1, iron_pickaxe: 1, dirt: 30 }, 'wooden_pickaxe')).toBe('iron_pickaxe');
    expect(sameKindHeld({ birch_log: 3, spruce_log: 12, stripped_oak_log: 40 }, 'oak_log')).toBe('spruce_log');
    expect(sameKindHeld({ stone_pickaxe: 0, dirt: 3 }, 'wooden_pickaxe')).toBeUndefined();
    const foods = { bread: { foodPoints: 5 }, apple: { foodPoints: 4 }, cooked_beef: { foodPoints: 8 } };
    expect(sameKindHeld({ apple: 9, cooked_beef: 1, dirt: 3 }, 'bread', foods)).toBe('cooked_beef');
    expect(sameKindHeld({ dirt: 3 }, 'bread', foods)).toBeUndefined();
  });
});
