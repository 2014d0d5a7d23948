import { DiscordAPIError, RESTJSONErrorCodes, type Client, type Message, type MessageCreateOptions, type SendableChannels } from 'discord.js';
import { MajordomoError } from '../../core/errors.js';
import type { ButtonRow } from './buttons.js';
import { splitMessage } from './split.js';

/** Something Discord said no to, or could not be reached for. Codes are `DISCORD_*`. */
export class DiscordError extends MajordomoError {
  /** Whether trying again later may work (Discord unreachable or failing, not a refusal). */
  readonly retryable: boolean;

  constructor(code: `DISCORD_${string}`, message: string, options: { cause?: unknown; hint?: string; retryable?: boolean } = {}) {
    super(code, message, options);
    this.retryable = options.retryable ?? false;
  }
}

/** Turns a failure of discord.js into a DiscordError that says what it means. */
export function discordError(error: unknown, what: string): DiscordError {
  if (error instanceof DiscordError) return error;
  if (error instanceof DiscordAPIError) {
    switch (error.code) {
      case RESTJSONErrorCodes.UnknownChannel:
        return new DiscordError('DISCORD_UNKNOWN_CHANNEL', `${what}: Discord knows no such channel`, { cause: error, hint: 'check the channel id' });
      case RESTJSONErrorCodes.UnknownUser:
        return new DiscordError('DISCORD_UNKNOWN_USER', `${what}: Discord knows no such user`, { cause: error, hint: 'check the user id' });
      case RESTJSONErrorCodes.CannotSendMessagesToThisUser:
        return new DiscordError('DISCORD_CANNOT_DM', `${what}: that user does not take direct messages from the bot`, { cause: error, hint: 'they must share a server with the bot and allow DMs from its members' });
      case RESTJSONErrorCodes.MissingAccess:
      case RESTJSONErrorCodes.MissingPermissions:
        return new DiscordError('DISCORD_NO_ACCESS', `${what}: the bot may not write there`, { cause: error, hint: 'give the bot the View Channel and Send Messages permissions there' });
      default: {
        const status = error.status;
        return new DiscordError('DISCORD_API', `${what}: Discord answered ${status} (${error.message})`, { cause: error, retryable: status >= 500 || status === 429 });
      }
    }
  }
  return new DiscordError('DISCORD_UNREACHABLE', `${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error, retryable: true });
}

export interface PostOptions {
  /** The first message replies to this one (pinging its author). */
  replyTo?: string;
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

  #ready(): Client<true> {
    const client = this.#client();
    if (!client?.isReady()) throw new DiscordError('DISCORD_NOT_CONNECTED', 'the bot is not connected to Discord', { retryable: true, hint: 'it reconnects by itself; try again shortly' });
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
        allowedMentions: { parse: [], users: mention && i === 0 ? [mention] : [], repliedUser: true },
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
