import minecraftData from 'minecraft-data';
import type { EntityValue } from '../../core/plugin/hints.js';
import { plural } from '../../core/util/text.js';


function withPlural(name: string): string[] {
  const words = name.split(' ');
  const last = words.pop()!;
  return [name, [...words, plural(last)].join(' ')];
}

/** Items people name without their material, and the item they most likely mean. */
const GENERIC: Record<string, string> = {
  planks: 'oak_planks',
  plank: 'oak_planks',
  wood: 'oak_log',
  log: 'oak_log',
  logs: 'oak_log',
  wool: 'white_wool',
  bed: 'red_bed',
  boat: 'oak_boat',
  door: 'oak_door',
  fence: 'oak_fence',
  sign: 'oak_sign',
  button: 'stone_button',
  slab: 'stone_slab',
  stairs: 'stone_stairs',
  sapling: 'oak_sapling',
  pick: 'wooden_pickaxe',
  'wood pickaxe': 'wooden_pickaxe',
  'wood sword': 'wooden_sword',
  'wood axe': 'wooden_axe',
  'wood shovel': 'wooden_shovel',
  'wood planks': 'oak_planks',
  'wooden planks': 'oak_planks',
  pickaxe: 'wooden_pickaxe',
  sword: 'wooden_sword',
  axe: 'wooden_axe',
  shovel: 'wooden_shovel',
  hoe: 'wooden_hoe',
  iron: 'iron_ingot',
  gold: 'gold_ingot',
  copper: 'copper_ingot',
  netherite: 'netherite_ingot',
  cobble: 'cobblestone',
  workbench: 'crafting_table',
  'crafting bench': 'crafting_table',
  'work bench': 'crafting_table',
  steak: 'cooked_beef',
  'cooked steak': 'cooked_beef',
  porkchop: 'porkchop',
  'pork chop': 'porkchop',
  'cooked pork chop': 'cooked_porkchop',
  meat: 'cooked_beef',
  // "Bring me some food": bread, unless the bot holds other food (see sameKindHeld).
  food: 'bread',
  'something to eat': 'bread',
  // "Chop down some trees": what a tree gives.
  tree: 'oak_log',
  // "A bucket of water": the filled bucket, not an empty one.
  'bucket of water': 'water_bucket',
  'buckets of water': 'water_bucket',
  'bucket of milk': 'milk_bucket',
  'buckets of milk': 'milk_bucket',
  'bucket of lava': 'lava_bucket',
  'buckets of lava': 'lava_bucket',
  // "Get me some milk", "I need water": only a bucket holds them.
  milk: 'milk_bucket',
  water: 'water_bucket',
  lava: 'lava_bucket',
};

/** Materials as people say them, for tools: "a stone pick", "a gold sword", "an iron pickaxe". */
const MATERIALS: Record<string, string> = { wood: 'wooden', wooden: 'wooden', stone: 'stone', iron: 'iron', gold: 'golden', golden: 'golden', diamond: 'diamond', netherite: 'netherite' };
for (const [said, material] of Object.entries(MATERIALS)) {
  GENERIC[`${said} pick`] = `${material}_pickaxe`;
  for (const tool of ['pickaxe', 'sword', 'axe', 'shovel', 'hoe']) GENERIC[`${said} ${tool}`] ??= `${material}_${tool}`;
}

/** Every item of a Minecraft version, with its id, spaced, display and plural forms. */
export function itemValues(version: string): EntityValue[] {
  const data = minecraftData(version);
  if (!data) throw new Error(`minecraft-data has no version ${version}`);
  const values = new Map<string, Set<string>>();
  for (const item of data.itemsArray) {
    if (item.name === 'air') continue;
    const names = new Set<string>();
    for (const form of [item.name.replace(/_/g, ' '), item.displayName.toLowerCase()]) {
      for (const n of withPlural(form)) names.add(n);
    }
    names.add(item.name);
    values.set(item.name, names);
  }
  for (const [name, id] of Object.entries(GENERIC)) {
    const target = values.get(id);
    if (target) for (const n of withPlural(name)) target.add(n);
  }
  return [...values].map(([value, names]) => ({ value, names: [...names] }));
}

/** What an item is made of, as its id says it first ("stone" of stone_pickaxe, "oak" of oak_log), and the words people say for it. */
function materialWords(item: string): string[] {
  const first = item.split('_')[0]!;
  return [first, ...Object.entries(MATERIALS).filter(([, m]) => m === first).map(([said]) => said)];
}

/** Food said as such: any food would do. */
const FOOD_SAID = /\b(?:food|something\s+to\s+eat)\b/i;

/** Items said without what they are made of ("your pickaxe", "all your logs", "some food"): any of their kind would do. */
export function saidWithoutMaterial(item: string, text: string): boolean {
  if (item === GENERIC['food'] && FOOD_SAID.test(text)) return true;
  if (!item.includes('_') || !GENERIC_KINDS.has(item.slice(item.indexOf('_') + 1))) return false;
  const words = new Set(text.toLowerCase().split(/[^a-z]+/));
  return !materialWords(item).some((w) => words.has(w));
}

/** Kinds of item whose maker comes first in their id, as "pickaxe" of wooden_pickaxe or "log" of oak_log. */
const GENERIC_KINDS: ReadonlySet<string> = new Set(['pickaxe', 'sword', 'axe', 'shovel', 'hoe', 'planks', 'log', 'wool', 'bed', 'boat', 'door', 'fence', 'sign', 'sapling']);
/** Tools' materials, best first (gold is soft: it lasts least). */
const TIERS = ['netherite', 'diamond', 'iron', 'stone', 'golden', 'wooden'];

/**
 * Another item of the same kind as `item` that an inventory holds: of tools, the best ("your
 * pickaxe", the bot holding a stone and an iron one: the iron one); of food (`foods`, by how
 * much each feeds), the most filling; else the one held most of. Undefined when it holds none.
 */
export function sameKindHeld(inventory: Readonly<Record<string, number>>, item: string, foods: Readonly<Record<string, { foodPoints: number }>> = {}): string | undefined {
  if (foods[item] !== undefined) {
    const fed = Object.entries(inventory).filter(([name, n]) => n > 0 && name !== item && foods[name] !== undefined);
    fed.sort(([a, x], [b, y]) => foods[b]!.foodPoints - foods[a]!.foodPoints || y - x || (a < b ? -1 : 1));
    return fed[0]?.[0];
  }
  const kind = item.slice(item.indexOf('_') + 1);
  const tier = (name: string) => {
    const at = TIERS.indexOf(name.split('_')[0]!);
    return at < 0 ? TIERS.length : at;
  };
  const held = Object.entries(inventory).filter(([name, n]) => n > 0 && name !== item && name.includes('_') && name.slice(name.indexOf('_') + 1) === kind);
  held.sort(([a, x], [b, y]) => tier(a) - tier(b) || y - x || (a < b ? -1 : 1));
  return held[0]?.[0];
}
