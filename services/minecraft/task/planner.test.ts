import { describe, expect, it } from 'vitest';
import { GuideRetriever, loadGuides } from './guides.js';
import { Planner } from './planner.js';
import { GameData } from './recipes.js';
import type { Inventory, PlanStep } from './state.js';

const data = new GameData('1.21.4');
const planner = new Planner(data, new GuideRetriever(loadGuides()));

function plan(item: string, count: number, inventory: Inventory = {}, nearby: { table?: boolean; furnace?: boolean; wood?: string[] } = {}): PlanStep[] {
  return planner.plan(item, count, { inventory, craftingTableNearby: nearby.table ?? false, furnaceNearby: nearby.furnace ?? false, ...(nearby.wood ? { nearbyWood: nearby.wood } : {}) }).steps;
}

function labels(steps: PlanStep[]): string[] {
  return steps.map((s) => ('count' in s ? `${s.label} ×${s.count}` : s.label));
}

/** Plays a plan on an inventory, checking each step has what it needs; returns the end inventory. */
function simulate(steps: PlanStep[], start: Inventory, nearby: { table?: boolean; furnace?: boolean } = {}): Inventory {
  const inv: Inventory = { ...start };
  const placed = new Set<string>([...(nearby.table ? ['crafting_table'] : []), ...(nearby.furnace ? ['furnace'] : [])]);
  const take = (item: string, n: number) => {
    expect(inv[item] ?? 0, `${n} ${item} needed`).toBeGreaterThanOrEqual(n);
    inv[item] = (inv[item] ?? 0) - n;
  };
  for (const step of steps) {
    switch (step.kind) {
      case 'mine':
        if (step.tool) expect(data.canHarvest(step.blocks[0]!, inv), `a tool for ${step.blocks[0]}`).toBe(true);
        inv[step.item] = (inv[step.item] ?? 0) + step.count;
        break;
      case 'hunt':
        inv[step.item] = (inv[step.item] ?? 0) + step.count;
        break;
      case 'craft':
        if (step.table) expect(placed.has('crafting_table'), `a crafting table for ${step.item}`).toBe(true);
        for (const [k, n] of Object.entries(step.ingredients)) take(k, n);
        inv[step.item] = (inv[step.item] ?? 0) + step.count;
        break;
      case 'smelt':
        expect(placed.has('furnace')).toBe(true);
        take(step.input, step.count);
        take(step.fuel, step.fuelCount);
        inv[step.item] = (inv[step.item] ?? 0) + step.count;
        break;
      case 'place':
        take(step.block, 1);
        placed.add(step.block);
        break;
    }
  }
  return inv;
}

describe('planner on minecraft-data 1.21.4', () => {
  it('plans a stone pickaxe from nothing: logs, planks, sticks, a table placed, a wooden pickaxe, stone, the stone pickaxe', () => {
    const steps = plan('stone_pickaxe', 1);
    expect(labels(steps)).toEqual([
      'mine oak_log ×3',
      'craft oak_planks ×12',
      'craft stick ×4',
      'craft crafting_table ×1',
      'place crafting_table',
      'craft wooden_pickaxe ×1',
      'mine stone ×3',
      'craft stone_pickaxe ×1',
    ]);
    const mineStone = steps.find((s) => s.label === 'mine stone');
    expect(mineStone).toMatchObject({ item: 'cobblestone', tool: 'wooden_pickaxe' });
    expect(simulate(steps, {})['stone_pickaxe']).toBe(1);
  });

  it('uses what the bot has: a wooden pickaxe and sticks held and a table nearby leave only stone and the craft', () => {
    const steps = plan('stone_pickaxe', 1, { wooden_pickaxe: 1, stick: 2 }, { table: true });
    expect(labels(steps)).toEqual(['mine stone ×3', 'craft stone_pickaxe ×1']);
  });

  it('places a crafting table it carries rather than crafting one', () => {
    const steps = plan('stone_pickaxe', 1, { wooden_pickaxe: 1, stick: 2, crafting_table: 1, cobblestone: 3 });
    expect(labels(steps)).toEqual(['place crafting_table', 'craft stone_pickaxe ×1']);
  });

  it('plans nothing when the goal is already held', () => {
    expect(plan('torch', 4, { torch: 9 })).toEqual([]);
  });

  it('plans torches from nothing with coal mined by a wooden pickaxe, and from held coal with no pickaxe at all', () => {
    const empty = plan('torch', 4);
    expect(labels(empty)).toContain('mine coal_ore ×1');
    expect(empty.find((s) => s.kind === 'craft' && s.item === 'torch')).toMatchObject({ count: 4, table: false });
    expect(simulate(empty, {})['torch']).toBe(4);
    const partial = plan('torch', 8, { coal: 2, oak_planks: 1 });
    expect(labels(partial)).toEqual(['mine oak_log ×1', 'craft oak_planks ×4', 'craft stick ×4', 'craft torch ×8']);
    expect(simulate(partial, { coal: 2, oak_planks: 1 })['torch']).toBe(8);
  });

  it('plans a furnace: eight cobblestone at a crafting table', () => {
    const steps = plan('furnace', 1);
    expect(steps.find((s) => s.label === 'mine stone')).toMatchObject({ count: 8 });
    expect(steps.at(-1)).toMatchObject({ kind: 'craft', item: 'furnace', table: true });
    expect(simulate(steps, {})['furnace']).toBe(1);
    const partial = plan('furnace', 1, { cobblestone: 5, wooden_pickaxe: 1 }, { table: true });
    expect(labels(partial)).toEqual(['mine stone ×3', 'craft furnace ×1']);
  });

  it('plans an iron sword: a stone pickaxe for the ore, a furnace placed, raw iron smelted, then the sword', () => {
    const steps = plan('iron_sword', 1);
    const order = labels(steps);
    expect(order.indexOf('craft stone_pickaxe ×1')).toBeLessThan(order.indexOf('mine iron_ore ×2'));
    expect(order.indexOf('place furnace')).toBeLessThan(order.indexOf('smelt raw_iron ×2'));
    expect(order.at(-1)).toBe('craft iron_sword ×1');
    expect(steps.find((s) => s.kind === 'smelt')).toMatchObject({ input: 'raw_iron', item: 'iron_ingot', count: 2 });
    expect(simulate(steps, {})['iron_sword']).toBe(1);
  });

  it('plans an iron sword from a partial inventory: iron ingots held and a table nearby need only a stick', () => {
    const steps = plan('iron_sword', 1, { iron_ingot: 2, oak_planks: 2 }, { table: true });
    expect(labels(steps)).toEqual(['craft stick ×4', 'craft iron_sword ×1']);
  });

  it('keeps to the wood the bot has or sees', () => {
    expect(labels(plan('stick', 4, { birch_log: 1 }))).toEqual(['craft birch_planks ×4', 'craft stick ×4']);
    expect(labels(plan('crafting_table', 1, {}, { wood: ['spruce'] }))[0]).toBe('mine spruce_log ×1');
  });

  it('uses another recipe when told to avoid one', () => {
    const first = plan('stick', 4, { oak_planks: 2 });
    const craft = first.find((s) => s.kind === 'craft' && s.item === 'stick');
    expect(craft?.kind).toBe('craft');
    const other = planner.plan('stick', 4, { inventory: { oak_planks: 2 }, craftingTableNearby: false, furnaceNearby: false, avoidRecipes: { stick: [craft!.kind === 'craft' ? craft!.recipe : -1] } }).steps;
    const otherCraft = other.find((s) => s.kind === 'craft' && s.item === 'stick');
    expect(otherCraft && otherCraft.kind === 'craft' ? otherCraft.recipe : undefined).not.toBe(craft!.kind === 'craft' ? craft!.recipe : undefined);
  });

  it('names the guides it used, and refuses items it does not know', () => {
    expect(planner.plan('iron_sword', 1, { inventory: {}, craftingTableNearby: false, furnaceNearby: false }).guides.sort()).toEqual(['ores', 'smelting', 'stone', 'wood']);
    expect(() => plan('stone_pickax', 1)).toThrow(expect.objectContaining({ code: 'MC_ERR_UNKNOWN_ITEM' }));
  });
});

describe('plan order', () => {
  it('never crafts before what the craft needs is there, whatever the inventory', () => {
    for (const start of <Inventory[]>[{ oak_log: 2 }, { oak_planks: 5 }, { stick: 1, oak_log: 1 }, { cobblestone: 2, oak_planks: 3 }, { crafting_table: 1 }]) {
      const steps = plan('stone_pickaxe', 1, start);
      expect(simulate(steps, start)['stone_pickaxe'], JSON.stringify(start)).toBe(1);
    }
    for (const start of <Inventory[]>[{ coal: 1 }, { raw_iron: 1, furnace: 1 }, { iron_ingot: 1, stick: 1 }, { cobblestone: 8 }]) {
      const steps = plan('iron_sword', 1, start);
      expect(simulate(steps, start)['iron_sword'], JSON.stringify(start)).toBe(1);
    }
  });
});
