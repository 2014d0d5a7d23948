import { once } from 'node:events';
import type { Bot } from 'mineflayer';
import pathfinderPlugin from 'mineflayer-pathfinder';
import { Vec3 } from 'vec3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { connectBot } from './bot.js';
import { GROUND_Y, SPAWN, STONE_HILL, TREES, startMinecraftServer, type MinecraftTestServer } from './index.js';

const { pathfinder, Movements, goals } = pathfinderPlugin;

// One server and two plain mineflayer bots for the whole file; the tests build on each
// other as a player would: logs, planks, sticks, a table, a pickaxe, cobblestone.
describe('the Minecraft test server, with plain mineflayer bots', () => {
  let server: MinecraftTestServer;
  let bob: Bot;
  let alice: Bot;

  beforeAll(async () => {
    server = await startMinecraftServer();
    bob = await connectBot(server, 'bob');
    alice = await connectBot(server, 'alice');
    bob.loadPlugin(pathfinder);
    const movements = new Movements(bob);
    movements.canDig = false;
    bob.pathfinder.setMovements(movements);
  }, 60_000);

  afterAll(async () => {
    bob?.end();
    alice?.end();
    await server?.stop();
  });

  const count = (bot: Bot, name: string) => bot.inventory.items().filter((i) => i.name === name).reduce((n, i) => n + i.count, 0);
  const item = (name: string) => bob.registry.itemsByName[name]!.id;

  async function collectDrops(name: string, atLeast: number) {
    await eventually(async () => {
      const drop = bob.nearestEntity((e) => e.name === 'item' && e.position.distanceTo(bob.entity.position) < 8);
      if (drop) await bob.pathfinder.goto(new goals.GoalNear(drop.position.x, drop.position.y, drop.position.z, 1)).catch(() => undefined);
      return count(bob, name) >= atLeast;
    }, `bob holding ${atLeast} ${name}`, 15_000, 200);
  }

  it('serves the prepared world: spawn on the ground, trees and a stone hill nearby', async () => {
    expect(bob.entity.position.y).toBe(SPAWN.y);
    expect(bob.blockAt(new Vec3(TREES[0]!.x, GROUND_Y + 1, TREES[0]!.z))?.name).toBe('oak_log');
    expect(bob.blockAt(new Vec3(STONE_HILL.x, GROUND_Y + 1, STONE_HILL.z))?.name).toBe('stone');
    expect(await server.players()).toEqual(expect.arrayContaining(['bob', 'alice']));
  });

  /** The next message of `kind` that `bot` gets from `from` (a player sees its own chat too). */
  function next(bot: Bot, kind: 'chat' | 'whisper', from: string): Promise<string> {
    return new Promise((resolve) => {
      const listener = (username: string, message: string) => {
        if (username !== from) return;
        bot.off(kind, listener);
        resolve(message);
      };
      bot.on(kind, listener);
    });
  }

  it('carries chat both ways', async () => {
    const heard = next(bob, 'chat', 'alice');
    alice.chat('hello bob');
    expect(await heard).toBe('hello bob');
    const answered = next(alice, 'chat', 'bob');
    bob.chat('hi alice');
    expect(await answered).toBe('hi alice');
  });

  it('carries whispers both ways, to the addressee only', async () => {
    const chatSeen: string[] = [];
    const onChat = (username: string, message: string) => {
      if (/secret|another|third/.test(message)) chatSeen.push(`${username}: ${message}`);
    };
    bob.on('chat', onChat);
    alice.on('chat', onChat);
    const toAlice = next(alice, 'whisper', 'bob');
    bob.whisper('alice', 'a secret');
    expect(await toAlice).toBe('a secret');
    const toBob = next(bob, 'whisper', 'alice');
    alice.chat('/msg bob another one');
    expect(await toBob).toBe('another one');
    const toBobAgain = next(bob, 'whisper', 'alice');
    alice.chat('/w bob and a third');
    expect(await toBobAgain).toBe('and a third');
    bob.off('chat', onChat);
    alice.off('chat', onChat);
    expect(chatSeen).toEqual([]);
  });

  it('lets a bot dig a log and pick up the drop', async () => {
    const tree = TREES[0]!;
    await bob.pathfinder.goto(new goals.GoalNear(tree.x + 1, GROUND_Y + 1, tree.z + 1, 1));
    const log = bob.blockAt(new Vec3(tree.x, GROUND_Y + 1, tree.z))!;
    expect(log.name).toBe('oak_log');
    await bob.dig(log);
    expect(bob.blockAt(log.position)?.name).toBe('air');
    expect(await server.blockAt(tree.x, GROUND_Y + 1, tree.z)).toBe('air');
    await collectDrops('oak_log', 1);
    expect(await server.count('bob', 'oak_log')).toBe(1);
  });

  it('gives items with /give from the console (the count typed as text)', async () => {
    expect(await server.command('/give bob oak_log 2')).toBeNull();
    await eventually(() => count(bob, 'oak_log') === 3, 'bob holding 3 logs', 5_000);
    expect(await server.count('bob', 'oak_log')).toBe(3);
  });

  it('crafts planks in the 2×2 inventory grid', async () => {
    const [recipe] = bob.recipesFor(item('oak_planks'), null, 1, null);
    expect(recipe).toBeDefined();
    await bob.craft(recipe!, 3, undefined);
    expect(count(bob, 'oak_planks')).toBe(12);
    expect(count(bob, 'oak_log')).toBe(0);
    expect(await server.count('bob', 'oak_planks')).toBe(12);
    expect(await server.count('bob', 'oak_log')).toBe(0);
  });

  it('crafts sticks (a shaped recipe) in the 2×2 grid', async () => {
    const [recipe] = bob.recipesFor(item('stick'), null, 1, null);
    await bob.craft(recipe!, 1, undefined);
    expect(count(bob, 'stick')).toBe(4);
    expect(count(bob, 'oak_planks')).toBe(10);
    expect(await server.count('bob', 'stick')).toBe(4);
  });

  it('crafts as often as the grid allows on a shift-click of the result, and gives back the grid when the inventory closes', async () => {
    await server.command('/give bob bone 3');
    await eventually(() => count(bob, 'bone') === 3, 'bob holding 3 bones', 5_000);
    const bones = bob.inventory.items().find((i) => i.name === 'bone')!;
    await bob.clickWindow(bones.slot, 0, 0);
    await bob.clickWindow(3, 0, 0);
    await eventually(() => bob.inventory.slots[0]?.name === 'bone_meal', 'the result slot showing bone meal', 5_000);
    await bob.clickWindow(0, 0, 1);
    await eventually(async () => (await server.count('bob', 'bone_meal')) === 9, 'bob holding 9 bone meal, server-side', 5_000);
    expect(await server.count('bob', 'bone')).toBe(0);
    await eventually(() => count(bob, 'bone_meal') === 9 && !bob.inventory.slots[0] && !bob.inventory.slots[3], 'bob seeing 9 bone meal and an empty grid', 5_000);

    const meal = bob.inventory.items().find((i) => i.name === 'bone_meal')!;
    await bob.clickWindow(meal.slot, 0, 0);
    await bob.clickWindow(2, 0, 0);
    await eventually(() => bob.inventory.slots[0]?.name === 'white_dye', 'the result slot showing white dye', 5_000);
    bob.closeWindow(bob.inventory);
    await eventually(async () => {
      const held = await server.inventory('bob');
      return held.some((i) => i.name === 'bone_meal' && i.count === 9 && i.slot >= 9) && !held.some((i) => i.slot <= 4);
    }, 'the bone meal back in the inventory and the grid empty, server-side', 5_000);
  });

  it('crafts and places a crafting table, and crafts a wooden pickaxe at it', async () => {
    const [tableRecipe] = bob.recipesFor(item('crafting_table'), null, 1, null);
    await bob.craft(tableRecipe!, 1, undefined);
    expect(count(bob, 'crafting_table')).toBe(1);

    await bob.equip(item('crafting_table'), 'hand');
    const ground = bob.blockAt(bob.entity.position.floored().offset(2, -1, 0))!;
    await bob.placeBlock(ground, new Vec3(0, 1, 0));
    const table = bob.blockAt(ground.position.offset(0, 1, 0))!;
    expect(table.name).toBe('crafting_table');
    expect(await server.blockAt(table.position.x, table.position.y, table.position.z)).toBe('crafting_table');

    const [pickaxeRecipe] = bob.recipesFor(item('wooden_pickaxe'), null, 1, table);
    expect(pickaxeRecipe?.requiresTable).toBe(true);
    await bob.craft(pickaxeRecipe!, 1, table);
    expect(count(bob, 'wooden_pickaxe')).toBe(1);
    expect(count(bob, 'oak_planks')).toBe(3);
    expect(count(bob, 'stick')).toBe(2);
    expect(await server.count('bob', 'wooden_pickaxe')).toBe(1);
    expect(await server.count('bob', 'oak_planks')).toBe(3);
  });

  it('digs stone with the wooden pickaxe and collects cobblestone', async () => {
    await bob.pathfinder.goto(new goals.GoalNear(STONE_HILL.x - STONE_HILL.radius - 1, GROUND_Y + 1, STONE_HILL.z, 0));
    await bob.equip(item('wooden_pickaxe'), 'hand');
    const stone = bob.findBlock({ matching: bob.registry.blocksByName['stone']!.id, maxDistance: 4 })!;
    expect(stone).toBeTruthy();
    await bob.dig(stone);
    await collectDrops('cobblestone', 1);
    expect(await server.count('bob', 'cobblestone')).toBe(1);
  });

  it('drops nothing from a block that needs a pickaxe when it is dug by hand', async () => {
    const at = bob.entity.position.floored().offset(-2, 0, 0);
    await server.setBlock(at.x, at.y, at.z, 'netherrack');
    await server.setBlock(at.x, at.y + 1, at.z, 'netherrack');
    await eventually(() => bob.blockAt(at.offset(0, 1, 0))?.name === 'netherrack', 'bob seeing the netherrack', 5_000);
    await bob.unequip('hand');
    // Taking the pickaxe right after the hand is done digging: what counts is what was held.
    await bob.dig(bob.blockAt(at.offset(0, 1, 0))!);
    await bob.equip(item('wooden_pickaxe'), 'hand');
    await bob.dig(bob.blockAt(at)!);
    await collectDrops('netherrack', 1);
    // The block dug by hand went first: had it dropped anything, it would be picked up by now.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(count(bob, 'netherrack')).toBe(1);
    expect(await server.count('bob', 'netherrack')).toBe(1);
  });

  it('lets a bot toss items to another player, who picks them up', async () => {
    // An open spot: the stone hill is east of the spawn, trees west, north and south.
    await server.command(`/tp bob ${SPAWN.x} ${SPAWN.y} ${SPAWN.z}`);
    await server.command(`/tp alice ${SPAWN.x + 2.5} ${SPAWN.y} ${SPAWN.z}`);
    await eventually(() => bob.entity.position.distanceTo(new Vec3(SPAWN.x, SPAWN.y, SPAWN.z)) < 0.1, 'bob at the spawn point', 5_000);
    await eventually(() => alice.entity.position.distanceTo(new Vec3(SPAWN.x + 2.5, SPAWN.y, SPAWN.z)) < 0.1, 'alice next to bob', 5_000);
    await bob.lookAt(alice.entity.position.offset(0, 0.5, 0));
    // mineflayer's lookAt resolves once the yaw is sent; the pitch follows in steps over a
    // few ticks, and items fly where the server last saw the player look.
    await bob.waitForTicks(20);
    await bob.toss(item('stick'), null, 2);
    await eventually(() => count(alice, 'stick') === 2, 'alice holding 2 sticks', 10_000).catch((error: Error) => {
      const items = Object.values(bob.entities).filter((e) => e.name === 'item');
      throw new Error(`${error.message}; bob holds ${count(bob, 'stick')}, items on the ground at ${items.map((e) => e.position).join(' ') || 'none'}, alice at ${alice.entity.position}`);
    });
    expect(count(bob, 'stick')).toBe(0);
    expect(await server.count('alice', 'stick')).toBe(2);
    expect(await server.count('bob', 'stick')).toBe(0);
  });

  it('lets a player die and respawn at the spawn point', async () => {
    const died = once(bob, 'death');
    await server.command('/kill bob');
    await died;
    // mineflayer asks to respawn by itself; the server must answer with a respawn.
    await once(bob, 'spawn');
    await eventually(() => bob.health === 20, 'bob at full health', 5_000);
    expect(bob.entity.position.distanceTo(new Vec3(SPAWN.x, SPAWN.y, SPAWN.z))).toBeLessThan(1);
    expect(count(bob, 'wooden_pickaxe')).toBe(1);
  });

  it('kicks a player, who sees the reason and the connection end', async () => {
    const kicked = once(alice, 'kicked');
    const ended = once(alice, 'end');
    await server.kick('alice', 'time to go');
    expect(JSON.stringify((await kicked)[0])).toContain('time to go');
    await ended;
    await eventually(async () => !(await server.players()).includes('alice'), 'alice gone from the server', 5_000);
  });
});
