import type { Client, Message, SendableChannels } from 'discord.js';
import { GATEWAY_CODES } from '../../core/gateway/gateway.js';
import type { ChannelContext } from '../../core/plugin/plugin.js';
import type { QuestionRecord } from '../../core/store/store.js';
import type { InboundMessage } from '../../core/types.js';
import type { Logger } from '../../core/util/logger.js';
import { firstRefusal, type DiscordAccess } from './access.js';
import { REQUEST_MESSAGE } from './outbound.js';
import type { DiscordPoster } from './poster.js';
import type { DiscordSettings } from './settings.js';

/** How many message ids are remembered to drop an event Discord delivers twice. */
const SEEN = 2_000;
/** Messages read back per conversation after a new session. */
const CATCH_UP = 50;

export interface InboundDeps {
  settings: DiscordSettings;
  access: DiscordAccess;
  poster: DiscordPoster;
  logger: Logger;
}

const STATUS_WORDS: Record<QuestionRecord['status'], string> = {
  open: 'open',
  queued: 'waiting its turn',
  answered: 'already answered',
  expired: 'closed: no answer came in time',
  cancelled: 'cancelled',
};

/**
 * Messages from Discord to the gateway: direct messages, and in servers the ones that
 * mention the bot, reply to it or are in a listed channel. Only allowed people get
 * through; a reply to a question's message answers that question. Messages of one
 * conversation are handed over one at a time, in order, so an answer never overtakes the
 * request it answers.
 */
export class DiscordInbound {
  readonly #d: InboundDeps;
  readonly #seen = new Set<string>();
  readonly #chains = new Map<string, Promise<void>>();
  /** The newest message of each conversation the bot takes part in, to catch up from after a new session. */
  readonly #newest = new Map<string, string>();
  #warnedBlank = false;

  constructor(deps: InboundDeps) {
    this.#d = deps;
  }

  /** Queues a received message behind the others of its conversation. */
  receive(message: Message, ctx: ChannelContext): void {
    this.inOrder(message.channelId, () => this.#handle(message, ctx));
  }

  /**
   * After a new session (Discord could not resume the old one and replays nothing), reads
   * what was written meanwhile in the conversations this process has seen, and handles it
   * as if it had arrived. Messages handled already are recognized and skipped.
   */
  async catchUp(client: Client<true>, ctx: ChannelContext): Promise<void> {
    for (const [channelId, after] of [...this.#newest]) {
      try {
        const channel = await client.channels.fetch(channelId);
        if (!channel?.isTextBased()) continue;
        const missed = [...(await channel.messages.fetch({ after, limit: CATCH_UP })).values()].sort((x, y) => (BigInt(x.id) < BigInt(y.id) ? -1 : 1));
        if (missed.length > 0) this.#d.logger.info({ conversationId: channelId, count: missed.length }, 'catching up with messages written while disconnected from Discord');
        for (const message of missed) this.receive(message, ctx);
      } catch (error) {
        this.#d.logger.warn({ err: error, conversationId: channelId }, 'could not catch up with a Discord conversation');
      }
    }
  }

  /** Runs `work` after what is already queued for `conversationId`. */
  inOrder(conversationId: string, work: () => Promise<void>): void {
    const previous = this.#chains.get(conversationId) ?? Promise.resolve();
    const next = previous.then(work).catch((error: unknown) => this.#d.logger.error({ err: error, conversationId }, 'could not handle a Discord message'));
    this.#chains.set(conversationId, next);
    void next.then(() => {
      if (this.#chains.get(conversationId) === next) this.#chains.delete(conversationId);
    });
  }

  /** Remembers the newest message of a conversation the bot takes part in. */
  #track(message: Message): void {
    const newest = this.#newest.get(message.channelId);
    if (newest === undefined || BigInt(message.id) > BigInt(newest)) this.#newest.set(message.channelId, message.id);
  }

  /** False when this message id was handled already (an event delivered twice). */
  #firstTime(id: string): boolean {
    if (this.#seen.has(id)) return false;
    this.#seen.add(id);
    if (this.#seen.size > SEEN) this.#seen.delete(this.#seen.values().next().value!);
    return true;
  }

  async #handle(message: Message, ctx: ChannelContext): Promise<void> {
    const { settings, access, poster, logger } = this.#d;
    const botId = message.client.user.id;
    if (message.author.id === botId) return this.#track(message);
    if (message.author.bot || message.system || message.webhookId) return;
    if (!this.#firstTime(message.id)) return;
    const dm = message.channel.isDMBased();
    const mentioned = message.mentions.users.has(botId);
    const repliesToBot = message.reference !== null && message.mentions.repliedUser?.id === botId;
    const parent = message.channel.isThread() ? message.channel.parentId : null;
    const listed = settings.DISCORD_CHANNELS.includes(message.channelId) || (parent !== null && settings.DISCORD_CHANNELS.includes(parent));
    if (!dm && !mentioned && !repliesToBot && !listed) return;
    this.#track(message);
    const channel = message.channel;
    // A group DM is the only kind the bot cannot write in; it is never added to one.
    if (!channel.isSendable()) return;
    const text = message.content.replace(new RegExp(`<@!?${botId}>`, 'g'), ' ').replace(/[ \t]+/g, ' ').trim();
    if (!access.permits(message.author.id, message.member)) {
      // In a listed channel people also talk among themselves: only what is addressed to the bot is refused.
      if (dm || mentioned || repliesToBot) await this.#refuse(message, text, channel, ctx);
      return;
    }
    if (message.content === '' && !dm && !mentioned && !settings.DISCORD_MESSAGE_CONTENT) {
      // Without the Message Content intent Discord blanks what it does not have to show.
      if (!this.#warnedBlank) logger.warn('a message in a listed channel arrived without its text: DISCORD_MESSAGE_CONTENT is off, so only mentions, replies and DMs can be read');
      this.#warnedBlank = true;
      return;
    }
    let answersQuestion: string | undefined;
    const referenced = message.reference?.messageId;
    if (referenced) {
      const question = (await ctx.api.questions({ channel: 'discord', conversationId: message.channelId })).find((q) => q.messageId === referenced);
      if (question && question.address.userId !== message.author.id) {
        await poster.post(channel, `That question is for <@${question.address.userId}>.`, { replyTo: message.id });
        return;
      }
      if (question && question.status !== 'open') {
        await poster.post(channel, `That question is ${STATUS_WORDS[question.status]}.`, { replyTo: message.id });
        return;
      }
      answersQuestion = question?.id;
    }
    // Planning can take a moment; the indicator stops by itself when the acknowledgement is posted.
    void channel.sendTyping().catch(() => undefined);
    const outcome = await access.vouching(message.author.id, () => ctx.onMessage(toInbound(message, text, answersQuestion)));
    if (outcome.kind === 'rejected' && outcome.code === 'MJ_ERR_CONFLICT') {
      await poster.post(channel, `That question is ${STATUS_WORDS.answered}.`, { replyTo: message.id });
    }
  }

  /**
   * Hands a message from someone not allowed to the gateway, which refuses it and records
   * that it did; tells them once, when so configured.
   */
  async #refuse(message: Message, text: string, channel: SendableChannels, ctx: ChannelContext): Promise<void> {
    const outcome = await ctx.onMessage(toInbound(message, text, undefined));
    if (outcome.kind !== 'rejected' || outcome.code !== GATEWAY_CODES.notAllowed) return;
    if (!this.#d.settings.DISCORD_TELL_NOT_ALLOWED || !(await firstRefusal(ctx.state, message.author.id))) return;
    await this.#d.poster.post(channel, `Sorry, I only take requests from people my owner has allowed. To be added, give them your Discord id: ${message.author.id}.`, { replyTo: message.id });
  }
}

function toInbound(message: Message, text: string, answersQuestion: string | undefined): InboundMessage {
  return {
    channel: 'discord',
    conversationId: message.channelId,
    sender: { id: message.author.id, name: message.member?.displayName ?? message.author.globalName ?? message.author.username },
    text,
    receivedAt: message.createdAt,
    messageId: message.id,
    ...(answersQuestion ? { answersQuestion } : {}),
    meta: { [REQUEST_MESSAGE]: message.id },
  };
}
