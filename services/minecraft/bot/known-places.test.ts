import { afterEach, describe, expect, it } from 'vitest';
import { createHashedEmbedder } from '../../../core/memory/hashed-embedder.js';
import { PlaceMemory } from '../../../core/memory/places.js';
import type { VectorMemory } from '../../../core/memory/memory.js';
import { openSqliteMemory } from '../../../core/memory/sqlite/sqlite-memory.js';
import { MC_CODES, MinecraftError } from '../errors.js';
import type { Game, Observation, StepOutcome } from '../task/game.js';
import { GuideRetriever, loadGuides } from '../task/guides.js';
import { Planner } from '../task/planner.js';
import { GameData } from '../task/recipes.js';
import { runTask } from '../task/runner.js';
import { newTask, type Inventory, type PlanStep, type Position } from '../task/state.js';
import { KnownPlaces, PLACED_NOTE, UNREACHABLE_MS, type BlockLookup } from './known-places.js';

const data = new GameData('1.21.4');
const planner = new Planner(data, new GuideRetriever(loadGuides()));
const origin = { x: 0, y: 4, z: 0 };
const none = { crafting_table: false, furnace: false };

let store: VectorMemory | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

async function known(): Promise<KnownPlaces> {
  store = await openSqliteMemory({ path: ':memory:', embedder: createHashedEmbedder({ dimensions: 64 }) });
  return new KnownPlaces(new PlaceMemory(store));
}

/** A world of blocks by position; positions not in it are not loaded. */
function world(blocks: Record<string, string>): BlockLookup {
  return (p) => blocks[`${p.x},${p.y},${p.z}`];
}

describe('the places the Minecraft bot remembers', () => {
  it('records what it sees and places, keeps who placed it when seen again, and finds the nearest in range and dimension', async () => {
    const places = await known();
    await places.placed('crafting_table', { x: 40, y: 4, z: 0 }, 'overworld');
    await places.seen('crafting_table', { x: 40, y: 4, z: 0 }, 'overworld');
    await places.seen('crafting_table', { x: 70, y: 4, z: 0 }, 'overworld');
    await places.seen('crafting_table', { x: 5, y: 4, z: 0 }, 'the_nether');
    await places.seen('chest', { x: 3, y: 4, z: 3 }, 'overworld');
    await places.seen('bed', { x: -3, y: 4, z: 1 }, 'overworld');

    const table = await places.nearest('crafting_table', origin, 'overworld');
    expect(table).toMatchObject({ position: { x: 40, y: 4, z: 0 }, dimension: 'overworld', note: PLACED_NOTE });
    expect(await store!.count({ kind: 'place' })).toBe(5);
    // From farther on: the one it placed, 70 blocks away, is out of range.
    expect((await places.nearest('crafting_table', { x: 110, y: 4, z: 0 }, 'overworld'))?.position).toEqual({ x: 70, y: 4, z: 0 });
    expect(await places.own('crafting_table', { x: 110, y: 4, z: 0 }, 'overworld')).toBeUndefined();
    expect((await places.own('crafting_table', { x: 100, y: 4, z: 0 }, 'overworld'))?.position).toEqual({ x: 40, y: 4, z: 0 });
    expect((await places.nearest('crafting_table', origin, 'the_nether'))?.position).toEqual({ x: 5, y: 4, z: 0 });
    expect(await places.nearest('furnace', origin, 'overworld')).toBeUndefined();
    const chest = await store!.list({ kind: 'place', near: { position: origin, radius: 5, dimension: 'overworld' } });
    expect(chest.map((m) => m.text).sort()).toEqual(['bed at -3 4 1 in overworld', 'chest at 3 4 3 in overworld']);
  });

  it('forgets a place whose block is gone when it finds it missing, and keeps one in a chunk it cannot see', async () => {
    const places = await known();
    await places.placed('crafting_table', { x: 40, y: 4, z: 0 }, 'overworld');
    await places.seen('crafting_table', { x: 50, y: 4, z: 0 }, 'overworld');
    await places.seen('bed', { x: 2, y: 4, z: 2 }, 'overworld');
    const blocks = world({ '40,4,0': 'air', '2,4,2': 'red_bed' });

    expect((await places.nearest('crafting_table', origin, 'overworld', blocks))?.position).toEqual({ x: 50, y: 4, z: 0 });
    expect((await store!.list({ kind: 'place' })).map((m) => (m.data as { what: string }).what).sort()).toEqual(['bed', 'crafting_table']);
    const bed = (await store!.list({ kind: 'place' })).find((m) => (m.data as { what: string }).what === 'bed')!;
    expect(await places.check({ id: bed.id, position: bed.position!, dimension: 'overworld', what: 'bed', seenAt: bed.createdAt }, blocks)).toBe(true);
  });

  it('passes over for a while a place the bot could not reach', async () => {
    let now = 0;
    store = await openSqliteMemory({ path: ':memory:', embedder: createHashedEmbedder({ dimensions: 64 }) });
    const places = new KnownPlaces(new PlaceMemory(store), undefined, 64, () => now);
    await places.seen('crafting_table', { x: 30, y: 4, z: 0 }, 'overworld');
    await places.seen('crafting_table', { x: 50, y: 4, z: 0 }, 'overworld');
    places.unreachable((await places.nearest('crafting_table', origin, 'overworld'))!);
    expect((await places.nearest('crafting_table', origin, 'overworld'))?.position).toEqual({ x: 50, y: 4, z: 0 });
    now += UNREACHABLE_MS + 1;
    expect((await places.nearest('crafting_table', origin, 'overworld'))?.position).toEqual({ x: 30, y: 4, z: 0 });
  });

  it('tells the planner a remembered station is at hand, and which one it may pick up', async () => {
    const places = await known();
    expect(await places.stations(none, origin, 'overworld')).toEqual({ craftingTableNearby: false, furnaceNearby: false });
    await places.seen('crafting_table', { x: 40, y: 4, z: 0 }, 'overworld');
    await places.seen('furnace', { x: 90, y: 4, z: 0 }, 'overworld');
    const context = await places.stations(none, origin, 'overworld');
    expect(context).toEqual({ craftingTableNearby: true, furnaceNearby: false });
    expect(await places.stations(none, origin, 'the_end')).toEqual({ craftingTableNearby: false, furnaceNearby: false });

    // With a table at hand, a wooden pickaxe needs neither a new table nor a place to put it.
    const steps = planner.plan('wooden_pickaxe', 1, { inventory: {}, nearbyWood: ['oak'], ...context }).steps.map((s) => s.label);
    expect(steps).toContain('craft wooden_pickaxe');
    expect(steps).not.toContain('craft crafting_table');
    expect(steps).not.toContain('place crafting_table');
    // Asked for a crafting table, it crafts one: the table it saw may be someone's.
    expect(planner.plan('crafting_table', 1, { inventory: {}, nearbyWood: ['oak'], ...context }).steps.map((s) => s.label)).toEqual(['mine oak_log', 'craft oak_planks', 'craft crafting_table']);

    await places.placed('crafting_table', { x: 20, y: 4, z: 0 }, 'overworld');
    const own = await places.stations(none, origin, 'overworld');
    expect(own).toEqual({ craftingTableNearby: true, furnaceNearby: false, pickUp: { crafting_table: { x: 20, y: 4, z: 0 } } });
    // One it placed itself it picks up; one it already holds is enough.
    expect(planner.plan('crafting_table', 1, { inventory: {}, ...own }).steps).toEqual([{ kind: 'mine', label: 'pick up crafting_table', item: 'crafting_table', count: 1, blocks: ['crafting_table'], at: { x: 20, y: 4, z: 0 }, searchDistance: 64 }]);
    expect(planner.plan('crafting_table', 1, { inventory: { crafting_table: 1 }, ...own }).steps).toEqual([]);
    expect(planner.plan('crafting_table', 2, { inventory: {}, nearbyWood: ['oak'], ...own }).steps.map((s) => s.label)).toEqual(['pick up crafting_table', 'mine oak_log', 'craft oak_planks', 'craft crafting_table']);
  });

  it('walks to a remembered table; when it is gone on arrival the task makes and places one instead', async () => {
    const places = await known();
    await places.seen('crafting_table', { x: 40, y: 4, z: 0 }, 'overworld');
    const game = new RememberingGame(places, { '40,4,0': 'air' });
    const task = await runTask(newTask('wooden_pickaxe', 1), { game, planner, data }, new AbortController().signal);

    expect(task.status).toBe('done');
    // To the remembered one first, then to the one it placed.
    expect(game.walkedTo).toEqual([{ x: 40, y: 4, z: 0 }, { x: 1, y: 4, z: 0 }]);
    expect(task.errors).toMatchObject([{ step: 'craft wooden_pickaxe', code: MC_CODES.noStation }]);
    const done = task.stepResults.filter((r) => r.ok).map((r) => r.step);
    expect(done.indexOf('place crafting_table')).toBeLessThan(done.indexOf('craft wooden_pickaxe'));
    // Forgotten where it was missing; the one placed is remembered.
    expect((await store!.list({ kind: 'place' })).map((m) => m.position)).toEqual([{ x: 1, y: 4, z: 0 }]);

    // The next request walks to the table it placed, and places none.
    const again = await runTask(newTask('wooden_pickaxe', 1), { game, planner, data }, new AbortController().signal);
    expect(again.stepResults.map((r) => r.step)).not.toContain('place crafting_table');
    expect(game.walkedTo.at(-1)).toEqual({ x: 1, y: 4, z: 0 });
  });
});

/**
 * The bot's use of memory over an inventory in memory: it sees nothing within sight, goes to
 * the nearest remembered table to craft at one, and records the tables it places.
 */
class RememberingGame implements Game {
  inventory: Inventory = {};
  readonly walkedTo: Position[] = [];
  readonly blocks: Record<string, string>;
  constructor(
    readonly places: KnownPlaces,
    blocks: Record<string, string>,
  ) {
    this.blocks = { ...blocks };
  }

  async observe(): Promise<Observation> {
    // Only the chunks near the bot are loaded: a block far away is not known until it walks there.
    const near: BlockLookup = (p) => (Math.hypot(p.x - origin.x, p.z - origin.z) <= 16 ? world(this.blocks)(p) : undefined);
    return { health: 20, food: 20, inventory: { ...this.inventory }, nearbyWood: ['oak'], ...(await this.places.stations(none, origin, 'overworld', near)) };
  }

  async execute(step: PlanStep): Promise<StepOutcome> {
    const inv = this.inventory;
    const add = (k: string, n: number) => (inv[k] = (inv[k] ?? 0) + n);
    switch (step.kind) {
      case 'mine':
      case 'hunt':
        add(step.item, step.count);
        break;
      case 'craft': {
        if (step.table) {
          const table = await this.places.nearest('crafting_table', origin, 'overworld');
          if (!table) throw new MinecraftError(MC_CODES.noStation, 'no crafting table', { retryable: true });
          this.walkedTo.push(table.position);
          if (!(await this.places.check(table, world(this.blocks)))) throw new MinecraftError(MC_CODES.noStation, 'the crafting table is gone', { retryable: true });
        }
        for (const [k, n] of Object.entries(step.ingredients)) add(k, -n);
        add(step.item, step.count);
        break;
      }
      case 'smelt':
        throw new Error('not in this world');
      case 'place':
        add(step.block, -1);
        this.blocks['1,4,0'] = step.block;
        await this.places.placed(step.block, { x: 1, y: 4, z: 0 }, 'overworld');
        break;
    }
    return { detail: `${step.label} done`, actions: 1 };
  }
}
