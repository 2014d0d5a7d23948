import type { Bot } from 'mineflayer';
import type { goals } from 'mineflayer-pathfinder';
import type { Vec3 } from 'vec3';
import { MC_CODES, MinecraftError } from '../errors.js';
import type { GameData } from '../task/recipes.js';
import type { Inventory, Position } from '../task/state.js';
import type { BotConnection } from './connection.js';

/** Time limits of single calls to the game. */
export const LIMITS = {
  walkMs: 60_000,
  digMs: 30_000,
  craftMs: 20_000,
  placeMs: 10_000,
  equipMs: 5_000,
  pickupMs: 4_000,
  tossMs: 5_000,
  eatMs: 8_000,
  smeltPerItemMs: 12_000,
  attackMs: 30_000,
} as const;

/**
 * What a composite step works with: the shared connection, game data, the caller's signal,
 * and a count of the game actions it makes.
 */
export class StepContext {
  actions = 0;
  constructor(
    readonly conn: BotConnection,
    readonly data: GameData,
    readonly signal: AbortSignal,
  ) {}

  get bot(): Bot {
    return this.conn.require();
  }

  /** One call to the game, counted, with a time limit. */
  call<T>(what: string, timeoutMs: number, run: (bot: Bot) => Promise<T>): Promise<T> {
    this.actions += 1;
    return this.conn.call(what, timeoutMs, run, this.signal);
  }

  /** Walks until the goal is met; a path that cannot be found is an unreachable target. */
  async walk(what: string, goal: goals.Goal): Promise<void> {
    try {
      await this.call(`walking to ${what}`, LIMITS.walkMs, (bot) => bot.pathfinder.goto(goal));
    } catch (error) {
      if (error instanceof MinecraftError && error.code !== MC_CODES.timeout) throw error;
      throw new MinecraftError(MC_CODES.unreachable, `cannot reach ${what}${error instanceof MinecraftError ? ' in time' : `: ${error instanceof Error ? error.message : String(error)}`}`, { cause: error, retryable: true });
    }
  }

  inventory(): Inventory {
    return inventoryOf(this.bot);
  }

  count(item: string): number {
    return this.inventory()[item] ?? 0;
  }

  /** Holds an item from the inventory in the hand. */
  async equip(item: string): Promise<void> {
    const bot = this.bot;
    const held = bot.heldItem?.name;
    if (held === item) return;
    const found = bot.inventory.items().find((i) => i.name === item);
    if (!found) throw new MinecraftError(MC_CODES.missingItems, `I have no ${item} to hold`, { retryable: true });
    await this.call(`holding ${item}`, LIMITS.equipMs, (b) => b.equip(found, 'hand'));
  }

  itemId(name: string): number {
    const id = this.data.data.itemsByName[name]?.id;
    if (id === undefined) throw new MinecraftError(MC_CODES.unknownItem, `"${name}" is not a Minecraft item`, { retryable: false });
    return id;
  }

  blockIds(names: readonly string[]): number[] {
    return names.map((n) => this.data.data.blocksByName[n]?.id).filter((id): id is number => id !== undefined);
  }
}

/** The bot's inventory as item name → count. */
export function inventoryOf(bot: Bot): Inventory {
  const inv: Inventory = {};
  for (const item of bot.inventory.items()) inv[item.name] = (inv[item.name] ?? 0) + item.count;
  return inv;
}

export function position(v: Vec3): Position {
  return { x: Math.floor(v.x), y: Math.floor(v.y), z: Math.floor(v.z) };
}

export function samePosition(a: Position, b: Position): boolean {
  return a.x === b.x && a.y === b.y && a.z === b.z;
}

export function where(p: Position): string {
  return `${p.x} ${p.y} ${p.z}`;
}

/** Waits a moment, or less when the signal aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
