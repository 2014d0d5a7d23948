import type { Client, Message, MessageCreateOptions, SendableChannels } from 'discord.js';
import type { ButtonRow } from './buttons.js';
import { DiscordError, discordError } from './errors.js';
import { splitMessage } from './split.js';

export interface PostOptions {
  /** The first message replies to this one (pinging its author unless `quiet`). */
  replyTo?: string;
  /** Notify nobody: for status messages, which the reply follows. */
  quiet?: boolean;
  /** Buttons, under the last message. */
  components?: ButtonRow[];
  /** In a server channel, the message starts with this user's mention and pings them. */
  mention?: string;
  /** Makes sending idempotent: message i carries `${nonce}${i}`, and Discord sends each once. */
  nonce?: string;
}

/**
 * Writes on Discord through discord.js: finds the channel (server channel, thread or DM,
 * also after a restart), cuts long texts into messages of at most 2,000 characters and
 * sends them in order. Rate limits are left to discord.js, which queues each route's
 * requests and waits when Discord says so.
 */
export class DiscordPoster {
  readonly #client: () => Client | undefined;

  constructor(client: () => Client | undefined) {
    this.#client = client;
  }

  #ready(): Client {
    const client = this.#client();
    if (!client) throw new DiscordError('DISCORD_NOT_CONNECTED', 'the bot is not connected to Discord', { retryable: true, hint: 'it reconnects by itself; try again shortly' });
    return client;
  }

  async channel(id: string): Promise<SendableChannels> {
    const client = this.#ready();
    let channel;
    try {
      channel = await client.channels.fetch(id);
    } catch (error) {
      throw discordError(error, `finding channel ${id}`);
    }
    if (!channel?.isSendable()) throw new DiscordError('DISCORD_NOT_TEXT', `channel ${id} is not one the bot can write in`, { hint: 'use a text channel, a thread or a user' });
    return channel;
  }

  /** The direct-message channel with a user. */
  async dmWith(userId: string): Promise<SendableChannels> {
    const client = this.#ready();
    try {
      return await client.users.createDM(userId);
    } catch (error) {
      throw discordError(error, `writing to user ${userId}`);
    }
  }

  /** Sends `text` as one or more messages, in order; returns them. */
  async post(channel: SendableChannels, text: string, options: PostOptions = {}): Promise<Message[]> {
    const mention = options.mention && !channel.isDMBased() ? options.mention : undefined;
    const chunks = splitMessage(mention ? `<@${mention}> ${text}` : text);
    const sent: Message[] = [];
    for (const [i, content] of chunks.entries()) {
      const payload: MessageCreateOptions = {
        content,
        // Nothing the assistant writes pings anyone but the person it talks to.
        allowedMentions: { parse: [], users: mention && i === 0 ? [mention] : [], repliedUser: !options.quiet },
        ...(i === 0 && options.replyTo ? { reply: { messageReference: options.replyTo, failIfNotExists: false } } : {}),
        ...(i === chunks.length - 1 && options.components?.length ? { components: options.components } : {}),
        ...(options.nonce ? { nonce: `${options.nonce}${i}`, enforceNonce: true } : {}),
      };
      try {
        sent.push(await channel.send(payload));
      } catch (error) {
        throw discordError(error, 'sending a message');
      }
    }
    return sent;
  }

  async edit(channel: SendableChannels, messageId: string, content: string): Promise<void> {
    try {
      await channel.messages.edit(messageId, { content: content.slice(0, 2000), allowedMentions: { parse: [] } });
    } catch (error) {
      throw discordError(error, 'editing a message');
    }
  }
}
