import type { PluginState } from '../../core/store/plugin-state.js';
import type { AnyMethodSpec } from '../../core/plugin/method.js';
import { defineMethod, type ActionContext } from '../../core/plugin/method.js';
import { notConfigured } from '../../core/plugin/params.js';
import { meansRequester, sendMessageMethod } from '../../core/plugin/send-message.js';
import type { ActionResult, Requester } from '../../core/types.js';
import { giveItems, followPlayer, gotoPlayer } from './bot/players.js';
import { describe, report } from './bot/status.js';
import { MC_CODES, MinecraftError, failure } from './errors.js';
import { minecraftHints } from './hints.js';
import { giveParams, noParams, obtainParams, playerParams } from './params.js';
import type { MinecraftRuntime } from './runtime.js';
import { runTask } from './task/runner.js';
import { newTask, type TaskState } from './task/state.js';
import { counted } from '../../core/util/text.js';

const REQUIRED = ['MINECRAFT_HOST'];
/** Failures that may go away by themselves: the agent tries again. */
const TRANSIENT = new Set<string>([MC_CODES.disconnected, MC_CODES.notConnected, MC_CODES.timeout, MC_CODES.interrupted]);

/** The player a request means: "me" is the requester, when they wrote from the game. */
export function resolvePlayer(player: string, requester: Requester): string {
  if (!meansRequester(player)) return player;
  if (requester.address.channel === 'minecraft') return requester.address.userId;
  throw new MinecraftError(MC_CODES.unknownPlayer, 'I do not know your player name in the game', { retryable: false, hint: 'say the player\'s name, e.g. "give alice 3 bread"' });
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
          const task = newTask(args.item, args.count);
          const deliverTo = deliversToRequester(ctx);
          return r.exclusive(`getting ${args.count} ${args.item}`, ctx.signal, async (signal) => {
            await runTask(task, { game: r.game, planner: r.planner, data: r.data, progress: (t) => ctx.progress(t) }, signal);
            if (task.status === 'done' && deliverTo) {
              const step = r.context(signal);
              const began = Date.now();
              try {
                const given = await state()?.applied<string>(handOverKey(ctx.idempotencyKey));
                const detail = given ?? (await giveItems(step, deliverTo, args.item, args.count));
                if (given === undefined) await state()?.recordApplied(handOverKey(ctx.idempotencyKey), detail);
                task.stepResults.push({ step: `give ${args.item} to ${deliverTo}`, attempt: 1, ok: true, detail, actions: step.actions, ms: Date.now() - began });
              } catch (error) {
                const coded = error instanceof MinecraftError ? error : new MinecraftError(MC_CODES.game, String(error));
                task.stepResults.push({ step: `give ${args.item} to ${deliverTo}`, attempt: 1, ok: false, detail: coded.message, actions: step.actions });
                task.status = 'failed';
                task.result = { ok: false, code: coded.code, message: `got ${args.count} ${args.item} but could not give it to ${deliverTo}: ${coded.message}` };
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
      reachesOutside: (args, requester) => !(args.player === 'me' || (requester.address.channel === 'minecraft' && requester.address.userId.toLowerCase() === args.player.toLowerCase())),
      run: (args, ctx) =>
        guard(async () => {
          const r = running();
          const player = resolvePlayer(args.player, ctx.requester);
          const earlier = await state()?.applied<ActionResult>(ctx.idempotencyKey);
          if (earlier) return earlier;
          return r.exclusive(`giving ${args.item} to ${player}`, ctx.signal, async (signal) => {
            const step = r.context(signal);
            // "All your cobblestone": as many as it holds now (none is said so).
            const count = args.all ? step.count(args.item) : args.count;
            if (count === 0) throw new MinecraftError(MC_CODES.missingItems, `I have no ${args.item.replace(/_/g, ' ')}`, { retryable: false, hint: `ask me to obtain ${args.item} first` });
            const detail = await giveItems(step, player, args.item, count);
            const result: ActionResult = { ok: true, summary: `I ${detail}.`, data: { player, item: args.item, count, actions: step.actions } };
            await state()?.recordApplied(ctx.idempotencyKey, result);
            return result;
          });
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
          r.chat.say(player, args.text, r.chat.whispers || ctx.requester.address.meta?.['via'] === 'whisper');
          return { ok: true, summary: `Told ${player} in the game.`, data: { to: player, text: args.text } };
        }),
    }),
  };
}
