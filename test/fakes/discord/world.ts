import { ChannelType, MessageType, snowflake } from './protocol.js';

/**
 * What the fake Discord knows: users, servers (guilds) with their roles, channels and
 * members, direct-message channels and every message. It builds the JSON objects of the
 * API from it, shaped like Discord's.
 */

export interface FakeUser {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
}

export interface FakeChannel {
  id: string;
  type: number;
  name?: string;
  guildId?: string;
  /** A thread's channel. */
  parentId?: string;
  /** A direct-message channel's two users. */
  recipients?: string[];
  lastMessageId: string | null;
}

export interface FakeGuild {
  id: string;
  name: string;
  ownerId: string;
  roles: Array<{ id: string; name: string }>;
  /** Member user id → role ids. */
  members: Map<string, string[]>;
  joinedAt: string;
}

/** A message as the API shows it. */
export type ApiMessage = Record<string, unknown> & { id: string; channel_id: string; author: Record<string, unknown>; content: string };

export interface StoredMessage {
  api: ApiMessage;
  authorId: string;
  nonce?: string | number;
  createdAt: number;
  /** Ephemeral messages are seen only by one user and never dispatched. */
  ephemeralFor?: string;
}

/** Every permission a member of the fake's servers has: they are small, friendly places. */
const ALL_TEXT_PERMISSIONS = '2251799813685247';

export class World {
  readonly users = new Map<string, FakeUser>();
  readonly guilds = new Map<string, FakeGuild>();
  readonly channels = new Map<string, FakeChannel>();
  readonly messages = new Map<string, StoredMessage>();
  /** Message ids per channel, oldest first. */
  readonly byChannel = new Map<string, string[]>();
  readonly bot: FakeUser;
  readonly applicationId: string;

  constructor(botName: string) {
    this.bot = this.addUser(botName, true);
    this.applicationId = this.bot.id;
  }

  addUser(username: string, bot = false): FakeUser {
    const user: FakeUser = { id: snowflake(), username: username.toLowerCase(), globalName: bot ? null : username, bot };
    this.users.set(user.id, user);
    return user;
  }

  addGuild(name: string, ownerId: string): FakeGuild {
    const id = snowflake();
    const guild: FakeGuild = { id, name, ownerId, roles: [{ id, name: '@everyone' }], members: new Map([[this.bot.id, []]]), joinedAt: new Date().toISOString() };
    this.guilds.set(id, guild);
    return guild;
  }

  addRole(guild: FakeGuild, name: string): string {
    const id = snowflake();
    guild.roles.push({ id, name });
    return id;
  }

  addTextChannel(guild: FakeGuild, name: string): FakeChannel {
    return this.#addChannel({ id: snowflake(), type: ChannelType.guildText, name, guildId: guild.id, lastMessageId: null });
  }

  addThread(parent: FakeChannel, name: string): FakeChannel {
    return this.#addChannel({ id: snowflake(), type: ChannelType.publicThread, name, guildId: parent.guildId!, parentId: parent.id, lastMessageId: null });
  }

  /** The direct-message channel between the bot and a user, made on first use. */
  dmChannel(userId: string): FakeChannel {
    for (const channel of this.channels.values()) {
      if (channel.type === ChannelType.dm && channel.recipients!.includes(userId)) return channel;
    }
    return this.#addChannel({ id: snowflake(), type: ChannelType.dm, recipients: [this.bot.id, userId], lastMessageId: null });
  }

  #addChannel(channel: FakeChannel): FakeChannel {
    this.channels.set(channel.id, channel);
    this.byChannel.set(channel.id, []);
    return channel;
  }

  /** Stores a new message and returns it. */
  addMessage(stored: Omit<StoredMessage, 'createdAt'>): StoredMessage {
    const full: StoredMessage = { ...stored, createdAt: Date.now() };
    this.messages.set(full.api.id, full);
    this.byChannel.get(full.api.channel_id)!.push(full.api.id);
    const channel = this.channels.get(full.api.channel_id)!;
    if (!full.ephemeralFor) channel.lastMessageId = full.api.id;
    return full;
  }

  userObject(user: FakeUser): Record<string, unknown> {
    return {
      id: user.id,
      username: user.username,
      discriminator: '0',
      global_name: user.globalName,
      avatar: null,
      ...(user.bot ? { bot: true } : {}),
      public_flags: 0,
      flags: 0,
      banner: null,
      accent_color: null,
      avatar_decoration_data: null,
    };
  }

  memberObject(guild: FakeGuild, userId: string, withUser: boolean): Record<string, unknown> {
    return {
      ...(withUser ? { user: this.userObject(this.users.get(userId)!) } : {}),
      nick: null,
      avatar: null,
      roles: guild.members.get(userId) ?? [],
      joined_at: guild.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      communication_disabled_until: null,
    };
  }

  channelObject(channel: FakeChannel): Record<string, unknown> {
    const common = { id: channel.id, type: channel.type, last_message_id: channel.lastMessageId, flags: 0 };
    if (channel.type === ChannelType.dm) {
      return { ...common, recipients: channel.recipients!.filter((id) => id !== this.bot.id).map((id) => this.userObject(this.users.get(id)!)) };
    }
    const guildCommon = { ...common, guild_id: channel.guildId, name: channel.name, rate_limit_per_user: 0, nsfw: false };
    if (channel.type === ChannelType.publicThread) {
      const thread = { archived: false, auto_archive_duration: 1440, archive_timestamp: new Date().toISOString(), locked: false, create_timestamp: new Date().toISOString() };
      return { ...guildCommon, parent_id: channel.parentId, owner_id: this.bot.id, thread_metadata: thread, message_count: 0, member_count: 1, total_message_sent: 0 };
    }
    return { ...guildCommon, position: 0, permission_overwrites: [], parent_id: null, topic: null };
  }

  roleObject(role: { id: string; name: string }, position: number): Record<string, unknown> {
    return {
      id: role.id,
      name: role.name,
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position,
      permissions: ALL_TEXT_PERMISSIONS,
      managed: false,
      mentionable: true,
      flags: 0,
    };
  }

  /** The whole guild, as GUILD_CREATE carries it. */
  guildObject(guild: FakeGuild): Record<string, unknown> {
    const channels = [...this.channels.values()].filter((c) => c.guildId === guild.id);
    return {
      id: guild.id,
      name: guild.name,
      icon: null,
      splash: null,
      discovery_splash: null,
      owner_id: guild.ownerId,
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: guild.roles.map((r, i) => this.roleObject(r, i)),
      emojis: [],
      features: [],
      mfa_level: 0,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: 0,
      premium_subscription_count: 0,
      preferred_locale: 'en-US',
      public_updates_channel_id: null,
      nsfw_level: 0,
      stickers: [],
      premium_progress_bar_enabled: false,
      safety_alerts_channel_id: null,
      joined_at: guild.joinedAt,
      large: false,
      unavailable: false,
      member_count: guild.members.size,
      voice_states: [],
      // Without the GUILD_MEMBERS intent a server shows the bot's own member only.
      members: [this.memberObject(guild, this.bot.id, true)],
      channels: channels.filter((c) => c.type !== ChannelType.publicThread).map((c) => this.channelObject(c)),
      threads: channels.filter((c) => c.type === ChannelType.publicThread).map((c) => this.channelObject(c)),
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }

  /** User ids mentioned as `<@id>` or `<@!id>` in a text. */
  mentionedUsers(content: string): string[] {
    return [...new Set([...content.matchAll(/<@!?(\d{15,21})>/g)].map((m) => m[1]!))].filter((id) => this.users.has(id));
  }

  /** A message object as the API returns it. */
  messageObject(input: {
    id?: string;
    channel: FakeChannel;
    author: FakeUser;
    content: string;
    mentions: string[];
    mentionRoles?: string[];
    mentionEveryone?: boolean;
    replyTo?: StoredMessage;
    components?: unknown[];
    embeds?: unknown[];
    flags?: number;
    nonce?: string | number;
    interaction?: Record<string, unknown>;
  }): ApiMessage {
    const guild = input.channel.guildId ? this.guilds.get(input.channel.guildId) : undefined;
    const reference = input.replyTo
      ? { type: 0, message_id: input.replyTo.api.id, channel_id: input.replyTo.api.channel_id, ...(guild ? { guild_id: guild.id } : {}) }
      : undefined;
    return {
      id: input.id ?? snowflake(),
      type: input.replyTo ? MessageType.reply : MessageType.default,
      channel_id: input.channel.id,
      ...(guild ? { guild_id: guild.id } : {}),
      author: this.userObject(input.author),
      content: input.content,
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: input.mentionEveryone ?? false,
      mentions: input.mentions.map((id) => ({
        ...this.userObject(this.users.get(id)!),
        ...(guild && guild.members.has(id) ? { member: this.memberObject(guild, id, false) } : {}),
      })),
      mention_roles: input.mentionRoles ?? [],
      attachments: [],
      embeds: input.embeds ?? [],
      pinned: false,
      flags: input.flags ?? 0,
      components: input.components ?? [],
      ...(input.nonce !== undefined ? { nonce: input.nonce } : {}),
      ...(input.author.bot ? { application_id: this.applicationId } : {}),
      ...(reference ? { message_reference: reference, referenced_message: input.replyTo!.api } : {}),
      ...(input.interaction ? { interaction_metadata: input.interaction } : {}),
    };
  }
}
