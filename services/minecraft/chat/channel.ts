import type { Bot } from 'mineflayer';
import { GATEWAY_CODES } from '../../../core/gateway/gateway.js';
import type { ChannelContext } from '../../../core/plugin/plugin.js';
import type { Address, OutboundMessage } from '../../../core/types.js';
import type { Logger } from '../../../core/util/logger.js';
import type { BotConnection } from '../bot/connection.js';
import { chatLines, screenChat, type ChatLine } from './parse.js';

/** Address meta: how the player wrote to the bot, so the answer goes back the same way. */
export const VIA = 'via';

/** Commands that whisper, as servers declare them. */
const WHISPER_COMMANDS = new Set(['tell', 'msg', 'w']);

/**
 * The in-game chat as a channel: what allowed players say in chat or whisper becomes a
 * request (or answers the question the bot asked them); replies go back to them, whispered
 * when they whispered or the server declares a whisper command, else in chat with their name.
 */
export class MinecraftChat {
  readonly #conn: BotConnection;
  readonly #allowed: ReadonlySet<string>;
  readonly #logger: Logger;
  readonly #chains = new Map<string, Promise<void>>();
  #ctx: ChannelContext | undefined;
  #whispers = false;
  #off: (() => void) | undefined;

  constructor(conn: BotConnection, allowed: ReadonlySet<string>, logger: Logger) {
    this.#conn = conn;
    this.#allowed = allowed;
    this.#logger = logger;
  }

  start(ctx: ChannelContext): void {
    this.#ctx = ctx;
    this.#off = this.#conn.events.on('ready', (bot) => this.#attach(bot));
    const bot = this.#conn.bot;
    if (bot) this.#attach(bot);
  }

  stop(): void {
    this.#off?.();
    this.#ctx = undefined;
  }

  listening(): boolean {
    return this.#ctx !== undefined && this.#conn.bot !== undefined;
  }

  /** Whether replies go out as whispers by default (the server declared a whisper command). */
  get whispers(): boolean {
    return this.#whispers;
  }

  #attach(bot: Bot): void {
    this.#whispers = false;
    bot.on('messagestr', (text: string, position: string) => {
      if (position === 'game_info') return;
      this.receive(text, bot.username);
    });
    bot._client.on('declare_commands', (packet: { nodes?: Array<{ extraNodeData?: { name?: string } }> }) => {
      this.#whispers = (packet.nodes ?? []).some((n) => WHISPER_COMMANDS.has(n.extraNodeData?.name ?? ''));
    });
  }

  /** Handles one line the client shows; lines of one player are handed over in order. */
  receive(raw: string, botName: string): void {
    const decision = screenChat(raw, botName, this.#allowed);
    if (!decision.take) {
      if (decision.why === 'not-allowed') this.#logger.debug({ line: raw.slice(0, 80) }, 'ignored a chat line from a player who is not allowed');
      return;
    }
    const line = decision.line;
    if (line.kind === 'whisper') this.#whispers = true;
    const key = line.username.toLowerCase();
    const previous = this.#chains.get(key) ?? Promise.resolve();
    const next = previous
      .then(() => this.#handOver(line))
      .catch((error: unknown) => this.#logger.error({ err: error }, 'could not handle a Minecraft chat line'));
    this.#chains.set(key, next);
    void next.then(() => {
      if (this.#chains.get(key) === next) this.#chains.delete(key);
    });
  }

  async #handOver(line: ChatLine): Promise<void> {
    const ctx = this.#ctx;
    if (!ctx) return;
    const outcome = await ctx.onMessage({
      channel: 'minecraft',
      conversationId: line.username.toLowerCase(),
      sender: { id: line.username, name: line.username },
      text: line.text,
      receivedAt: new Date(),
      meta: { [VIA]: line.kind },
    });
    if (outcome.kind === 'rejected' && outcome.code === 'MJ_ERR_CONFLICT') {
      this.say(line.username, 'That question was already answered.', line.kind === 'whisper');
    } else if (outcome.kind === 'rejected' && outcome.code !== GATEWAY_CODES.invalid) {
      this.#logger.warn({ code: outcome.code }, `a chat request was not taken: ${outcome.reason}`);
    }
  }

  /** Sends a message to a player; throws when the bot is not in the game. */
  send(to: Address, message: OutboundMessage): void {
    const text = message.kind === 'question' && message.question?.choices?.length ? `${message.text} (answer in chat: ${message.question.choices.join(' / ')})` : message.text;
    this.say(to.userId, text, to.meta?.[VIA] === 'whisper' || this.#whispers);
  }

  /** Says something to a player: whispered, or in chat with their name in front. */
  say(player: string, text: string, whisper: boolean): void {
    const bot = this.#conn.require();
    const prefix = whisper ? `/tell ${player} ` : `${player}: `;
    for (const line of chatLines(text, prefix.length)) bot.chat(`${prefix}${line}`);
  }

  /** Says something to everyone in chat. */
  announce(text: string): void {
    const bot = this.#conn.require();
    for (const line of chatLines(text, 0)) bot.chat(line);
  }
}
