/**
 * The state of one `obtain_item` task: everything the pipeline knows, in one plain object
 * that is returned in the action's data, so the agent's context records it and its report
 * shows it.
 */

/** Item name → how many. */
export type Inventory = Record<string, number>;

/** Where something happened in the world. */
export interface Position {
  x: number;
  y: number;
  z: number;
}

/** Mine blocks until `count` of `item` have been picked up. */
export interface MineStep {
  kind: 'mine';
  label: string;
  item: string;
  count: number;
  /** Blocks that drop the item, the preferred one first. */
  blocks: string[];
  /** The least tool that harvests them, when one is needed. */
  tool?: string;
  /** How far to look for the blocks. */
  searchDistance: number;
  /** A known block to take first (a station the bot placed and is asked for). */
  at?: Position;
}

/** Craft `count` of `item` (a multiple of what one craft makes). */
export interface CraftStep {
  kind: 'craft';
  label: string;
  item: string;
  count: number;
  /** How many times the recipe is applied. */
  times: number;
  /** Index of the recipe in minecraft-data's list for the item. */
  recipe: number;
  ingredients: Inventory;
  /** Needs a crafting table (3×3 grid). */
  table: boolean;
}

/** Smelt `count` of `input` into `item` in a furnace. */
export interface SmeltStep {
  kind: 'smelt';
  label: string;
  item: string;
  count: number;
  input: string;
  fuel: string;
  fuelCount: number;
}

/** Place a crafting station near the bot. */
export interface PlaceStep {
  kind: 'place';
  label: string;
  block: 'crafting_table' | 'furnace';
}

/** Kill mobs until `count` of `item` have dropped and been picked up. */
export interface HuntStep {
  kind: 'hunt';
  label: string;
  item: string;
  count: number;
  mobs: string[];
  searchDistance: number;
}

export type PlanStep = MineStep | CraftStep | SmeltStep | PlaceStep | HuntStep;

/** How an attempt should differ from the ones before it; set by reflection. */
export interface Approach {
  /** Look this far for blocks or mobs. */
  searchDistance?: number;
  /** Blocks or mobs to look for instead of the plan's order. */
  sources?: string[];
  /** Positions not to try again (unreachable blocks). */
  avoid?: Position[];
  /** Recipe indexes not to try again, per item. */
  avoidRecipes?: Record<string, number[]>;
  /** What changed, in words, for the report. */
  why?: string;
}

/** A failed attempt at a step. */
export interface StepError {
  step: string;
  attempt: number;
  code: string;
  message: string;
  /** Where the bot was. */
  where?: Position;
  /** The block or mob it failed on, when there was one. */
  target?: Position;
  at: string;
}

/** The end of one attempt at a step. */
export interface StepResult {
  step: string;
  attempt: number;
  ok: boolean;
  detail: string;
  /** Game actions (dig, craft, place, toss, path) the attempt made. */
  actions: number;
  /** How long the attempt took. */
  ms?: number;
  approach?: Approach;
}

/** What the bot looked like when last observed. */
export interface BotStatus {
  health: number;
  food: number;
  position?: Position;
  inventory: Inventory;
  craftingTableNearby: boolean;
  furnaceNearby: boolean;
}

export interface TaskResult {
  ok: boolean;
  message: string;
  /** The failure's code, when it failed. */
  code?: string;
}

export interface TaskState {
  goal: { item: string; count: number };
  /** Ids of the guides the plan drew on. */
  guide: string[];
  /** Steps still to do, the current one first. */
  plan: PlanStep[];
  /** Label of the step under way, or the last one tried. */
  currentStep?: string;
  stepResults: StepResult[];
  /** Failed attempts at the current step so far. */
  retryCount: number;
  bot?: BotStatus;
  errors: StepError[];
  /** Game actions made so far. */
  actions: number;
  /** How many times the plan was rebuilt because the world did not go as planned. */
  replans: number;
  status: 'planning' | 'running' | 'done' | 'failed';
  result?: TaskResult;
}

/** A fresh task for a goal. */
export function newTask(item: string, count: number): TaskState {
  return { goal: { item, count }, guide: [], plan: [], stepResults: [], retryCount: 0, errors: [], actions: 0, replans: 0, status: 'planning' };
}
