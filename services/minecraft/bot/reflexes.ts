import type { Bot } from 'mineflayer';
import pathfinderPlugin from 'mineflayer-pathfinder';
import type { Entity } from 'prismarine-entity';
import type { Logger } from '../../../core/util/logger.js';
import type { GameData } from '../task/recipes.js';
import type { BotConnection } from './connection.js';
import { LIMITS, pause } from './calls.js';
import { chooseReflex, DANGER_RANGE, type Reflex, type Senses } from './reflex-choice.js';

const { goals } = pathfinderPlugin;

/** How often the reflexes look. */
const TICK_MS = 500;
/** Walking without moving this long means stuck. */
const STUCK_MS = 3_000;
const FLEE_DISTANCE = 16;

/**
 * Reflexes that always run while the bot is in the game: eat when hungry, fight or flee a
 * mob when hurt, get unstuck. Tasks wait for them to finish before each step
 * (self-preservation first).
 */
export class Reflexes {
  readonly #conn: BotConnection;
  readonly #data: GameData;
  readonly #logger: Logger;
  #timer: NodeJS.Timeout | undefined;
  #acting: Promise<void> | undefined;
  #lastMove = { at: Date.now(), x: 0, z: 0 };
  /** What the reflexes did, newest last (for the status). */
  readonly log: Array<{ reflex: Reflex['kind']; at: string; detail: string }> = [];

  constructor(conn: BotConnection, data: GameData, logger: Logger) {
    this.#conn = conn;
    this.#data = data;
    this.#logger = logger;
  }

  start(): void {
    this.#timer ??= setInterval(() => this.#tick(), TICK_MS);
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Resolves once no reflex is acting. */
  async settle(signal: AbortSignal): Promise<void> {
    const bot = this.#conn.bot;
    if (bot && !this.#acting) this.#act(bot);
    while (this.#acting && !signal.aborted) await this.#acting;
  }

  #tick(): void {
    const bot = this.#conn.bot;
    if (!bot || this.#acting) return;
    this.#act(bot);
  }

  #act(bot: Bot): void {
    const reflex = chooseReflex(this.#sense(bot));
    if (!reflex) return;
    this.#acting = this.#do(bot, reflex)
      .catch((error: unknown) => this.#logger.debug({ err: error, reflex: reflex.kind }, 'a reflex did not finish'))
      .finally(() => {
        this.#acting = undefined;
      });
  }

  #sense(bot: Bot): Senses {
    const me = bot.entity.position;
    const hostile = bot.nearestEntity((e: Entity) => e.type === 'hostile' && e.position.distanceTo(me) <= DANGER_RANGE);
    const now = Date.now();
    const moved = Math.hypot(me.x - this.#lastMove.x, me.z - this.#lastMove.z) > 0.3;
    if (moved || !bot.pathfinder.isMoving()) this.#lastMove = { at: now, x: me.x, z: me.z };
    const foods = bot.inventory
      .items()
      .filter((i) => this.#data.data.foodsByName[i.name] !== undefined && !/rotten|spider_eye|poisonous|pufferfish|chorus/.test(i.name))
      .sort((a, b) => (this.#data.data.foodsByName[b.name]?.foodPoints ?? 0) - (this.#data.data.foodsByName[a.name]?.foodPoints ?? 0))
      .map((i) => i.name);
    return {
      health: bot.health,
      food: bot.food,
      foods,
      ...(hostile ? { hostile: { id: hostile.id, name: hostile.name ?? 'mob', distance: hostile.position.distanceTo(me) } } : {}),
      stuck: bot.pathfinder.isMoving() && now - this.#lastMove.at > STUCK_MS,
    };
  }

  async #do(bot: Bot, reflex: Reflex): Promise<void> {
    const note = (detail: string) => {
      this.log.push({ reflex: reflex.kind, at: new Date().toISOString(), detail });
      if (this.log.length > 50) this.log.shift();
      this.#logger.info({ reflex: reflex.kind }, detail);
    };
    const signal = new AbortController().signal;
    switch (reflex.kind) {
      case 'eat': {
        const food = bot.inventory.items().find((i) => i.name === reflex.food);
        if (!food) return;
        note(`eating ${reflex.food} (food ${bot.food}/20)`);
        await this.#conn.call(`eating ${reflex.food}`, LIMITS.eatMs, async (b) => {
          await b.equip(food, 'hand');
          await b.consume();
        });
        return;
      }
      case 'fight': {
        const mob = bot.entities[reflex.target];
        if (!mob) return;
        note(`fighting a ${reflex.name} (health ${Math.round(bot.health)}/20)`);
        const weapon = bot.inventory.items().find((i) => /_(sword|axe)$/.test(i.name));
        await this.#conn.call(`fighting the ${reflex.name}`, LIMITS.attackMs, async (b) => {
          if (weapon) await b.equip(weapon, 'hand');
          for (let i = 0; i < 20 && mob.isValid && b.health > 8; i++) {
            if (mob.position.distanceTo(b.entity.position) < 3.5) b.attack(mob);
            else b.lookAt(mob.position.offset(0, mob.height, 0)).catch(() => undefined);
            await pause(600, signal);
          }
        });
        return;
      }
      case 'flee': {
        const mob = bot.entities[reflex.from];
        if (!mob) return;
        note(`running from a ${reflex.name} (health ${Math.round(bot.health)}/20)`);
        await this.#conn
          .call(`running from the ${reflex.name}`, 15_000, (b) => b.pathfinder.goto(new goals.GoalInvert(new goals.GoalFollow(mob, FLEE_DISTANCE))))
          .catch(() => undefined);
        return;
      }
      case 'unstuck': {
        note('unsticking: jumping and stepping back');
        const goal = bot.pathfinder.goal;
        bot.setControlState('jump', true);
        bot.setControlState('back', true);
        await pause(600, signal);
        bot.clearControlStates();
        this.#lastMove = { at: Date.now(), x: bot.entity.position.x, z: bot.entity.position.z };
        if (goal) bot.pathfinder.setGoal(goal);
        return;
      }
    }
  }
}
