import { MC_CODES, MinecraftError } from '../errors.js';
import type { GuideRetriever } from './guides.js';
import type { GameData, Recipe } from './recipes.js';
import type { Inventory, PlanStep, Position } from './state.js';

/** What the planner knows about the bot and its surroundings. */
export interface PlanContext {
  inventory: Inventory;
  craftingTableNearby: boolean;
  furnaceNearby: boolean;
  /** Kinds of wood seen nearby, the nearest first ("oak", "birch"). */
  nearbyWood?: string[];
  /** Recipes not to use again, per item (set by reflection). */
  avoidRecipes?: Record<string, number[]>;
  /**
   * Stations the bot placed itself and remembers nearby. Asked for one, it picks that one up
   * rather than crafting a new one; a station someone else placed is never taken.
   */
  pickUp?: Partial<Record<'crafting_table' | 'furnace', Position>>;
}

export interface Planned {
  steps: PlanStep[];
  /** Ids of the guides the plan drew on. */
  guides: string[];
}

const WOODS = ['oak', 'spruce', 'birch', 'jungle', 'acacia', 'dark_oak', 'mangrove', 'cherry', 'pale_oak', 'bamboo', 'crimson', 'warped'];
/** Woods that do not grow on trees in the overworld; their recipes are a last resort. */
const RARE_WOODS = new Set(['bamboo', 'crimson', 'warped', 'pale_oak']);
const MAX_DEPTH = 12;
/** Items one piece of fuel smelts. */
const FUEL_VALUE: Record<string, number> = { coal: 8, charcoal: 8, coal_block: 80 };
const DEFAULT_FUEL_VALUE = 1.5;
/** How far a station the bot placed may be for it to go and pick it up (memory's range). */
const PICK_UP_RANGE = 64;

/** The wood an item is made of ("birch" for birch_planks), if any. */
export function woodOf(item: string): string | undefined {
  return WOODS.filter((w) => item.startsWith(`${w}_`) && /_(planks|log|wood|stem|hyphae|slab)$/.test(item)).sort((a, b) => b.length - a.length)[0];
}

interface Draft {
  inventory: Inventory;
  steps: PlanStep[];
  placed: Set<string>;
  guides: Set<string>;
}

function clone(d: Draft): Draft {
  return { inventory: { ...d.inventory }, steps: [...d.steps], placed: new Set(d.placed), guides: new Set(d.guides) };
}

/**
 * Builds the whole plan to have `count` of `item`: what to mine, hunt, craft and smelt, in
 * an order that gives every step what it needs, from minecraft-data's recipes, the guides,
 * and what the bot already has and sees. Throws a MinecraftError when there is no way.
 */
export class Planner {
  readonly #data: GameData;
  readonly #guides: GuideRetriever;

  constructor(data: GameData, guides: GuideRetriever) {
    this.#data = data;
    this.#guides = guides;
  }

  plan(item: string, count: number, ctx: PlanContext): Planned {
    if (!this.#data.isItem(item)) throw new MinecraftError(MC_CODES.unknownItem, `"${item}" is not a Minecraft ${this.#data.version} item`, { retryable: false, hint: 'use an item id such as stone_pickaxe or oak_log' });
    const draft: Draft = { inventory: { ...ctx.inventory }, steps: [], placed: new Set(), guides: new Set() };
    if (ctx.craftingTableNearby) draft.placed.add('crafting_table');
    if (ctx.furnaceNearby) draft.placed.add('furnace');
    const wood = this.#preferredWood(ctx);
    const planning = new Planning(this.#data, this.#guides, wood, ctx.avoidRecipes ?? {});
    const own = item === 'crafting_table' || item === 'furnace' ? ctx.pickUp?.[item] : undefined;
    if (own && (draft.inventory[item] ?? 0) < count) {
      draft.steps.push({ kind: 'mine', label: `pick up ${item}`, item, count: 1, blocks: [item], at: own, searchDistance: PICK_UP_RANGE });
      add(draft.inventory, item, 1);
    }
    planning.need(draft, item, count, []);
    return { steps: mergeSteps(draft.steps), guides: [...draft.guides] };
  }

  #preferredWood(ctx: PlanContext): string {
    const held = Object.entries(ctx.inventory)
      .filter(([, n]) => n > 0)
      .map(([name]) => woodOf(name))
      .find((w): w is string => w !== undefined);
    return held ?? ctx.nearbyWood?.[0] ?? 'oak';
  }
}

/** One planning run: the recursion over what is needed. */
class Planning {
  constructor(
    readonly data: GameData,
    readonly guides: GuideRetriever,
    readonly wood: string,
    readonly avoid: Record<string, number[]>,
  ) {}

  /** Takes `count` of `item` out of the draft's inventory, producing what is missing. */
  need(d: Draft, item: string, count: number, stack: string[]): void {
    const have = d.inventory[item] ?? 0;
    if (have < count) this.produce(d, item, count - have, stack);
    d.inventory[item] = (d.inventory[item] ?? 0) - count;
  }

  /** Adds steps that put at least `missing` more of `item` into the draft's inventory. */
  produce(d: Draft, item: string, missing: number, stack: string[]): void {
    if (stack.includes(item) || stack.length > MAX_DEPTH) throw new MinecraftError(MC_CODES.noRecipe, `no way to obtain ${item} that does not need ${item}`, { retryable: false });
    const path = [...stack, item];
    const mined = this.guides.source(item);
    if (mined) {
      d.guides.add(mined.guide.id);
      const blocks = mined.source.blocks;
      const tool = mined.source.tool ?? this.data.leastTool(blocks[0]!);
      this.ensureTool(d, tool, blocks[0]!, path);
      d.steps.push({ kind: 'mine', label: `mine ${blocks[0]}`, item, count: missing, blocks, ...(tool ? { tool } : {}), searchDistance: mined.source.search ?? 32 });
      add(d.inventory, item, missing);
      return;
    }
    const smelted = this.guides.smelting(item);
    if (smelted) {
      d.guides.add(smelted.guide.id);
      const input = smelted.smelting.input === 'oak_log' ? `${this.wood}_log` : smelted.smelting.input;
      this.need(d, input, missing, path);
      const fuel = this.fuel(d);
      const fuelCount = Math.ceil(missing / (FUEL_VALUE[fuel] ?? DEFAULT_FUEL_VALUE));
      this.need(d, fuel, fuelCount, path);
      this.station(d, 'furnace', path);
      d.steps.push({ kind: 'smelt', label: `smelt ${input}`, item, count: missing, input, fuel, fuelCount });
      add(d.inventory, item, missing);
      return;
    }
    const hunted = this.guides.hunting(item);
    if (hunted) {
      d.guides.add(hunted.guide.id);
      d.steps.push({ kind: 'hunt', label: `hunt ${hunted.hunting.mobs[0]}`, item, count: missing, mobs: hunted.hunting.mobs, searchDistance: hunted.hunting.search ?? 48 });
      add(d.inventory, item, missing);
      return;
    }
    const recipes = this.rank(d, this.data.recipes(item).filter((r) => !(this.avoid[item] ?? []).includes(r.index)));
    let last: unknown;
    for (const recipe of recipes) {
      const trial = clone(d);
      try {
        this.craft(trial, item, missing, recipe, path);
        Object.assign(d, trial);
        return;
      } catch (error) {
        if (!(error instanceof MinecraftError)) throw error;
        last = error;
      }
    }
    const blocks = this.data.blocksDropping(item);
    if (recipes.length === 0 && blocks.length > 0) {
      const block = blocks.includes(item) ? item : blocks[0]!;
      const tool = this.data.leastTool(block);
      this.ensureTool(d, tool, block, path);
      d.steps.push({ kind: 'mine', label: `mine ${block}`, item, count: missing, blocks: [block, ...blocks.filter((b) => b !== block)], ...(tool ? { tool } : {}), searchDistance: 32 });
      add(d.inventory, item, missing);
      return;
    }
    if (last) throw last;
    throw new MinecraftError(MC_CODES.noRecipe, `I know no way to obtain ${item}: it has no recipe, no source block and no guide`, { retryable: false, hint: 'add a guide for it, or give the bot some' });
  }

  craft(d: Draft, item: string, missing: number, recipe: Recipe, path: string[]): void {
    const times = Math.ceil(missing / recipe.makes);
    for (const [ingredient, n] of Object.entries(recipe.ingredients)) this.need(d, ingredient, n * times, path);
    if (recipe.table) this.station(d, 'crafting_table', path);
    const ingredients = Object.fromEntries(Object.entries(recipe.ingredients).map(([k, n]) => [k, n * times]));
    d.steps.push({ kind: 'craft', label: `craft ${item}`, item, count: times * recipe.makes, times, recipe: recipe.index, ingredients, table: recipe.table });
    add(d.inventory, item, times * recipe.makes);
  }

  /** Makes sure a tool that harvests `block` is held at the end; tools are not used up. */
  ensureTool(d: Draft, tool: string | undefined, block: string, path: string[]): void {
    if (!tool || this.data.canHarvest(block, d.inventory) || (d.inventory[tool] ?? 0) > 0) return;
    this.produce(d, tool, 1, path);
  }

  /** Makes sure a crafting table or furnace is placed nearby. */
  station(d: Draft, block: 'crafting_table' | 'furnace', path: string[]): void {
    if (d.placed.has(block)) return;
    this.need(d, block, 1, path);
    d.steps.push({ kind: 'place', label: `place ${block}`, block });
    d.placed.add(block);
  }

  fuel(d: Draft): string {
    const fuels = this.guides.fuels();
    const held = fuels.find((f) => (d.inventory[f] ?? 0) > 0);
    return held ?? `${this.wood}_planks`;
  }

  /** Recipes the draft can most easily follow first: ingredients held, the wood at hand, common materials. */
  rank(d: Draft, recipes: Recipe[]): Recipe[] {
    const score = (r: Recipe): number => {
      let s = 0;
      for (const [ingredient, n] of Object.entries(r.ingredients)) {
        if ((d.inventory[ingredient] ?? 0) >= n) continue;
        s += 10;
        const wood = woodOf(ingredient);
        if (wood && wood !== this.wood) s += RARE_WOODS.has(wood) ? 8 : 5;
        if (!wood && !this.guides.source(ingredient) && this.data.recipes(ingredient).length === 0) s += 3;
      }
      return s;
    };
    return recipes.map((r) => ({ r, s: score(r) })).sort((a, b) => a.s - b.s || a.r.index - b.r.index).map((x) => x.r);
  }
}

function add(inventory: Inventory, item: string, n: number): void {
  inventory[item] = (inventory[item] ?? 0) + n;
}

/**
 * Folds every mine, hunt and craft of an item into its first occurrence, so the bot mines
 * three logs once rather than one log three times. A mine or hunt needs only its tool, which
 * the first occurrence already has; a craft is folded only when nothing between the two makes
 * one of its ingredients.
 */
export function mergeSteps(steps: PlanStep[]): PlanStep[] {
  const out: PlanStep[] = [];
  const first = new Map<string, PlanStep>();
  for (const step of steps) {
    if (step.kind === 'place' || step.kind === 'smelt') {
      out.push(step);
      continue;
    }
    const key = `${step.kind}:${step.item}:${step.kind === 'craft' ? step.recipe : ''}`;
    const earlier = first.get(key);
    // A craft moves up only if nothing after the earlier one makes its ingredients.
    const blocked = earlier !== undefined && step.kind === 'craft' && out.slice(out.indexOf(earlier) + 1).some((s) => s.kind !== 'place' && s.item in step.ingredients);
    if (!earlier || blocked) {
      const copy = { ...step, ...(step.kind === 'craft' ? { ingredients: { ...step.ingredients } } : {}) } as PlanStep;
      first.set(key, copy);
      out.push(copy);
      continue;
    }
    if (earlier.kind === 'craft' && step.kind === 'craft') {
      earlier.times += step.times;
      earlier.count += step.count;
      for (const [k, n] of Object.entries(step.ingredients)) earlier.ingredients[k] = (earlier.ingredients[k] ?? 0) + n;
    } else if ((earlier.kind === 'mine' || earlier.kind === 'hunt') && earlier.kind === step.kind) {
      earlier.count += step.count;
    }
  }
  return out;
}
