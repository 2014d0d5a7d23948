import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeGateway } from './gateway.js';
import { interactionPayload, newInteraction, type InteractionRecord } from './interactions.js';
import { isEphemeral, pingedUsers, type MessageBody } from './payload.js';
import { ChannelType, Intent, snowflake } from './protocol.js';
import { RateLimiter, type Limit } from './rate-limit.js';
import { handleRest, type RestHost, type RestRecord } from './rest.js';
import { World, type FakeChannel, type FakeGuild, type FakeUser, type StoredMessage } from './world.js';

export interface FakeDiscordOptions {
  token?: string;
  botName?: string;
  /** HELLO's heartbeat interval. Discord's is 41,250 ms. */
  heartbeatIntervalMs?: number;
  /** Whether the application may ask for privileged intents such as MessageContent. */
  privilegedIntents?: boolean;
  /** Every route's bucket, unless `routeLimits` names it. */
  rateLimit?: Limit;
  /** Per route, e.g. `{'POST /channels/:id/messages': {limit: 5, windowMs: 5000}}` as on Discord. */
  routeLimits?: Record<string, Limit>;
  /** How long an interaction may wait for its acknowledgement. Discord allows 3 s. */
  ackWindowMs?: number;
  /** The local port; a free one when not given. */
  port?: number;
}

/**
 * A Discord that runs in the test process: the REST API and the gateway on one local port,
 * speaking Discord's protocol closely enough for the real discord.js client to run against
 * it unchanged. Tests act as Discord's users (send a DM, write in a channel, press a
 * button), cut the gateway connection, and look at what the bot did.
 */
export class FakeDiscord implements RestHost {
  readonly token: string;
  readonly world: World;
  readonly gateway: FakeGateway;
  readonly limiter: RateLimiter;
  readonly interactions = new Map<string, InteractionRecord>();
  readonly restLog: RestRecord[] = [];
  readonly ackWindowMs: number;
  readonly #server: Server;
  readonly #waiters = new Set<() => void>();
  #port: number;

  constructor(options: FakeDiscordOptions = {}) {
    this.token = options.token ?? 'fake-bot-token.Majordomo.0123456789';
    this.world = new World(options.botName ?? 'Majordomo');
    this.ackWindowMs = options.ackWindowMs ?? 3_000;
    this.#port = options.port ?? 0;
    this.limiter = new RateLimiter(options.rateLimit ?? { limit: 50, windowMs: 1_000 }, options.routeLimits);
    this.gateway = new FakeGateway({
      token: this.token,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
      privilegedIntents: options.privilegedIntents ?? true,
      ready: () => ({
        user: { ...this.world.userObject(this.world.bot), verified: true, mfa_enabled: false, email: null },
        application: { id: this.world.applicationId, flags: 0 },
        guildIds: [...this.world.guilds.keys()],
      }),
      guild: (id) => this.world.guildObject(this.world.guilds.get(id)!),
      changed: () => this.#changed(),
    });
    this.#server = createServer((request, response) => {
      handleRest(this, request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: String(error), code: 0 }));
      });
    });
    this.#server.on('upgrade', (request, socket, head) => {
      if (!this.gateway.upgrade(request, socket, head)) socket.destroy();
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(this.#port, '127.0.0.1', resolve);
    });
    this.#port = (this.#server.address() as AddressInfo).port;
    this.gateway.setBaseUrl(`ws://127.0.0.1:${this.#port}`);
    return this;
  }

  /** What `DISCORD_API_URL` should be. */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.#port}/api`;
  }

  get bot(): FakeUser {
    return this.world.bot;
  }

  gatewayUrl(): string {
    return this.gateway.url;
  }

  record(entry: RestRecord): void {
    this.restLog.push(entry);
    this.#changed();
  }

  // ---- the world, set up before the bot connects ----

  addUser(name: string): FakeUser {
    return this.world.addUser(name);
  }

  addGuild(name: string, owner: FakeUser): FakeGuild {
    const guild = this.world.addGuild(name, owner.id);
    guild.members.set(owner.id, []);
    return guild;
  }

  addMember(guild: FakeGuild, user: FakeUser, roles: string[] = []): void {
    guild.members.set(user.id, roles);
  }

  addRole(guild: FakeGuild, name: string): string {
    return this.world.addRole(guild, name);
  }

  addTextChannel(guild: FakeGuild, name: string): FakeChannel {
    return this.world.addTextChannel(guild, name);
  }

  addThread(parent: FakeChannel, name: string): FakeChannel {
    return this.world.addThread(parent, name);
  }

  // ---- what users do ----

  /** A user writes to the bot in a direct message. */
  sendDm(user: FakeUser, content: string, options: { replyTo?: StoredMessage } = {}): StoredMessage {
    return this.#userMessage(user, this.world.dmChannel(user.id), content, options.replyTo);
  }

  /** A user writes in a server channel or thread; `mention` puts `@bot` in front. */
  sendInChannel(user: FakeUser, channel: FakeChannel, content: string, options: { replyTo?: StoredMessage; mention?: boolean } = {}): StoredMessage {
    return this.#userMessage(user, channel, options.mention ? `<@${this.bot.id}> ${content}` : content, options.replyTo);
  }

  #userMessage(user: FakeUser, channel: FakeChannel, content: string, replyTo: StoredMessage | undefined): StoredMessage {
    // Replying pings the author of the message replied to, as Discord's client does by default.
    const mentions = [...new Set([...this.world.mentionedUsers(content), ...(replyTo ? [replyTo.authorId] : [])])];
    const api = this.world.messageObject({ channel, author: user, content, mentions, ...(replyTo ? { replyTo } : {}) });
    const stored = this.world.addMessage({ api, authorId: user.id });
    this.#dispatchMessage('MESSAGE_CREATE', stored);
    return stored;
  }

  /** A user presses a button of a message; throws when the message has no such enabled button. */
  pressButton(user: FakeUser, message: StoredMessage, customId: string): InteractionRecord {
    const buttons = ((message.api['components'] as Array<{ components: Array<{ custom_id?: string; disabled?: boolean }> }> | undefined) ?? []).flatMap((row) => row.components);
    const button = buttons.find((b) => b.custom_id === customId);
    if (!button) throw new Error(`message ${message.api.id} has no button "${customId}"`);
    if (button.disabled) throw new Error(`button "${customId}" is disabled`);
    const channel = this.world.channels.get(message.api.channel_id)!;
    const interaction = newInteraction({ customId, channel, message, user }, snowflake());
    this.interactions.set(interaction.id, interaction);
    this.gateway.dispatch('INTERACTION_CREATE', () => interactionPayload(this.world, interaction));
    return interaction;
  }

  // ---- what the bot does (called by the REST routes) ----

  createBotMessage(channel: FakeChannel, body: MessageBody, extra: { ephemeralFor?: string; interaction?: InteractionRecord } = {}): StoredMessage {
    const interaction = extra.interaction
      ? { id: extra.interaction.id, type: 3, user: this.world.userObject(extra.interaction.user), authorizing_integration_owners: {}, interacted_message_id: extra.interaction.message.api.id }
      : undefined;
    const api = this.world.messageObject({
      channel,
      author: this.bot,
      content: body.content ?? '',
      mentions: pingedUsers(this.world, body),
      ...(body.replyTo ? { replyTo: body.replyTo } : {}),
      ...(body.components ? { components: body.components } : {}),
      ...(body.embeds ? { embeds: body.embeds } : {}),
      ...(body.flags !== undefined ? { flags: body.flags } : {}),
      ...(body.nonce !== undefined ? { nonce: body.nonce } : {}),
      ...(interaction ? { interaction } : {}),
    });
    const stored = this.world.addMessage({ api, authorId: this.bot.id, ...(body.nonce !== undefined ? { nonce: body.nonce } : {}), ...(extra.ephemeralFor ? { ephemeralFor: extra.ephemeralFor } : {}) });
    if (!stored.ephemeralFor) this.#dispatchMessage('MESSAGE_CREATE', stored);
    this.#changed();
    return stored;
  }

  editBotMessage(message: StoredMessage, body: MessageBody): void {
    if (body.content !== undefined) message.api.content = body.content;
    if (body.components !== undefined) message.api['components'] = body.components;
    if (body.embeds !== undefined) message.api['embeds'] = body.embeds;
    if (body.flags !== undefined && !isEphemeral(body.flags)) message.api['flags'] = body.flags;
    message.api['edited_timestamp'] = new Date().toISOString();
    if (!message.ephemeralFor) this.#dispatchMessage('MESSAGE_UPDATE', message);
    this.#changed();
  }

  /**
   * MESSAGE_CREATE or MESSAGE_UPDATE to the sessions whose intents cover it. Without the
   * MessageContent intent, content is blanked except in DMs, in messages that mention the
   * bot and in the bot's own messages, as on Discord.
   */
  #dispatchMessage(t: 'MESSAGE_CREATE' | 'MESSAGE_UPDATE', message: StoredMessage): void {
    const channel = this.world.channels.get(message.api.channel_id)!;
    const dm = channel.type === ChannelType.dm;
    const guild = channel.guildId ? this.world.guilds.get(channel.guildId) : undefined;
    const mentionsBot = (message.api['mentions'] as Array<{ id: string }>).some((u) => u.id === this.bot.id);
    this.gateway.dispatch(t, (intents) => {
      if ((intents & (dm ? Intent.directMessages : Intent.guildMessages)) === 0) return null;
      const d: Record<string, unknown> = { ...message.api, ...(dm ? { channel_type: ChannelType.dm } : { channel_type: channel.type }) };
      if (guild) d['member'] = this.world.memberObject(guild, message.authorId, false);
      const readable = (intents & Intent.messageContent) !== 0 || dm || mentionsBot || message.authorId === this.bot.id;
      if (!readable) Object.assign(d, { content: '', embeds: [], attachments: [], components: [] });
      return d;
    });
  }

  // ---- what tests look at ----

  /** Messages of a channel, oldest first, ephemeral ones included. */
  messagesIn(channel: FakeChannel | string): StoredMessage[] {
    const id = typeof channel === 'string' ? channel : channel.id;
    return (this.world.byChannel.get(id) ?? []).map((m) => this.world.messages.get(m)!);
  }

  /** The bot's messages in a channel, oldest first. */
  botMessagesIn(channel: FakeChannel | string): StoredMessage[] {
    return this.messagesIn(channel).filter((m) => m.authorId === this.bot.id);
  }

  /** The bot's messages that reply to a message. */
  repliesTo(message: StoredMessage): StoredMessage[] {
    return this.botMessagesIn(message.api.channel_id).filter((m) => (m.api['message_reference'] as { message_id?: string } | undefined)?.message_id === message.api.id);
  }

  dmChannelOf(user: FakeUser): FakeChannel {
    return this.world.dmChannel(user.id);
  }

  /**
   * Resolves with the first truthy value of `check`, which runs again on every change of
   * the fake and, for conditions outside it (the assistant's store), every 25 ms.
   */
  waitFor<T>(check: () => T | undefined | null | false, what: string, timeoutMs = 15_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const done = () => {
        this.#waiters.delete(look);
        clearTimeout(timer);
        clearInterval(poll);
      };
      const look = () => {
        const value = check();
        if (value) {
          done();
          resolve(value);
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out waiting for ${what}; the bot made these calls:\n${this.restLog.map((r) => `${r.status} ${r.route}`).join('\n')}`));
      }, timeoutMs);
      const poll = setInterval(look, 25);
      this.#waiters.add(look);
      look();
    });
  }

  #changed(): void {
    for (const look of [...this.#waiters]) look();
  }

  async close(): Promise<void> {
    await this.gateway.close();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

export async function startFakeDiscord(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  return new FakeDiscord(options).start();
}
