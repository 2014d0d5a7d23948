import { randomBytes } from 'node:crypto';
import { ChannelType, ErrorCode, InteractionCallback, InteractionType } from './protocol.js';
import { isEphemeral, readMessageBody, type ApiError, type MessageBody } from './payload.js';
import type { FakeChannel, FakeUser, StoredMessage, World } from './world.js';

/**
 * Button presses and their answers, with Discord's rules: an interaction must be
 * acknowledged once, within three seconds; its token then allows editing the original
 * message and sending follow-ups for fifteen minutes.
 */

export interface InteractionRecord {
  id: string;
  token: string;
  customId: string;
  channel: FakeChannel;
  /** The message whose button was pressed. */
  message: StoredMessage;
  user: FakeUser;
  createdAt: number;
  /** The callback type it was acknowledged with. */
  acknowledged?: number;
  /** The message a type 4 or 5 callback created. */
  responseMessage?: StoredMessage;
  followUps: StoredMessage[];
}

/** What interactions need of the rest of the fake. */
export interface InteractionHost {
  world: World;
  ackWindowMs: number;
  createBotMessage(channel: FakeChannel, body: MessageBody, extra?: { ephemeralFor?: string; interaction?: InteractionRecord }): StoredMessage;
  editBotMessage(message: StoredMessage, body: MessageBody): void;
}

const TOKEN_LIFETIME_MS = 15 * 60_000;

export type Answer = { status: number; body?: unknown };

function unknownInteraction(): ApiError {
  return { status: 404, body: { code: ErrorCode.unknownInteraction, message: 'Unknown interaction' } };
}

function unknownWebhook(): ApiError {
  return { status: 404, body: { code: 10015, message: 'Unknown Webhook' } };
}

export function newInteraction(input: Omit<InteractionRecord, 'id' | 'token' | 'createdAt' | 'followUps'>, id: string): InteractionRecord {
  return { ...input, id, token: `aW50ZXJhY3Rpb246${randomBytes(24).toString('base64url')}`, createdAt: Date.now(), followUps: [] };
}

/** INTERACTION_CREATE's data for a button press. */
export function interactionPayload(world: World, i: InteractionRecord): Record<string, unknown> {
  const guild = i.channel.guildId ? world.guilds.get(i.channel.guildId) : undefined;
  return {
    id: i.id,
    application_id: world.applicationId,
    type: InteractionType.messageComponent,
    data: { custom_id: i.customId, component_type: 2 },
    ...(guild ? { guild_id: guild.id, guild_locale: 'en-US', member: { ...world.memberObject(guild, i.user.id, true), permissions: '2251799813685247' } } : { user: world.userObject(i.user) }),
    channel_id: i.channel.id,
    channel: world.channelObject(i.channel),
    token: i.token,
    version: 1,
    message: i.message.api,
    app_permissions: '2251799813685247',
    locale: 'en-US',
    entitlements: [],
    authorizing_integration_owners: guild ? { '0': guild.id } : { '1': i.user.id },
    context: i.channel.type === ChannelType.dm ? 1 : 0,
    attachment_size_limit: 10_485_760,
  };
}

/** POST /interactions/:id/:token/callback */
export function interactionCallback(host: InteractionHost, i: InteractionRecord | undefined, token: string, raw: unknown, withResponse: boolean): Answer | ApiError {
  if (!i || i.token !== token) return unknownInteraction();
  if (i.acknowledged !== undefined) return { status: 400, body: { code: ErrorCode.interactionAcknowledged, message: 'Interaction has already been acknowledged.' } };
  if (Date.now() - i.createdAt > host.ackWindowMs) return unknownInteraction();
  const { type, data } = (raw ?? {}) as { type?: number; data?: unknown };
  switch (type) {
    case InteractionCallback.channelMessageWithSource: {
      const read = readMessageBody(data, host.world, i.channel.id);
      if (!read.ok) return read.error;
      i.responseMessage = host.createBotMessage(i.channel, read.value, { interaction: i, ...(isEphemeral(read.value.flags) ? { ephemeralFor: i.user.id } : {}) });
      break;
    }
    case InteractionCallback.deferredChannelMessageWithSource: {
      const flags = (data as { flags?: number } | undefined)?.flags;
      // A "thinking…" placeholder, filled in by a later edit of @original.
      i.responseMessage = host.createBotMessage(i.channel, { content: '', enforceNonce: false, flags: (flags ?? 0) | 128 }, { interaction: i, ...(isEphemeral(flags) ? { ephemeralFor: i.user.id } : {}) });
      break;
    }
    case InteractionCallback.deferredUpdateMessage:
      break;
    case InteractionCallback.updateMessage: {
      const read = readMessageBody(data ?? {}, host.world, i.channel.id, true);
      if (!read.ok) return read.error;
      host.editBotMessage(i.message, read.value);
      break;
    }
    default:
      return { status: 400, body: { code: ErrorCode.invalidFormBody, message: 'Invalid Form Body', errors: { type: { _errors: [{ code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {4, 5, 6, 7, 9, 10, 12}.' }] } } } };
  }
  i.acknowledged = type;
  if (!withResponse) return { status: 204 };
  const resource = i.responseMessage ?? (type === InteractionCallback.updateMessage ? i.message : undefined);
  return {
    status: 200,
    body: {
      interaction: {
        id: i.id,
        type: InteractionType.messageComponent,
        activity_instance_id: null,
        response_message_id: resource?.api.id ?? null,
        response_message_loading: type === InteractionCallback.deferredChannelMessageWithSource,
        response_message_ephemeral: resource ? Boolean(resource.ephemeralFor) : false,
      },
      resource: { type, ...(resource ? { message: resource.api } : {}) },
    },
  };
}

/** The interaction a webhook token belongs to, while the token is valid and acknowledged. */
function byToken(all: Iterable<InteractionRecord>, token: string): InteractionRecord | undefined {
  for (const i of all) if (i.token === token && i.acknowledged !== undefined && Date.now() - i.createdAt < TOKEN_LIFETIME_MS) return i;
  return undefined;
}

/** GET or PATCH /webhooks/:app/:token/messages/@original */
export function originalMessage(host: InteractionHost, all: Iterable<InteractionRecord>, token: string, method: string, raw: unknown): Answer | ApiError {
  const i = byToken(all, token);
  if (!i) return unknownWebhook();
  const target = i.responseMessage ?? i.message;
  if (method === 'GET') return { status: 200, body: target.api };
  const read = readMessageBody(raw, host.world, i.channel.id, true);
  if (!read.ok) return read.error;
  host.editBotMessage(target, read.value);
  return { status: 200, body: target.api };
}

/** POST /webhooks/:app/:token */
export function followUp(host: InteractionHost, all: Iterable<InteractionRecord>, token: string, raw: unknown): Answer | ApiError {
  const i = byToken(all, token);
  if (!i) return unknownWebhook();
  const read = readMessageBody(raw, host.world, i.channel.id);
  if (!read.ok) return read.error;
  const message = host.createBotMessage(i.channel, read.value, { interaction: i, ...(isEphemeral(read.value.flags) ? { ephemeralFor: i.user.id } : {}) });
  i.followUps.push(message);
  return { status: 200, body: message.api };
}
