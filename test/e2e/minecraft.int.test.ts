import mineflayer, { type Bot } from 'mineflayer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invokeMethod } from '../../core/agent/invoke.js';
import type { ActionResult } from '../../core/types.js';
import { silentLogger } from '../../core/util/logger.js';
import type { MinecraftPlugin } from '../../services/minecraft/index.js';
import type { TaskState } from '../../services/minecraft/task/state.js';
import { startMinecraftServer, type MinecraftTestServer } from '../fakes/minecraft/index.js';
import type { TestAssistant } from '../support/assistant.js';
import { startMinecraftAssistant } from '../support/minecraft.js';
import { eventually } from '../support/eventually.js';

/**
 * The Minecraft bot end to end: a whole assistant whose bot joins flying-squid (with the
 * plugins of test/fakes/minecraft) over the real protocol, commanded from the game's chat by
 * players who are plain mineflayer bots.
 */

interface Player {
  bot: Bot;
  /** Every chat line this player has seen. */
  seen: string[];
}

async function join(server: MinecraftTestServer, username: string): Promise<Player> {
  const bot = mineflayer.createBot({ host: server.host, port: server.port, username, version: server.version, hideErrors: true });
  const seen: string[] = [];
  bot.on('messagestr', (line: string) => void seen.push(line));
  await new Promise<void>((resolve, reject) => {
    bot.once('spawn', () => resolve());
    bot.once('error', reject);
    bot.once('kicked', (reason: string) => reject(new Error(`${username} was kicked: ${reason}`)));
  });
  return { bot, seen };
}

describe('the Minecraft bot on a real server', () => {
  let server: MinecraftTestServer;
  let a: TestAssistant;
  let plugin: MinecraftPlugin;
  let alice: Player;
  let mallory: Player;
  const created: Array<{ requestId: string; from: string }> = [];

  beforeAll(async () => {
    server = await startMinecraftServer();
    ({ a, plugin } = await startMinecraftAssistant(server));
    a.engine.events.on('request.created', (e) => void created.push({ requestId: e.requestId, from: e.from.userId }));
    alice = await join(server, 'alice');
    mallory = await join(server, 'mallory');
  }, 60_000);

  afterAll(async () => {
    alice?.bot.quit();
    mallory?.bot.quit();
    await a?.dispose();
    await server?.stop();
  });

  /** A line of alice's chat that the bot said to her: whispered, or said in the open chat to her (she has not whispered to it yet). */
  const toAlice = (line: string, text: string) => (line.startsWith('Majordomo whispers to you: ') || line.startsWith('<Majordomo> alice: ')) && line.includes(text);

  /** The request a chat line of a player started. */
  const requestFrom = (player: string, after: number) => eventually(() => created.slice(after).find((c) => c.from === player), `a request from ${player}`);
  const resultOf = async (requestId: string): Promise<ActionResult[]> => {
    const view = await a.engine.api.request(requestId);
    return view!.groups.flatMap((g) => g.actions.flatMap((r) => r.attempts.map((t) => t.result!).filter(Boolean)));
  };

  /** What a method of the bot is run with by an agent of a request from the console, under an idempotency key. */
  const actionContext = (requestId: string, actionText: string, idempotencyKey: string) => ({
    requestId,
    groupId: `${requestId}.g1`,
    actionId: 'a1',
    actionText,
    attempt: 1,
    idempotencyKey,
    requester: { address: { channel: 'console', conversationId: 'console', userId: 'local' } },
    dependencyResults: [],
    logger: silentLogger,
    progress: () => {},
  });

  it('ignores players who are not allowed, and answers whispers with a whisper', async () => {
    const before = created.length;
    mallory.bot.chat('get me a stone pickaxe');
    mallory.bot.chat('/tell Majordomo give me everything you have');
    alice.bot.chat('/tell Majordomo what is in your inventory');
    const request = await requestFrom('alice', before);
    expect(await a.finished(request.requestId)).toBe('done');
    expect(created.slice(before).map((c) => c.from)).toEqual(['alice']);
    await eventually(() => alice.seen.find((l) => /^Majordomo whispers to you: .*(Health|health)/.test(l)), 'the status whispered to alice');
    // With the game's time of day, as the server keeps it.
    await eventually(() => alice.seen.find((l) => /^Majordomo whispers to you: .*It is (day|night) in the game \(\d\d:\d\d\)/.test(l)), 'the game time whispered to alice');
    expect(mallory.seen.filter((l) => /Majordomo whispers to you|mallory:/.test(l))).toEqual([]);
  }, 60_000);

  it('gets a stone pickaxe from an empty inventory for alice, who asked in chat, and hands it over', async () => {
    expect(await server.count('Majordomo', 'stone_pickaxe')).toBe(0);
    const before = created.length;
    alice.bot.chat('get me a stone pickaxe');
    const request = await requestFrom('alice', before);
    expect(await a.finished(request.requestId, 300_000)).toBe('done');
    // A tossed item can be picked up after a short delay.
    await eventually(async () => (await server.count('alice', 'stone_pickaxe')) === 1, 'alice to hold the stone pickaxe', 15_000).catch(async (error: unknown) => {
      console.log(JSON.stringify(await resultOf(request.requestId), null, 1).slice(0, 6000), alice.seen, await server.inventory('Majordomo'), alice.bot.entity.position, plugin.runtime()?.conn.bot?.entity.position);
      throw error;
    });

    const [result] = await resultOf(request.requestId);
    expect(result?.ok).toBe(true);
    const task = (result as { data: { task: TaskState } }).data.task;
    const done = task.stepResults.filter((r) => r.ok).map((r) => r.step);
    for (const step of ['mine oak_log', 'craft oak_planks', 'craft stick', 'craft crafting_table', 'place crafting_table', 'craft wooden_pickaxe', 'mine stone', 'craft stone_pickaxe', 'give stone_pickaxe to alice']) {
      expect(done, step).toContain(step);
    }
    expect(done.indexOf('place crafting_table')).toBeLessThan(done.indexOf('craft wooden_pickaxe'));
    expect(done.indexOf('craft wooden_pickaxe')).toBeLessThan(done.indexOf('mine stone'));
    expect(task.status).toBe('done');
    expect(task.guide).toEqual(expect.arrayContaining(['wood', 'stone']));
    // The task's state is in the report the supervisor files, not only in the agent's context.
    const reported = (await a.engine.api.request(request.requestId))!.reports.flatMap((r) => r.actions.flatMap((x) => x.attempts.map((t) => t.result)));
    expect((reported[0] as { data?: { task?: TaskState } }).data?.task).toEqual(task);
    await eventually(() => alice.seen.find((l) => /^<Majordomo> alice: .*stone pickaxe/.test(l) || /^Majordomo whispers to you: .*stone pickaxe/.test(l)), 'the answer in chat');
  }, 320_000);

  it('asks in chat before giving to someone else, and takes the answer from chat', async () => {
    await server.command('/give Majordomo oak_planks 2');
    await eventually(() => (plugin.runtime()?.conn.bot?.inventory.items().filter((i) => i.name === 'oak_planks').reduce((n, i) => n + i.count, 0) ?? 0) >= 2, 'the bot to hold planks');
    // Away from alice, so that what is tossed to mallory lands by mallory only.
    await server.command('/tp mallory 0.5 5 5.5');
    await eventually(() => mallory.bot.entity.position.distanceTo(alice.bot.entity.position) > 4, 'mallory away from alice', 10_000);
    const had = await server.count('mallory', 'oak_planks');
    const before = created.length;
    alice.bot.chat('give mallory 2 oak planks');
    const request = await requestFrom('alice', before);
    const question = await eventually(async () => (await a.engine.api.questions({ status: ['open'] })).find((q) => q.requestId === request.requestId), 'the question');
    expect(question.address).toMatchObject({ channel: 'minecraft', userId: 'alice' });
    await eventually(() => alice.seen.find((l) => toAlice(l, question.text.split('\n')[0]!.slice(0, 40))), 'the question in alice\'s chat');
    alice.bot.chat('yes');
    expect(await a.finished(request.requestId, 60_000)).toBe('done');
    await eventually(async () => (await server.count('mallory', 'oak_planks')) === had + 2, 'mallory to hold the planks', 15_000);
  }, 90_000);

  it('tells a player what alice asked it to tell them, in the game (it was mailed), once she confirms', async () => {
    const before = created.length;
    alice.bot.chat('tell mallory the farm is ready');
    const request = await requestFrom('alice', before);
    const view = await a.engine.api.request(request.requestId);
    expect(view!.groups[0]!.actions[0]!.action.decision).toMatchObject({ kind: 'call', target: 'minecraft.send_message', args: { to: 'mallory', text: 'the farm is ready' } });
    const question = await eventually(async () => (await a.engine.api.questions({ status: ['open'] })).find((q) => q.requestId === request.requestId), 'the question');
    await eventually(() => alice.seen.find((l) => toAlice(l, question.text.split('\n')[0]!.slice(0, 40))), 'the question in alice\'s chat');
    alice.bot.chat('yes');
    expect(await a.finished(request.requestId, 60_000)).toBe('done');
    await eventually(() => mallory.seen.find((l) => l.includes('the farm is ready')), 'the message in mallory\'s chat');

    // Someone not in the game: said so, and nothing is said into the chat for no one.
    const next = created.length;
    alice.bot.chat('tell zed the farm is ready');
    const toZed = await requestFrom('alice', next);
    const confirm = await eventually(async () => (await a.engine.api.questions({ status: ['open'] })).find((q) => q.requestId === toZed.requestId), 'the question about zed');
    alice.bot.chat('yes');
    const stuck = await eventually(async () => (await a.engine.api.questions({ status: ['open'] })).find((q) => q.requestId === toZed.requestId && q.id !== confirm.id), 'the question after the failure');
    expect(stuck.text).toMatch(/zed is not in the game/);
    expect(alice.seen.concat(mallory.seen).filter((l) => l.includes('zed:'))).toEqual([]);
    alice.bot.chat('stop');
    await a.finished(toZed.requestId, 30_000);
  }, 90_000);

  it('gives once per idempotency key: the same give again (a run that took over after a crash) returns what was given', async () => {
    await server.command('/give Majordomo oak_planks 1');
    await eventually(() => (plugin.runtime()?.conn.bot?.inventory.items().filter((i) => i.name === 'oak_planks').reduce((n, i) => n + i.count, 0) ?? 0) >= 1, 'the bot to hold a plank');
    const had = await server.count('mallory', 'oak_planks');
    const entry = a.registry.catalog().get('minecraft.give_item')!;
    const ctx = actionContext('r-give', 'give mallory an oak plank', 'r-give:a1:1');
    const first = await invokeMethod(entry, { player: 'mallory', item: 'oak_planks', count: 1 }, ctx, 60_000);
    expect(first).toMatchObject({ ok: true, data: { player: 'mallory', item: 'oak_planks', count: 1 } });
    await eventually(async () => (await server.count('mallory', 'oak_planks')) === had + 1, 'mallory to hold the plank', 15_000);
    // The bot holds another plank now: a second give would go through, were it not the same one.
    await server.command('/give Majordomo oak_planks 1');
    await eventually(() => (plugin.runtime()?.conn.bot?.inventory.items().filter((i) => i.name === 'oak_planks').reduce((n, i) => n + i.count, 0) ?? 0) >= 1, 'the bot to hold a plank again');
    expect(await invokeMethod(entry, { player: 'mallory', item: 'oak_planks', count: 1 }, ctx, 60_000)).toEqual(first);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await server.count('mallory', 'oak_planks')).toBe(had + 1);
  }, 60_000);

  it('gives all it holds of an item when asked for all of them, and says so when it holds none', async () => {
    const planks = () => plugin.runtime()?.conn.bot?.inventory.items().filter((i) => i.name === 'oak_planks').reduce((n, i) => n + i.count, 0) ?? 0;
    await server.command('/give Majordomo oak_planks 3');
    await eventually(() => planks() >= 3, 'the bot to hold planks');
    const had = await server.count('mallory', 'oak_planks');
    const entry = a.registry.catalog().get('minecraft.give_item')!;
    const ctx = (key: string) => actionContext('r-all', 'give mallory all your oak planks', key);
    const all = await invokeMethod(entry, { player: 'mallory', item: 'oak_planks', count: 1, all: true }, ctx('r-all:a1:1'), 60_000);
    expect(all).toMatchObject({ ok: true, data: { player: 'mallory', item: 'oak_planks' } });
    // As many as it held then (planks left from other tests included), and mallory gets them all.
    const given = (all as { data: { count: number } }).data.count;
    expect(given).toBeGreaterThanOrEqual(3);
    await eventually(async () => (await server.count('mallory', 'oak_planks')) === had + given, 'mallory to hold every plank', 15_000);
    // All of something it holds none of: said so, nothing given.
    expect(await invokeMethod(entry, { player: 'mallory', item: 'diamond', count: 1, all: true }, ctx('r-all:a1:2'), 60_000)).toMatchObject({
      ok: false,
      error: { message: 'I have no diamond' },
    });
  }, 60_000);

  it('gives half of what it holds of an item when asked for half, rounded down, and says so when one is all it holds', async () => {
    const held = (name: string) => plugin.runtime()?.conn.bot?.inventory.items().filter((i) => i.name === name).reduce((n, i) => n + i.count, 0) ?? 0;
    await server.command('/give Majordomo stick 9');
    await eventually(() => held('stick') >= 9, 'the bot to hold sticks');
    const before = held('stick');
    const had = await server.count('mallory', 'stick');
    const entry = a.registry.catalog().get('minecraft.give_item')!;
    const ctx = (key: string) => actionContext('r-half', 'give mallory half of your sticks', key);
    const half = await invokeMethod(entry, { player: 'mallory', item: 'stick', count: 1, half: true }, ctx('r-half:a1:1'), 60_000);
    expect(half).toMatchObject({ ok: true, data: { player: 'mallory', item: 'stick', count: Math.floor(before / 2) } });
    await eventually(async () => (await server.count('mallory', 'stick')) === had + Math.floor(before / 2), 'mallory to hold half the sticks', 15_000);
    await eventually(() => held('stick') === before - Math.floor(before / 2), 'the bot to keep the other half');
    // Half of one is none: said so, nothing given.
    await server.command('/give Majordomo emerald 1');
    await eventually(() => held('emerald') === 1, 'the bot to hold one emerald');
    expect(await invokeMethod(entry, { player: 'mallory', item: 'emerald', count: 1, half: true }, ctx('r-half:a1:2'), 60_000)).toMatchObject({
      ok: false,
      error: { message: 'I have only one emerald, and half of it is none' },
    });
    expect(held('emerald')).toBe(1);
  }, 60_000);

  it('gives the best of its kind that it holds for an item said without its material ("give mallory your sword", "... some food")', async () => {
    const holds = (name: string) => plugin.runtime()?.conn.bot?.inventory.items().filter((i) => i.name === name).reduce((n, i) => n + i.count, 0) ?? 0;
    await server.command('/give Majordomo stone_sword 1');
    await server.command('/give Majordomo iron_sword 1');
    await eventually(() => holds('stone_sword') >= 1 && holds('iron_sword') >= 1, 'the bot to hold both swords');
    expect(holds('wooden_sword')).toBe(0);
    const had = await server.count('mallory', 'iron_sword');
    const entry = a.registry.catalog().get('minecraft.give_item')!;
    const given = await invokeMethod(entry, { player: 'mallory', item: 'wooden_sword', count: 1, anyKind: true }, actionContext('r-kind', 'give mallory your sword', 'r-kind:a1:1'), 60_000);
    expect(given).toMatchObject({ ok: true, data: { player: 'mallory', item: 'iron_sword', count: 1 } });
    await eventually(async () => (await server.count('mallory', 'iron_sword')) === had + 1, 'mallory to hold the iron sword', 15_000);
    expect(holds('stone_sword')).toBe(1);
    // Food said as such: the most filling the bot holds.
    await server.command('/give Majordomo cooked_beef 2');
    await eventually(() => holds('cooked_beef') >= 2, 'the bot to hold the beef');
    const fed = await server.count('mallory', 'cooked_beef');
    expect(await invokeMethod(entry, { player: 'mallory', item: 'bread', count: 1, anyKind: true }, actionContext('r-kind', 'give mallory some food', 'r-kind:a1:3'), 60_000)).toMatchObject({
      ok: true,
      data: { item: 'cooked_beef', count: 1 },
    });
    await eventually(async () => (await server.count('mallory', 'cooked_beef')) === fed + 1, 'mallory to hold the beef', 15_000);
    // Said with its material, it is that one or none.
    expect(await invokeMethod(entry, { player: 'mallory', item: 'wooden_sword', count: 1 }, actionContext('r-kind', 'give mallory your wooden sword', 'r-kind:a1:2'), 60_000)).toMatchObject({
      ok: false,
      error: { message: 'I have 0 wooden_sword, not 1' },
    });
  }, 60_000);

  it('gets one of its kind that it holds for an item said without its material ("get me a shovel"), and hands it over once', async () => {
    const holds = (name: string) => plugin.runtime()?.conn.bot?.inventory.items().filter((i) => i.name === name).reduce((n, i) => n + i.count, 0) ?? 0;
    await server.command('/give Majordomo iron_shovel 1');
    await eventually(() => holds('iron_shovel') >= 1, 'the bot to hold an iron shovel');
    expect(holds('wooden_shovel')).toBe(0);
    const had = await server.count('mallory', 'iron_shovel');
    const entry = a.registry.catalog().get('minecraft.obtain_item')!;
    // Asked in the game by mallory: handed to her.
    const inGame = (key: string) => ({ ...actionContext('r-get-kind', 'get me a shovel', key), requester: { address: { channel: 'minecraft', conversationId: 'mallory', userId: 'mallory' } } });
    const got = await invokeMethod(entry, { item: 'wooden_shovel', count: 1, anyKind: true }, inGame('r-get-kind:a1:1'), 120_000);
    expect(got).toMatchObject({ ok: true, summary: expect.stringMatching(/^Here you go, mallory: got 1 iron shovel and gave it to you/) });
    await eventually(async () => (await server.count('mallory', 'iron_shovel')) === had + 1, 'mallory to hold the iron shovel', 15_000);
    // Nothing was made for it.
    expect(holds('wooden_shovel')).toBe(0);
    // Run again under the same key (a run taking over after a crash): handed over already, nothing is made or given again.
    const again = await invokeMethod(entry, { item: 'wooden_shovel', count: 1, anyKind: true }, inGame('r-get-kind:a1:1'), 60_000);
    expect(again).toMatchObject({ ok: true, summary: expect.stringMatching(/^Here you go, mallory: I /) });
    expect(holds('wooden_shovel')).toBe(0);
    expect(await server.count('mallory', 'iron_shovel')).toBe(had + 1);
  }, 150_000);

  it('drops what it is told to where it stands, for no one, once per idempotency key, and keeps what it did not drop', async () => {
    const held = () => plugin.runtime()?.conn.bot?.inventory.items().filter((i) => i.name === 'cobblestone').reduce((n, i) => n + i.count, 0) ?? 0;
    const before = held();
    await server.command('/give Majordomo cobblestone 5');
    await eventually(() => held() >= before + 5, 'the bot to hold the cobblestone');
    const had = held();
    const entry = a.registry.catalog().get('minecraft.drop_item')!;
    const ctx = (key: string) => actionContext('r-drop', 'drop 2 cobblestone', key);
    const first = await invokeMethod(entry, { item: 'cobblestone', count: 2 }, ctx('r-drop:a1:1'), 30_000);
    expect(first).toMatchObject({ ok: true, summary: expect.stringMatching(/^I dropped 2 cobblestone at /), data: { item: 'cobblestone', count: 2 } });
    await eventually(async () => (await server.count('Majordomo', 'cobblestone')) === had - 2, 'the server to take the cobblestone from the bot', 15_000);
    // On the ground near it, as an item anyone may pick up.
    await eventually(() => plugin.runtime()?.conn.bot?.nearestEntity((e) => e.name === 'item' && e.position.distanceTo(plugin.runtime()!.conn.bot!.entity.position) < 8), 'the cobblestone on the ground');
    // The same drop again (a run that took over after a crash) drops nothing more.
    expect(await invokeMethod(entry, { item: 'cobblestone', count: 2 }, ctx('r-drop:a1:1'), 30_000)).toEqual(first);
    // Thrown ahead, out of its own reach: past the time its thrower may take it back, it still holds 2 fewer.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(held()).toBe(had - 2);
    expect(await server.count('Majordomo', 'cobblestone')).toBe(had - 2);
    // All of it; then more than it holds is said, and nothing is dropped.
    const all = await invokeMethod(entry, { item: 'cobblestone', count: 1, all: true }, ctx('r-drop:a1:2'), 30_000);
    expect(all).toMatchObject({ ok: true, data: { item: 'cobblestone', count: had - 2 } });
    await eventually(async () => (await server.count('Majordomo', 'cobblestone')) === 0, 'the bot to hold no cobblestone', 15_000);
    expect(await invokeMethod(entry, { item: 'cobblestone', count: 3 }, ctx('r-drop:a1:3'), 30_000)).toMatchObject({ ok: false, error: { message: 'I have 0 cobblestone, not 3' } });
  }, 90_000);

  it('drops everything it carries, or gives it all to a player, each kind once', async () => {
    const bot = () => plugin.runtime()!.conn.bot!;
    const carried = () => bot().inventory.items().reduce((n, i) => n + i.count, 0);
    const entry = a.registry.catalog().get('minecraft.empty_inventory')!;
    await server.command('/give Majordomo dirt 3');
    await server.command('/give Majordomo stick 2');
    await eventually(() => bot().inventory.items().some((i) => i.name === 'stick'), 'the bot to hold the sticks');
    const kinds = new Set(bot().inventory.items().map((i) => i.name)).size;
    const dropped = await invokeMethod(entry, {}, actionContext('r-empty', 'drop everything', 'r-empty:a1:1'), 60_000);
    expect(dropped).toMatchObject({ ok: true, summary: expect.stringMatching(/^I dropped .*3 dirt.* at /) });
    expect((dropped as { data: { items: unknown[] } }).data.items).toHaveLength(kinds);
    await eventually(async () => (await server.count('Majordomo', 'dirt')) === 0 && (await server.count('Majordomo', 'stick')) === 0, 'the server to take it all from the bot', 15_000);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(carried()).toBe(0);
    // The same again (a run that took over after a crash) says what it did, and drops nothing more.
    expect(await invokeMethod(entry, {}, actionContext('r-empty', 'drop everything', 'r-empty:a1:1'), 30_000)).toEqual(dropped);

    await server.command('/give Majordomo dirt 4');
    await server.command('/give Majordomo bread 2');
    await eventually(() => bot().inventory.items().some((i) => i.name === 'bread'), 'the bot to hold the bread');
    const had = { dirt: await server.count('mallory', 'dirt'), bread: await server.count('mallory', 'bread') };
    const inGame = { ...actionContext('r-everything', 'give me everything', 'r-everything:a1:1'), requester: { address: { channel: 'minecraft', conversationId: 'mallory', userId: 'mallory' } } };
    const given = await invokeMethod(entry, { player: 'me' }, inGame, 90_000);
    expect(given).toMatchObject({ ok: true, summary: expect.stringMatching(/^I gave (4 dirt and 2 bread|2 bread and 4 dirt) to mallory\.$/) });
    await eventually(async () => (await server.count('mallory', 'dirt')) === had.dirt + 4 && (await server.count('mallory', 'bread')) === had.bread + 2, 'mallory to hold it all', 15_000);
    expect(carried()).toBe(0);
    // With nothing left, it says so.
    expect(await invokeMethod(entry, {}, actionContext('r-none', 'drop everything', 'r-none:a1:1'), 30_000)).toMatchObject({ ok: true, summary: 'I carry nothing, so there was nothing to hand over.' });
  }, 150_000);

  it('comes to alice, follows her until she says stop', async () => {
    const runtime = plugin.runtime()!;
    await server.command('/tp alice 6.5 5 -6.5');
    await eventually(() => alice.bot.entity.position.distanceTo(runtime.conn.bot!.entity.position) > 5, 'alice away from the bot', 10_000);
    let before = created.length;
    alice.bot.chat('come here');
    expect(await a.finished((await requestFrom('alice', before)).requestId, 60_000)).toBe('done');
    expect(runtime.conn.bot!.entity.position.distanceTo(alice.bot.entity.position)).toBeLessThan(3.5);

    before = created.length;
    alice.bot.chat('follow me');
    expect(await a.finished((await requestFrom('alice', before)).requestId, 30_000)).toBe('done');
    expect(runtime.activity()).toBe('following alice');
    await server.command('/tp alice -1.5 5 -2.5');
    await eventually(() => runtime.conn.bot!.entity.position.distanceTo(alice.bot.entity.position) < 3.5, 'the bot to follow alice', 30_000);

    before = created.length;
    alice.bot.chat('stop');
    expect(await a.finished((await requestFrom('alice', before)).requestId, 30_000)).toBe('done');
    expect(runtime.activity()).toBe('idle');
    expect(runtime.conn.bot!.pathfinder.goal).toBeNull();
  }, 120_000);

  it('remembers where alice stands when she names the place in chat, and goes there when asked', async () => {
    const runtime = plugin.runtime()!;
    await server.command('/tp alice 4.5 5 4.5');
    await eventually(() => Math.floor(alice.bot.entity.position.x) === 4 && Math.floor(alice.bot.entity.position.z) === 4, 'alice at 4 5 4', 10_000);
    let before = created.length;
    alice.bot.chat('remember this place as the camp');
    expect(await a.finished((await requestFrom('alice', before)).requestId, 30_000)).toBe('done');
    expect((await a.memory!.places.called('camp')).map((p) => [p.position.x, p.position.y, p.position.z])).toEqual([[4, 5, 4]]);
    await eventually(() => alice.seen.find((l) => /camp at 4 5 4, where you stand/.test(l)), 'the answer in chat');

    await server.command('/tp alice -4.5 5 -1.5');
    before = created.length;
    alice.bot.chat('go to the camp');
    expect(await a.finished((await requestFrom('alice', before)).requestId, 60_000)).toBe('done');
    const at = runtime.conn.bot!.entity.position;
    expect(Math.hypot(at.x - 4.5, at.z - 4.5)).toBeLessThan(1.5);

    // How far it is, from alice, who asks and whom the bot sees.
    before = created.length;
    alice.bot.chat('how far is the camp');
    expect(await a.finished((await requestFrom('alice', before)).requestId, 30_000)).toBe('done');
    const far = await eventually(() => alice.seen.find((l) => /camp at 4 5 4, \d+ blocks from you/.test(l)), 'the distance in chat');
    const mine = alice.bot.entity.position.floored();
    expect(Number(/, (\d+) blocks from you/.exec(far)![1])).toBe(Math.round(Math.hypot(mine.x - 4, mine.y - 5, mine.z - 4)));

    // Forgotten when asked: going there again is refused with what it knows.
    before = created.length;
    alice.bot.chat('forget where the camp is');
    expect(await a.finished((await requestFrom('alice', before)).requestId, 30_000)).toBe('done');
    await eventually(() => alice.seen.find((l) => /I forgot camp, which was at 4 5 4/.test(l)), 'the answer in chat');
    expect(await a.memory!.places.called('camp')).toEqual([]);
    const entry = a.registry.catalog().get('minecraft.forget_place')!;
    expect(await invokeMethod(entry, { place: 'camp' }, actionContext('r-forget', 'forget the place called camp', 'r-forget:a1:1'), 10_000)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^I know no place called camp/) },
    });
  }, 90_000);

  it('fails the step under way with a clear error when the connection drops, and joins again', async () => {
    const runtime = plugin.runtime()!;
    const joins = runtime.conn.joins;
    const before = created.length;
    alice.bot.chat('get me 30 oak logs');
    const request = await requestFrom('alice', before);
    await eventually(() => runtime.activity().startsWith('getting') && runtime.conn.bot?.pathfinder.isMoving(), 'the bot to be at work', 60_000);
    await server.kick('Majordomo', 'kicked by the test');
    const failed = await eventually(async () => (await resultOf(request.requestId)).find((r) => !r.ok), 'the failed attempt', 30_000);
    expect(failed).toMatchObject({ ok: false, retryable: true, error: { code: 'MC_ERR_DISCONNECTED' } });
    if (failed.ok) throw new Error('unreachable');
    expect(failed.error.message).toMatch(/^failed at step 'mine oak_log': lost the connection to the Minecraft server \(kicked/);
    expect((failed.data as { task: TaskState }).task.errors.at(-1)).toMatchObject({ step: 'mine oak_log', code: 'MC_ERR_DISCONNECTED' });
    await eventually(() => runtime.conn.joins > joins && runtime.conn.bot, 'the bot to join again', 30_000);
    expect(await server.players()).toContain('Majordomo');
    expect(plugin.health?.().state).toBe('up');
    runtime.stopActivity();
  }, 120_000);
});
