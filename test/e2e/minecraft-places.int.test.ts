import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionResult } from '../../core/types.js';
import { PLACED_NOTE } from '../../services/minecraft/bot/known-places.js';
import type { MinecraftPlugin } from '../../services/minecraft/index.js';
import type { TaskState } from '../../services/minecraft/task/state.js';
import { GROUND_Y, startMinecraftServer, type MinecraftTestServer } from '../fakes/minecraft/index.js';
import { startMinecraftAssistant } from '../support/minecraft.js';
import { sayer, type TestAssistant } from '../support/assistant.js';
import { eventually } from '../support/eventually.js';

/** A crafting table beyond the bot's sight (16 blocks) but within what memory counts as at hand (64). */
const TABLE = { x: 0, y: GROUND_Y + 1, z: 40 };
/** Around the spawn point, where the bot would put a table of its own. */
const NEAR_SPAWN = 5;
/** How long a walk of a few blocks may take to be reported. */
const WALK_MS = 45_000;

describe('the Minecraft bot and the places it remembers', () => {
  let server: MinecraftTestServer;
  let a: TestAssistant;
  let plugin: MinecraftPlugin;

  beforeAll(async () => {
    server = await startMinecraftServer();
    ({ a, plugin } = await startMinecraftAssistant(server));
  }, 60_000);

  afterAll(async () => {
    await a?.dispose();
    await server?.stop();
  });

  /** The task of a finished request's first action. */
  async function taskOf(requestId: string): Promise<TaskState> {
    const view = (await a.engine.api.request(requestId))!;
    const result = view.groups.flatMap((g) => g.actions.flatMap((r) => r.attempts.map((t) => t.result).filter((x): x is ActionResult => x !== undefined)))[0]!;
    return (result as { data: { task: TaskState } }).data.task;
  }

  /** The crafting tables the server has around the spawn point. */
  async function tablesNearSpawn(): Promise<string[]> {
    const found: string[] = [];
    for (let dy = -1; dy <= 1; dy++) {
      const row = [];
      for (let x = -NEAR_SPAWN; x <= NEAR_SPAWN; x++) for (let z = -NEAR_SPAWN; z <= NEAR_SPAWN; z++) row.push(server.blockAt(x, GROUND_Y + 1 + dy, z).then((name) => (name === 'crafting_table' ? found.push(`${x} ${GROUND_Y + 1 + dy} ${z}`) : 0)));
      await Promise.all(row);
    }
    return found;
  }

  it('crafts a wooden pickaxe at the table it remembers 40 blocks away, and places none of its own', async () => {
    await server.setBlock(TABLE.x, TABLE.y, TABLE.z, 'crafting_table');
    // As if seen on an earlier walk.
    await a.memory!.places.record({ position: TABLE, dimension: 'overworld', what: 'crafting_table' });
    await server.command('/give Majordomo oak_planks 3');
    await server.command('/give Majordomo stick 2');
    const bot = plugin.runtime()!.conn.bot!;
    await eventually(() => bot.inventory.items().some((i) => i.name === 'stick'), 'the bot to hold the sticks');
    expect(bot.entity.position.distanceTo(bot.entity.position.clone().set(TABLE.x, TABLE.y, TABLE.z))).toBeGreaterThan(30);
    expect(await tablesNearSpawn()).toEqual([]);

    const typed = await a.type('get me a wooden pickaxe');
    if (typed.kind !== 'request') throw new Error(`not a request: ${typed.kind}`);
    expect(await a.finished(typed.requestId, 90_000)).toBe('done');

    const task = await taskOf(typed.requestId);
    expect(task.stepResults.map((r) => r.step)).toEqual(['craft wooden_pickaxe']);
    expect(await server.count('Majordomo', 'wooden_pickaxe')).toBe(1);
    expect(await server.count('Majordomo', 'crafting_table')).toBe(0);
    // Server-side: the remembered table is where it was, and no new one stands near the spawn.
    expect(await server.blockAt(TABLE.x, TABLE.y, TABLE.z)).toBe('crafting_table');
    expect(await tablesNearSpawn()).toEqual([]);
    expect(bot.entity.position.distanceTo(bot.entity.position.clone().set(TABLE.x + 0.5, TABLE.y, TABLE.z + 0.5))).toBeLessThan(4);
    expect(await a.memory!.places.near({ position: TABLE, radius: 64, dimension: 'overworld', what: 'crafting_table' })).toHaveLength(1);
  }, 120_000);

  it('asked for a crafting table, picks up the one it placed rather than crafting one', async () => {
    // As if the bot had placed the table itself.
    await a.memory!.places.record({ position: TABLE, dimension: 'overworld', what: 'crafting_table', note: PLACED_NOTE });
    const typed = await a.type('get me a crafting table');
    if (typed.kind !== 'request') throw new Error(`not a request: ${typed.kind}`);
    expect(await a.finished(typed.requestId, 60_000)).toBe('done');
    expect((await taskOf(typed.requestId)).stepResults.filter((r) => r.ok).map((r) => r.step)).toEqual(['pick up crafting_table']);
    expect(await server.count('Majordomo', 'crafting_table')).toBe(1);
    expect(await server.blockAt(TABLE.x, TABLE.y, TABLE.z)).toBe('air');
    // Gone from where it stood, and from memory once the bot saw it gone.
    expect(await a.memory!.places.near({ position: TABLE, radius: 64, dimension: 'overworld', what: 'crafting_table' })).toEqual([]);
  }, 60_000);

  it('walks to coordinates, remembers a place by name, goes back there, and says so when it knows no such place', async () => {
    const say = sayer(a);
    const bot = plugin.runtime()!.conn.bot!;
    const distanceTo = (x: number, z: number) => Math.hypot(bot.entity.position.x - (x + 0.5), bot.entity.position.z - (z + 0.5));
    const home = { x: Math.floor(bot.entity.position.x), z: Math.floor(bot.entity.position.z) };

    await say('remember this place as home', 'done');
    const named = await a.memory!.places.called('home');
    expect(named.map((p) => [p.position.x, p.position.z, p.dimension])).toEqual([[home.x, home.z, 'overworld']]);

    const away = { x: home.x - 6, z: home.z - 8 };
    // Walks are given time: on a loaded machine (another test file beside this one) the server and the bot are slow.
    await say(`go to ${away.x} ${GROUND_Y + 1} ${away.z}`, 'done', WALK_MS);
    expect(distanceTo(away.x, away.z)).toBeLessThan(1.5);

    await say('go home', 'done', WALK_MS);
    expect(distanceTo(home.x, home.z)).toBeLessThan(1.5);
    await a.waitForOutput(/I came to home, at /);

    // A name is one place: named again elsewhere, it is only there.
    await say(`remember the spot at ${away.x} ${GROUND_Y + 1} ${away.z} as home`, 'done');
    expect((await a.memory!.places.called('home')).map((p) => [p.position.x, p.position.z])).toEqual([[away.x, away.z]]);

    // Asked what it knows, and where: the places named, from its memory.
    await say('what places do you know', 'done');
    await a.waitForOutput(new RegExp(`The places I know: home at ${away.x} ${GROUND_Y + 1} ${away.z}\\.`));
    await say('where is home', 'done');
    // And how far, from the bot (asked from the terminal, no player asks).
    const at = bot.entity.position.floored();
    const far = Math.round(Math.hypot(at.x - away.x, at.y - (GROUND_Y + 1), at.z - away.z));
    await a.waitForOutput(new RegExp(`It is: home at ${away.x} ${GROUND_Y + 1} ${away.z}, ${far} blocks from me\\.`));

    // A place it does not know: it stays put and asks, saying how to name one.
    const nowhere = await say('go to the castle');
    await a.waitForOutput(/I could not "go to the castle" after 1 attempt: I know no place called castle \(stand there and say "remember this place as castle"/);
    expect(distanceTo(home.x, home.z)).toBeLessThan(1.5);
    await a.type('skip');
    expect(await a.finished(nowhere)).toBe('failed');
  }, 150_000);
});
