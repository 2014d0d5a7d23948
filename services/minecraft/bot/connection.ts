import mineflayer, { type Bot } from 'mineflayer';
import pathfinderPlugin from 'mineflayer-pathfinder';
import { TypedEmitter } from '../../../core/events.js';
import type { PluginHealth } from '../../../core/plugin/plugin.js';
import type { Logger } from '../../../core/util/logger.js';
import { DisconnectedError, GameTimeoutError, MC_CODES, MinecraftError, StoppedError } from '../errors.js';
import type { MinecraftSettings } from '../settings.js';

const { pathfinder, Movements } = pathfinderPlugin;

/** What the connection announces. */
export interface ConnectionEvents {
  /** The bot has spawned in the world (first time or after a reconnect). */
  ready: [bot: Bot];
  /** The connection went away; a reconnect is scheduled unless the connection was stopped. */
  lost: [reason: string];
}

export interface ConnectionOptions {
  /** First wait before reconnecting; doubles each failure up to {@link maxBackoffMs}. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How long joining may take before it counts as a failure. */
  joinTimeoutMs?: number;
  createBot?: typeof mineflayer.createBot;
}

/** One session: a bot from creation to its end. */
interface Session {
  bot: Bot;
  spawned: boolean;
  /** Rejects with a DisconnectedError when the session ends. */
  lost: Promise<never>;
  end(reason: string): void;
}

/**
 * The one mineflayer connection that the service's methods and the chat channel share. It
 * joins, rejoins with backoff when the connection is lost, and runs every call to the game
 * under a timeout that also ends when the connection is lost or the caller gives up.
 */
export class BotConnection {
  readonly events = new TypedEmitter<ConnectionEvents>();
  readonly #settings: MinecraftSettings;
  readonly #logger: Logger;
  readonly #options: Required<Omit<ConnectionOptions, 'createBot'>> & { createBot: typeof mineflayer.createBot };
  #session: Session | undefined;
  #stopped = true;
  #failures = 0;
  #timer: NodeJS.Timeout | undefined;
  #lastError: { message: string; at: string } | undefined;
  #detail = 'not started';
  /** Times the bot has joined; tests and the status read it. */
  joins = 0;

  constructor(settings: MinecraftSettings, logger: Logger, options: ConnectionOptions = {}) {
    this.#settings = settings;
    this.#logger = logger;
    this.#options = {
      backoffMs: options.backoffMs ?? 1_000,
      maxBackoffMs: options.maxBackoffMs ?? 30_000,
      joinTimeoutMs: options.joinTimeoutMs ?? 30_000,
      createBot: options.createBot ?? mineflayer.createBot,
    };
  }

  /** Starts joining; resolves at once (the bot joins in the background, and again when it loses the connection). */
  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#connect();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    const session = this.#session;
    this.#session = undefined;
    if (session) {
      session.end('the assistant is stopping');
      session.bot.quit('the assistant is stopping');
    }
    this.#detail = 'stopped';
  }

  /** The bot, when it is in the world. */
  get bot(): Bot | undefined {
    return this.#session?.spawned ? this.#session.bot : undefined;
  }

  /** The bot, or a coded error saying it is not in the world. */
  require(): Bot {
    const bot = this.bot;
    if (!bot) throw new MinecraftError(MC_CODES.notConnected, `the bot is not in the game (${this.#detail})`, { hint: 'it joins by itself when the server answers; try again shortly', retryable: true });
    return bot;
  }

  health(): PluginHealth {
    const state = this.bot ? 'up' : 'down';
    const where = `${this.#settings.MINECRAFT_HOST}:${this.#settings.MINECRAFT_PORT}`;
    const detail = this.bot ? `in the game on ${where} as ${this.bot.username}` : `${this.#detail} (${where})`;
    return { state, detail, ...(this.#lastError ? { lastError: this.#lastError } : {}) };
  }

  /**
   * Runs one call to the game. It fails with a coded error when it takes longer than
   * `timeoutMs`, when the connection is lost meanwhile, or when `signal` is aborted; then
   * the bot stops moving and digging, so nothing keeps going after the call has failed.
   */
  async call<T>(what: string, timeoutMs: number, run: (bot: Bot) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const bot = this.require();
    const session = this.#session!;
    if (signal?.aborted) throw new StoppedError(what);
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const limits = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new GameTimeoutError(what, timeoutMs)), timeoutMs);
      onAbort = () => reject(new StoppedError(what));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([run(bot), limits, session.lost]);
    } catch (error) {
      if (session.spawned && this.#session === session) halt(bot);
      throw error;
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  #connect(): void {
    const s = this.#settings;
    this.#detail = `joining ${s.MINECRAFT_HOST}:${s.MINECRAFT_PORT}`;
    let bot: Bot;
    try {
      bot = this.#options.createBot({
        host: s.MINECRAFT_HOST!,
        port: s.MINECRAFT_PORT,
        username: s.MINECRAFT_USERNAME,
        version: s.MINECRAFT_VERSION,
        auth: s.MINECRAFT_AUTH,
        hideErrors: true,
        logErrors: false,
        checkTimeoutInterval: 30_000,
      });
    } catch (error) {
      this.#failed(`could not start a connection: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    let rejectLost: (error: Error) => void = () => {};
    const lost = new Promise<never>((_, reject) => (rejectLost = reject));
    lost.catch(() => undefined);
    let ended = false;
    let kickReason: string | undefined;
    const session: Session = {
      bot,
      spawned: false,
      lost,
      end: (reason) => {
        if (ended) return;
        ended = true;
        session.spawned = false;
        rejectLost(new DisconnectedError(reason));
      },
    };
    this.#session = session;
    const joinTimer = setTimeout(() => {
      if (!session.spawned) bot.end('join timeout');
    }, this.#options.joinTimeoutMs);
    bot.loadPlugin(pathfinder);
    bot.once('spawn', () => {
      clearTimeout(joinTimer);
      if (this.#session !== session) return;
      const movements = new Movements(bot);
      movements.allowParkour = false;
      movements.allowSprinting = true;
      bot.pathfinder.setMovements(movements);
      bot.pathfinder.thinkTimeout = 10_000;
      session.spawned = true;
      this.#failures = 0;
      this.joins += 1;
      this.#detail = 'in the game';
      this.#logger.info({ host: s.MINECRAFT_HOST, port: s.MINECRAFT_PORT, username: bot.username }, 'the Minecraft bot joined the game');
      this.events.emit('ready', bot);
    });
    bot.on('kicked', (reason: unknown) => {
      kickReason = typeof reason === 'string' ? reason : JSON.stringify(reason);
    });
    bot.on('error', (error: Error) => {
      this.#lastError = { message: error.message, at: new Date().toISOString() };
      this.#logger.warn({ err: error }, 'Minecraft connection error');
    });
    bot.once('end', (why: string) => {
      clearTimeout(joinTimer);
      const reason = kickReason ? `kicked: ${plainText(kickReason)}` : why || 'the connection closed';
      const wasIn = session.spawned;
      session.end(reason);
      if (this.#session !== session) return;
      this.#session = undefined;
      if (this.#stopped) return;
      if (wasIn) {
        this.#lastError = { message: `lost the connection: ${reason}`, at: new Date().toISOString() };
        this.#logger.warn({ reason }, 'the Minecraft bot lost its connection; reconnecting');
        this.events.emit('lost', reason);
      }
      this.#failed(reason);
    });
  }

  #failed(reason: string): void {
    if (this.#stopped) return;
    const wait = Math.min(this.#options.maxBackoffMs, this.#options.backoffMs * 2 ** this.#failures);
    this.#failures += 1;
    this.#detail = `not connected (${reason}); retrying in ${Math.round(wait / 1000)} s`;
    this.#timer = setTimeout(() => this.#connect(), wait);
  }
}

/** Stops whatever the bot is doing: walking, digging, holding keys. */
export function halt(bot: Bot): void {
  try {
    bot.pathfinder?.stop();
    bot.pathfinder?.setGoal(null);
    bot.stopDigging();
    bot.clearControlStates();
  } catch {
    // The bot may be half gone; there is nothing more to stop then.
  }
}

/** A kick reason as text: servers send JSON chat components. */
function plainText(reason: string): string {
  try {
    const parsed = JSON.parse(reason) as unknown;
    const parts: string[] = [];
    const walk = (node: unknown): void => {
      if (typeof node === 'string') parts.push(node);
      else if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        const o = node as { text?: unknown; translate?: unknown; extra?: unknown; with?: unknown };
        if (typeof o.text === 'string') parts.push(o.text);
        if (typeof o.translate === 'string' && !o.text) parts.push(o.translate);
        walk(o.with);
        walk(o.extra);
      }
    };
    walk(parsed);
    return parts.join('').trim() || reason;
  } catch {
    return reason;
  }
}
