import type { Logger } from '../../core/util/logger.js';
import { StepContext } from './bot/calls.js';
import { BotConnection, halt, type ConnectionOptions } from './bot/connection.js';
import { MineflayerGame } from './bot/executor.js';
import { KnownPlaces } from './bot/known-places.js';
import type { PlaceMemory } from '../../core/memory/places.js';
import { Reflexes } from './bot/reflexes.js';
import { MinecraftChat } from './chat/channel.js';
import { StoppedError } from './errors.js';
import { GuideRetriever, loadGuides } from './task/guides.js';
import { Planner } from './task/planner.js';
import { GameData } from './task/recipes.js';
import type { MinecraftSettings } from './settings.js';

/** What the bot is doing, for status and stop. */
interface Activity {
  what: string;
  controller: AbortController;
}

/**
 * Everything that lives while the plugin runs: the one connection, the chat on it, the
 * reflexes, the task pipeline's parts, and what the bot is busy with. The bot has one body:
 * actions that move it take turns.
 */
export class MinecraftRuntime {
  readonly conn: BotConnection;
  readonly chat: MinecraftChat;
  readonly reflexes: Reflexes;
  readonly data: GameData;
  readonly planner: Planner;
  readonly game: MineflayerGame;
  /** Where things are, and the places the household named; undefined when memory is off. */
  readonly places: PlaceMemory | undefined;
  #turn: Promise<void> = Promise.resolve();
  #activity: Activity | undefined;
  #following: string | undefined;

  constructor(settings: MinecraftSettings, logger: Logger, options: ConnectionOptions = {}, places?: PlaceMemory) {
    this.conn = new BotConnection(settings, logger, options);
    this.places = places;
    this.data = new GameData(settings.MINECRAFT_VERSION);
    this.planner = new Planner(this.data, new GuideRetriever(loadGuides()));
    this.reflexes = new Reflexes(this.conn, this.data, logger);
    this.game = new MineflayerGame(this.conn, this.data, this.reflexes, new KnownPlaces(places, logger));
    this.chat = new MinecraftChat(this.conn, new Set(settings.MINECRAFT_ALLOWED_PLAYERS.map((p) => p.toLowerCase())), logger);
  }

  start(): void {
    this.conn.start();
    this.reflexes.start();
  }

  async stop(): Promise<void> {
    this.stopActivity();
    this.reflexes.stop();
    this.chat.stop();
    await this.conn.stop();
  }

  /** A step context for a method, on the caller's signal. */
  context(signal: AbortSignal): StepContext {
    return new StepContext(this.conn, this.data, signal);
  }

  /** What the bot is busy with, in words. */
  activity(): string {
    if (this.#activity) return this.#activity.what;
    if (this.#following) return `following ${this.#following}`;
    return 'idle';
  }

  /**
   * Runs something that moves the bot once what went before has finished; `stop` (or the
   * caller's signal) aborts it. Following someone ends when anything else starts.
   */
  async exclusive<T>(what: string, signal: AbortSignal, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const previous = this.#turn;
    let release: () => void = () => {};
    this.#turn = new Promise((resolve) => (release = resolve));
    try {
      await waitTurn(previous, signal, what);
      this.#unfollow();
      const controller = new AbortController();
      const onAbort = () => controller.abort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.#activity = { what, controller };
      try {
        return await run(controller.signal);
      } finally {
        signal.removeEventListener('abort', onAbort);
        this.#activity = undefined;
      }
    } finally {
      release();
    }
  }

  follow(player: string): void {
    this.#following = player;
  }

  /** Stops what the bot is doing; returns what that was. */
  stopActivity(): string {
    const was = this.activity();
    this.#activity?.controller.abort();
    this.#unfollow();
    const bot = this.conn.bot;
    if (bot) halt(bot);
    return was;
  }

  #unfollow(): void {
    if (!this.#following) return;
    this.#following = undefined;
    const bot = this.conn.bot;
    if (bot) halt(bot);
  }
}

/** Waits for the turn before this one, unless the caller gives up first. */
function waitTurn(previous: Promise<void>, signal: AbortSignal, what: string): Promise<void> {
  if (signal.aborted) return Promise.reject(new StoppedError(what));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new StoppedError(what));
    signal.addEventListener('abort', onAbort, { once: true });
    void previous.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
