import type { PluginState } from '../../core/store/plugin-state.js';
import type { AnyMethodSpec } from '../../core/plugin/method.js';
import { defineMethod, type ActionContext } from '../../core/plugin/method.js';
import { notConfigured } from '../../core/plugin/params.js';
import { meansRequester, sendMessageMethod } from '../../core/plugin/send-message.js';
import type { ActionResult, Requester } from '../../core/types.js';
import type { Place, PlaceMemory } from '../../core/memory/places.js';
import type { Bot } from 'mineflayer';
import { gotoPosition } from './bot/going.js';
import { dropItems, giveItems, followPlayer, gotoPlayer, playerEntity, TOSSED_AT_FEET } from './bot/players.js';
import { dimensionOf } from './bot/sightings.js';
import { position, where, type StepContext } from './bot/calls.js';
import { describe, report } from './bot/status.js';
import { MC_CODES, MinecraftError, failure } from './errors.js';
import { minecraftHints } from './hints.js';
import { sameKindHeld } from './items.js';
import { dropParams, emptyParams, findPlaceParams, giveParams, gotoPlaceParams, noParams, obtainParams, playerParams, rememberPlaceParams } from './params.js';
import { placeName } from './places.js';
import type { MinecraftRuntime } from './runtime.js';
import { runTask } from './task/runner.js';
import { newTask, type Position, type TaskState } from './task/state.js';
import { counted, joined } from '../../core/util/text.js';

const REQUIRED = ['MINECRAFT_HOST'];
/** Failures that may go away by themselves: the agent tries again. */
const TRANSIENT = new Set<string>([MC_CODES.disconnected, MC_CODES.notConnected, MC_CODES.timeout, MC_CODES.interrupted]);

/** The player a request means: "me" is the requester, when they wrote from the game. */
export function resolvePlayer(player: string, requester: Requester): string {
  if (!meansRequester(player)) return player;
  if (requester.address.channel === 'minecraft') return requester.address.userId;
  throw new MinecraftError(MC_CODES.unknownPlayer, 'I do not know your player name in the game', { retryable: false, hint: 'say the player\'s name, e.g. "give alice 3 bread"' });
}

/** Whether giving to `player` gives to someone other than the requester (asked first, where the household wants that). */
function givesToOther(player: string, requester: Requester): boolean {
  return !(player === 'me' || (requester.address.channel === 'minecraft' && requester.address.userId.toLowerCase() === player.toLowerCase()));
}

/** Whether "get me …" from a player in the game means the item should end up with them. */
export function deliversToRequester(ctx: ActionContext): string | undefined {
  if (ctx.requester.address.channel !== 'minecraft') return undefined;
  return /\b(me|for me|to me)\b/i.test(ctx.actionText) ? ctx.requester.address.userId : undefined;
}

function summaryOf(task: TaskState, gaveTo: string | undefined): string {
  const what = `${task.goal.count} ${task.goal.item.replace(/_/g, ' ')}`;
  const steps = task.stepResults.filter((r) => r.ok).length;
  const retries = task.errors.length > 0 ? `, ${task.errors.length} failed attempt${task.errors.length === 1 ? '' : 's'} on the way` : '';
  return `${gaveTo ? `Here you go, ${gaveTo}: ` : ''}got ${what}${gaveTo ? ' and gave it to you' : ''} (${counted(steps, 'step')}, ${task.actions} game actions${retries}).`;
}

/** "Remember where you are as the mine": the bot's own position, not the requester's. */
const BOTS_OWN = /\b(?:where you (?:are|stand)|your (?:position|location|spot|coordinates))\b/;

/** Whether a place was named in another world than the bot's: it cannot walk there. */
function elsewhere(place: Place, bot: Bot): string | undefined {
  const here = dimensionOf(bot);
  return place.dimension === here ? undefined : `${place.what.replace(/_/g, ' ')} is in ${place.dimension.replace(/_/g, ' ')}, and I am in ${here.replace(/_/g, ' ')}`;
}

/** Long-term memory is off: no place is kept, so none is known by name. */
function noPlaceMemory(so: string, otherwise = ''): MinecraftError {
  return new MinecraftError(MC_CODES.unknownPlace, `I keep no memory of places, so I ${so}`, { retryable: false, hint: `turn memory on (MAJORDOMO_MEMORY)${otherwise}` });
}

/** The known place a name means, for the bot to walk to: the one so named, else the nearest of that kind in its world. */
async function placeCalled(places: PlaceMemory | undefined, said: string, bot: Bot): Promise<Place> {
  const name = placeName(said);
  const known = places ? await places.called(name) : [];
  const here = position(bot.entity.position);
  const inWorld = known.filter((p) => elsewhere(p, bot) === undefined);
  const distance = (p: Place) => Math.hypot(p.position.x - here.x, p.position.y - here.y, p.position.z - here.z);
  const nearest = [...inWorld].sort((a, b) => distance(a) - distance(b))[0];
  if (nearest) return nearest;
  // The world's spawn point, unless the household named another place so.
  if (name === 'spawn' && known.length === 0 && bot.spawnPoint) {
    return { id: 'spawn', position: position(bot.spawnPoint), dimension: 'overworld', what: 'spawn', seenAt: new Date().toISOString() };
  }
  if (!places) throw noPlaceMemory(`do not know where ${name} is`, ', or give its coordinates: "go to 100 64 -20"');
  if (known[0]) throw new MinecraftError(MC_CODES.unknownPlace, elsewhere(known[0], bot)!, { retryable: false, hint: 'take me to that world first' });
  throw new MinecraftError(MC_CODES.unknownPlace, `I know no place called ${name}`, { retryable: false, hint: `stand there and say "remember this place as ${name}", or give its coordinates: "go to 100 64 -20"` });
}

/** Where someone is, to say how far places are from them: the player who asks when the bot sees them, else the bot. */
interface Seen {
  who: 'you' | 'me';
  at: Position;
  dimension: string;
}

function seenFrom(bot: Bot | undefined, asker: string | undefined): Seen | undefined {
  if (!bot?.entity) return undefined;
  const dimension = dimensionOf(bot);
  const player = asker === undefined ? undefined : Object.values(bot.players).find((p) => p.username.toLowerCase() === asker.toLowerCase())?.entity;
  return player ? { who: 'you', at: position(player.position), dimension } : { who: 'me', at: position(bot.entity.position), dimension };
}

/** Blocks between two places, in a straight line. */
function blocksBetween(a: Position, b: Position): number {
  return Math.round(Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z));
}

/** The most places one answer names. */
const MAX_PLACES_SAID = 10;

/** "farm at 10 64 -20; mine at 5 12 40 (the nether)", the first few, and how many more. */
function placesSaid(found: readonly Place[], from?: Seen): string {
  const shown = found.slice(0, MAX_PLACES_SAID);
  const far = (p: Place) => (from && p.dimension === from.dimension ? `, ${blocksBetween(p.position, from.at)} blocks from ${from.who}` : '');
  const at = (p: Place) => `${p.what.replaceAll('_', ' ')} at ${where(p.position)}${p.dimension === 'overworld' ? '' : ` (the ${p.dimension.replace(/^minecraft:/, '').replace(/^the_/, '').replaceAll('_', ' ')})`}${far(p)}`;
  return `${shown.map(at).join('; ')}${found.length > shown.length ? ` and ${found.length - shown.length} more` : ''}`;
}

/** Another item of the kind of `item` that the bot holds `count` of, when it holds fewer of `item` itself. */
function heldOfKind(step: StepContext, item: string, count: number): string | undefined {
  if (step.count(item) >= count) return undefined;
  const other = sameKindHeld(step.inventory(), item, step.data.data.foodsByName);
  return other !== undefined && step.count(other) >= count ? other : undefined;
}

/** Key, in the plugin's ledger, of the hand-over that ends an `obtain_item` for the requester. */
const handOverKey = (idempotencyKey: string) => `${idempotencyKey}#give`;

/**
 * The Minecraft methods, over the runtime when it runs. Items given away are recorded in the
 * plugin's ledger (`state`) under the action's idempotency key: a give made again with the
 * same key (a run taking over after a crash) returns what was given, and gives nothing.
 */
export function minecraftMethods(configured: boolean, runtime: () => MinecraftRuntime | undefined, state: () => PluginState | undefined = () => undefined): Record<string, AnyMethodSpec> {
  const running = (): MinecraftRuntime => {
    const r = runtime();
    if (!r) throw new MinecraftError(MC_CODES.notConnected, 'the Minecraft bot is not started', { retryable: true });
    return r;
  };
  const guard = async (run: () => Promise<ActionResult>): Promise<ActionResult> => {
    if (!configured) return notConfigured('minecraft', REQUIRED);
    try {
      return await run();
    } catch (error) {
      return failure(error);
    }
  };
  /**
   * Hands items from the inventory over by `act` (to a player, to the ground), once per
   * idempotency key: a run that takes over after a crash gets what was done, not a second go.
   * "All your cobblestone" is as many as the bot holds now; none is said so. "Your pickaxe",
   * said of no material (`anyKind`), is the best pickaxe it holds when it holds too few of the
   * one planned.
   */
  const fromInventory = (
    args: { item: string; count: number; all?: boolean | undefined; half?: boolean | undefined; anyKind?: boolean | undefined },
    ctx: ActionContext,
    doing: string,
    act: (step: StepContext, item: string, count: number) => Promise<string>,
    data: Record<string, unknown>,
  ) =>
    guard(async () => {
      const r = running();
      const earlier = await state()?.applied<ActionResult>(ctx.idempotencyKey);
      if (earlier) return earlier;
      return r.exclusive(doing, ctx.signal, async (signal) => {
        const step = r.context(signal);
        const item = args.anyKind ? (heldOfKind(step, args.item, args.all || args.half ? 1 : args.count) ?? args.item) : args.item;
        const held = step.count(item);
        const count = args.all ? held : args.half ? Math.floor(held / 2) : args.count;
        const name = item.replace(/_/g, ' ');
        if ((args.all || args.half) && held === 0) throw new MinecraftError(MC_CODES.missingItems, `I have no ${name}`, { retryable: false, hint: `ask me to obtain ${item} first` });
        if (count === 0) throw new MinecraftError(MC_CODES.missingItems, `I have only one ${name}, and half of it is none`, { retryable: false, hint: `ask for that one, or get me more ${name} first` });
        const detail = await act(step, item, count);
        const result: ActionResult = { ok: true, summary: `I ${detail}.`, data: { ...data, item, count, actions: step.actions } };
        await state()?.recordApplied(ctx.idempotencyKey, result);
        return result;
      });
    });
  return {
    obtain_item: defineMethod({
      description: 'Get items in the game: gather, mine, craft or smelt them as needed',
      params: obtainParams,
      hints: minecraftHints.obtain_item,
      timeoutMs: 600_000,
      run: (args, ctx) =>
        guard(async () => {
          const r = running();
          r.conn.require();
          const deliverTo = deliversToRequester(ctx);
          return r.exclusive(`getting ${args.count} ${args.item}`, ctx.signal, async (signal) => {
            // Run again after the hand-over (a run taking over after a crash): handed over already, nothing is got again.
            const handedOver = deliverTo ? await state()?.applied<string>(handOverKey(ctx.idempotencyKey)) : undefined;
            if (handedOver !== undefined) return { ok: true, summary: `Here you go, ${deliverTo}: I ${handedOver}.`, data: { handedOver } };
            // "Get me a pickaxe" while it holds an iron one: that one, rather than a wooden one made for it.
            const item = args.anyKind ? (heldOfKind(r.context(signal), args.item, args.count) ?? args.item) : args.item;
            const task = newTask(item, args.count);
            await runTask(task, { game: r.game, planner: r.planner, data: r.data, progress: (t) => ctx.progress(t) }, signal);
            if (task.status === 'done' && deliverTo) {
              const step = r.context(signal);
              const began = Date.now();
              try {
                const detail = await giveItems(step, deliverTo, item, args.count);
                await state()?.recordApplied(handOverKey(ctx.idempotencyKey), detail);
                task.stepResults.push({ step: `give ${item} to ${deliverTo}`, attempt: 1, ok: true, detail, actions: step.actions, ms: Date.now() - began });
              } catch (error) {
                const coded = error instanceof MinecraftError ? error : new MinecraftError(MC_CODES.game, String(error));
                task.stepResults.push({ step: `give ${item} to ${deliverTo}`, attempt: 1, ok: false, detail: coded.message, actions: step.actions });
                task.status = 'failed';
                task.result = { ok: false, code: coded.code, message: `got ${args.count} ${item} but could not give it to ${deliverTo}: ${coded.message}` };
              } finally {
                task.actions += step.actions;
              }
            }
            if (task.status === 'done') return { ok: true, summary: summaryOf(task, deliverTo), data: { task } };
            const code = task.result?.code ?? MC_CODES.stepFailed;
            return { ok: false, retryable: TRANSIENT.has(code), error: { code, message: task.result?.message ?? 'the task failed' }, data: { task } };
          });
        }),
    }),
    goto_player: defineMethod({
      description: 'Walk to a player',
      params: playerParams,
      hints: minecraftHints.goto_player,
      timeoutMs: 120_000,
      run: (args, ctx) =>
        guard(async () => {
          const r = running();
          const player = resolvePlayer(args.player, ctx.requester);
          return r.exclusive(`walking to ${player}`, ctx.signal, async (signal) => {
            const step = r.context(signal);
            const detail = await gotoPlayer(step, player);
            return { ok: true, summary: `I ${detail}.`, data: { player, actions: step.actions } };
          });
        }),
    }),
    goto_place: defineMethod({
      description: 'Walk to block coordinates, or to a place the bot knows by name (one the household named, or the nearest chest, bed, crafting table or furnace it saw)',
      params: gotoPlaceParams,
      hints: minecraftHints.goto_place,
      timeoutMs: 120_000,
      run: (args, ctx) =>
        guard(async () => {
          const r = running();
          const bot = r.conn.require();
          const place = args.place === undefined ? undefined : await placeCalled(r.places, args.place, bot);
          const to = place?.position ?? args.position!;
          const what = place ? placeName(args.place!) : `${to.x}${to.y === undefined ? '' : ` ${to.y}`} ${to.z}`;
          return r.exclusive(`walking to ${what}`, ctx.signal, async (signal) => {
            const step = r.context(signal);
            const detail = await gotoPosition(step, to, what);
            return { ok: true, summary: `I ${detail}.`, data: { to, ...(place ? { place } : {}), actions: step.actions } };
          });
        }),
    }),
    remember_place: defineMethod({
      description: 'Remember a place by a name ("remember this place as home"): where the player who asks stands, where the bot is, or the coordinates said',
      params: rememberPlaceParams,
      hints: minecraftHints.remember_place,
      flags: { idempotent: true },
      run: (args, ctx) =>
        guard(async () => {
          const r = running();
          const bot = r.conn.require();
          const name = placeName(args.name);
          if (!r.places) throw noPlaceMemory(`cannot remember ${name}`);
          const player = ctx.requester.address.channel === 'minecraft' && !BOTS_OWN.test(ctx.actionText) ? ctx.requester.address.userId : undefined;
          // Said from the game, "this place" is where the player stands; from elsewhere, where the bot is.
          const at = args.position ?? position((player ? playerEntity(bot, player) : bot.entity).position);
          const place = await r.places.name({ position: { x: at.x, y: at.y!, z: at.z }, dimension: dimensionOf(bot), what: name, note: `named by ${ctx.requester.address.userId}` });
          const whose = args.position ? '' : player ? ', where you stand' : ', where I am';
          return { ok: true, summary: `I will remember ${name} at ${where(place.position)}${whose}: say "go to ${name}" to send me there.`, data: { place } };
        }),
    }),
    follow_player: defineMethod({
      description: 'Follow a player until told to stop',
      params: playerParams,
      hints: minecraftHints.follow_player,
      run: (args, ctx) =>
        guard(async () => {
          const r = running();
          const player = resolvePlayer(args.player, ctx.requester);
          return r.exclusive(`starting to follow ${player}`, ctx.signal, async (signal) => {
            const detail = followPlayer(r.context(signal), player);
            r.follow(player);
            return { ok: true, summary: `I am ${detail}.`, data: { player } };
          });
        }),
    }),
    give_item: defineMethod({
      description: 'Walk to a player and give them items from the bot\'s inventory',
      params: giveParams,
      hints: minecraftHints.give_item,
      timeoutMs: 120_000,
      reachesOutside: (args, requester) => givesToOther(args.player, requester),
      run: (args, ctx) => {
        const player = resolvePlayer(args.player, ctx.requester);
        return fromInventory(args, ctx, `giving ${args.item} to ${player}`, (step, item, count) => giveItems(step, player, item, count), { player });
      },
    }),
    empty_inventory: defineMethod({
      description: 'Drop everything the bot carries where it stands, or give it all to a player ("drop everything", "give me all your stuff"); what it wears stays on',
      params: emptyParams,
      hints: minecraftHints.empty_inventory,
      timeoutMs: 180_000,
      reachesOutside: (args, requester) => args.player !== undefined && givesToOther(args.player, requester),
      run: (args, ctx) =>
        guard(async () => {
          const r = running();
          const earlier = await state()?.applied<ActionResult>(ctx.idempotencyKey);
          if (earlier) return earlier;
          const player = args.player !== undefined ? resolvePlayer(args.player, ctx.requester) : undefined;
          return r.exclusive(player ? `giving everything to ${player}` : 'dropping everything', ctx.signal, async (signal) => {
            const step = r.context(signal);
            // Each kind once, all of it: its stacks go together.
            const held = new Map<string, number>();
            for (const i of step.bot.inventory.items()) held.set(i.name, (held.get(i.name) ?? 0) + i.count);
            const items = [...held].map(([item, count]) => ({ item, count }));
            let caught = true;
            for (const { item, count } of items) {
              if (!player) await dropItems(step, item, count);
              else if ((await giveItems(step, player, item, count)).endsWith(TOSSED_AT_FEET)) caught = false;
            }
            const said = items.map(({ item, count }) => `${count} ${item.replace(/_/g, ' ')}`);
            const listed = joined(said);
            const summary =
              items.length === 0
                ? 'I carry nothing, so there was nothing to hand over.'
                : player
                  ? `I gave ${listed} to ${player}${caught ? '' : ` ${TOSSED_AT_FEET}`}.`
                  : `I dropped ${listed} at ${where(position(step.bot.entity.position))}.`;
            const result: ActionResult = { ok: true, summary, data: { items, ...(player ? { player } : {}), actions: step.actions } };
            await state()?.recordApplied(ctx.idempotencyKey, result);
            return result;
          });
        }),
    }),
    drop_item: defineMethod({
      description: 'Drop items from the bot\'s inventory where it stands, for no one ("drop the dirt", "throw away all your gravel")',
      params: dropParams,
      hints: minecraftHints.drop_item,
      timeoutMs: 30_000,
      run: (args, ctx) => fromInventory(args, ctx, `dropping ${args.item}`, (step, item, count) => dropItems(step, item, count), {}),
    }),
    list_places: defineMethod({
      description: 'Say where every place the household named is ("what places do you know")',
      params: noParams,
      hints: minecraftHints.list_places,
      flags: { readOnly: true, idempotent: true },
      run: () =>
        guard(async () => {
          const places = running().places;
          if (!places) throw noPlaceMemory('know no places');
          const found = await places.named();
          if (found.length === 0) return { ok: true, summary: 'I know no places by name yet: stand somewhere and say "remember this place as home".', data: { places: [] } };
          return { ok: true, summary: `The places I know: ${placesSaid(found)}.`, data: { places: found } };
        }),
    }),
    find_place: defineMethod({
      description: 'Say where a place the bot knows is: one the household named, or the blocks of a kind it saw ("where is the farm", "where are the chests")',
      params: findPlaceParams,
      hints: minecraftHints.find_place,
      flags: { readOnly: true, idempotent: true },
      run: (args, ctx) =>
        guard(async () => {
          const r = running();
          const places = r.places;
          const name = placeName(args.place);
          if (!places) throw noPlaceMemory(`do not know where ${name} is`);
          const found = await places.called(name);
          if (found.length === 0) throw new MinecraftError(MC_CODES.unknownPlace, `I know no place called ${name}`, { retryable: false, hint: `stand there and say "remember this place as ${name}"` });
          // "How far is home": from the player who asks, when the bot sees them; else from the bot.
          const from = seenFrom(r.conn.bot, ctx.requester.address.channel === 'minecraft' ? ctx.requester.address.userId : undefined);
          return { ok: true, summary: `${found.length === 1 ? 'It is' : `I know ${found.length}`}: ${placesSaid(found, from)}.`, data: { places: found } };
        }),
    }),
    forget_place: defineMethod({
      description: 'Forget a place the household named ("forget home", "forget where the farm is"); the blocks of a kind the bot saw are not forgotten so',
      params: findPlaceParams,
      hints: minecraftHints.forget_place,
      flags: { idempotent: true },
      run: (args, ctx) =>
        guard(async () => {
          const places = running().places;
          const name = placeName(args.place);
          if (!places) throw noPlaceMemory(`know no place called ${name}`);
          // Run again after a crash: what the first run forgot.
          const earlier = await state()?.applied<ActionResult>(ctx.idempotencyKey);
          if (earlier) return earlier;
          const found = await places.forgetNamed(name);
          if (found.length === 0) {
            const named = await places.named();
            const known = named.length > 0 ? ` (the places I know: ${joined(named.map((p) => p.what.replaceAll('_', ' ')))})` : '';
            throw new MinecraftError(MC_CODES.unknownPlace, `I know no place called ${name}${known}`, { retryable: false, hint: 'say the name of a place I was told to remember' });
          }
          const result: ActionResult = { ok: true, summary: `I forgot ${name}, which was at ${found.map((p) => where(p.position)).join(' and ')}.`, data: { forgot: found } };
          await state()?.recordApplied(ctx.idempotencyKey, result);
          return result;
        }),
    }),
    status: defineMethod({
      description: "The bot's health, food, position, inventory and surroundings",
      params: noParams,
      hints: minecraftHints.status,
      flags: { readOnly: true, idempotent: true },
      run: () =>
        guard(async () => {
          const r = running();
          const snapshot = report(r.conn.require(), r.activity());
          return { ok: true, summary: describe(snapshot), data: { status: snapshot, reflexes: r.reflexes.log.slice(-5) } };
        }),
    }),
    stop: defineMethod({
      description: 'Stop what the bot is doing',
      params: noParams,
      hints: minecraftHints.stop,
      flags: { idempotent: true },
      run: () =>
        guard(async () => {
          const was = running().stopActivity();
          return { ok: true, summary: was === 'idle' ? 'I was not doing anything.' : `Stopped ${was}.`, data: { stopped: was } };
        }),
    }),
    send_message: sendMessageMethod({
      channel: 'minecraft',
      description: 'Say something in the Minecraft chat, or whisper it to a player',
      hints: minecraftHints.send_message,
      isOther: (to, requester) => !(meansRequester(to) || (requester.address.channel === 'minecraft' && to?.toLowerCase() === requester.address.userId.toLowerCase())),
      deliver: (args, ctx) =>
        guard(async () => {
          const r = running();
          if (args.to === undefined && ctx.requester.address.channel !== 'minecraft') {
            r.chat.announce(args.text);
            return { ok: true, summary: 'Said it in the Minecraft chat.', data: { text: args.text } };
          }
          const player = resolvePlayer(args.to ?? 'me', ctx.requester);
          // Said to a player who is not in the game, it would reach no one.
          const bot = r.conn.require();
          if (!Object.values(bot.players).some((p) => p.username.toLowerCase() === player.toLowerCase())) {
            throw new MinecraftError(MC_CODES.unknownPlayer, `${player} is not in the game`, { retryable: false, hint: `ask again once they have joined, or say "email ${player} ..." to mail them` });
          }
          r.chat.say(player, args.text, r.chat.whispers || ctx.requester.address.meta?.['via'] === 'whisper');
          return { ok: true, summary: `Told ${player} in the game.`, data: { to: player, text: args.text } };
        }),
    }),
  };
}
