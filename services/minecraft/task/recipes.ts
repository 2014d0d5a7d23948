import minecraftData from 'minecraft-data';
import type { Inventory } from './state.js';

/** One way to craft an item, in item names. */
export interface Recipe {
  /** Index in minecraft-data's list for the item. */
  index: number;
  /** Items one craft consumes. */
  ingredients: Inventory;
  /** Items one craft makes. */
  makes: number;
  /** Needs the 3×3 grid of a crafting table. */
  table: boolean;
}

/** Tool tiers from the least; a tool of a tier also does what the lesser ones do. */
const TIERS = ['wooden', 'stone', 'iron', 'golden', 'diamond', 'netherite'];

/** What minecraft-data tells about items, blocks and recipes of one version, in names. */
export class GameData {
  readonly version: string;
  readonly data: minecraftData.IndexedData;

  constructor(version: string) {
    const data = minecraftData(version);
    if (!data) throw new Error(`minecraft-data has no version ${version}`);
    this.version = version;
    this.data = data;
  }

  isItem(name: string): boolean {
    return this.data.itemsByName[name] !== undefined;
  }

  /** The recipes of an item, in minecraft-data's order. */
  recipes(item: string): Recipe[] {
    const id = this.data.itemsByName[item]?.id;
    if (id === undefined) return [];
    const raw = (this.data.recipes[id] ?? []) as Array<{ inShape?: Array<Array<number | null>>; ingredients?: Array<number | null>; result: { count: number } }>;
    return raw.map((r, index) => {
      const ids = r.inShape ? r.inShape.flat() : (r.ingredients ?? []);
      const ingredients: Inventory = {};
      for (const i of ids) {
        if (i === null || i === undefined) continue;
        const name = this.data.items[i]?.name;
        if (name) ingredients[name] = (ingredients[name] ?? 0) + 1;
      }
      const rows = r.inShape?.length ?? 0;
      const cols = r.inShape ? Math.max(...r.inShape.map((row) => row.length)) : 0;
      const table = r.inShape ? rows > 2 || cols > 2 : ids.filter((i) => i !== null).length > 4;
      return { index, ingredients, makes: r.result.count, table };
    });
  }

  /** Blocks whose drops include the item. */
  blocksDropping(item: string): string[] {
    const id = this.data.itemsByName[item]?.id;
    if (id === undefined) return [];
    return this.data.blocksArray
      .filter((b) => (b.drops as Array<number | { drop: number | { id: number } }>).some((d) => (typeof d === 'number' ? d : typeof d.drop === 'number' ? d.drop : d.drop.id) === id))
      .map((b) => b.name);
  }

  /** The least tool that harvests a block, or undefined when a hand does. */
  leastTool(block: string): string | undefined {
    const tools = this.data.blocksByName[block]?.harvestTools;
    if (!tools) return undefined;
    const names = Object.keys(tools).map((id) => this.data.items[Number(id)]?.name).filter((n): n is string => n !== undefined);
    return names.sort((a, b) => tier(a) - tier(b))[0];
  }

  /** Whether a tool in the inventory harvests the block (or none is needed). */
  canHarvest(block: string, inventory: Inventory): boolean {
    const tools = this.data.blocksByName[block]?.harvestTools;
    if (!tools) return true;
    return Object.keys(tools).some((id) => (inventory[this.data.items[Number(id)]?.name ?? ''] ?? 0) > 0);
  }

  /** Whether the inventory holds this tool or a better one of its kind. */
  hasToolAtLeast(tool: string, inventory: Inventory): boolean {
    const kind = tool.split('_').slice(1).join('_');
    const least = tier(tool);
    return Object.entries(inventory).some(([name, n]) => n > 0 && name.endsWith(`_${kind}`) && TIERS.includes(name.split('_')[0]!) && tier(name) >= least);
  }
}

function tier(tool: string): number {
  const i = TIERS.indexOf(tool.split('_')[0] ?? '');
  return i < 0 ? TIERS.length : i;
}
