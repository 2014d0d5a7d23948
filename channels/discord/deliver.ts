import { createHash } from 'node:crypto';
import { DiscordAPIError, RESTJSONErrorCodes, type Client, type GuildTextBasedChannel, type SendableChannels } from 'discord.js';
import type { ActionContext } from '../../core/plugin/method.js';
import { meansRequester, type SendMessageArgs } from '../../core/plugin/send-message.js';
import type { PluginState } from '../../core/store/plugin-state.js';
import type { ActionResult, Requester } from '../../core/types.js';
import { DiscordError, discordError } from './errors.js';
import type { DiscordPoster } from './poster.js';
import { SNOWFLAKE, type DiscordSettings } from './settings.js';

/** Where a `send_message` goes. */
type Target =
  | { kind: 'conversation'; channelId: string; mention: string }
  | { kind: 'user'; userId: string }
  | { kind: 'channel'; channelId: string };

export interface DeliverDeps {
  settings: DiscordSettings;
  poster: DiscordPoster;
  client(): Client | undefined;
  state: PluginState;
}

/** The requester's Discord id when `to` names them. */
function requesterId(requester: Requester): string | undefined {
  return requester.address.channel === 'discord' ? requester.address.userId : undefined;
}

/** Whether `to` names someone other than the requester: they may have to confirm first. */
export function reachesOther(to: string | undefined, requester: Requester): boolean {
  if (meansRequester(to)) return false;
  const id = /^<@!?(\d+)>$/.exec(to!.trim())?.[1] ?? to!.trim();
  return id !== requesterId(requester);
}

async function isUser(client: Client | undefined, id: string): Promise<boolean> {
  if (client?.users.cache.has(id)) return true;
  if (client?.channels.cache.has(id)) return false;
  try {
    await client?.users.fetch(id);
    return true;
  } catch (error) {
    if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownUser) return false;
    throw discordError(error, `looking up ${id}`);
  }
}

/** The id of the one text channel called `name` on the servers the bot is in, or an error that says which there are. */
function channelNamed(client: Client | undefined, name: string): string {
  const text = [...(client?.channels.cache.values() ?? [])].filter((c): c is GuildTextBasedChannel => c.isTextBased() && !c.isDMBased() && !c.isThread());
  const found = text.filter((c) => c.name.toLowerCase() === name.toLowerCase());
  const seen = (c: GuildTextBasedChannel) => `#${c.name} (${c.guild.name})`;
  if (found.length === 1) return found[0]!.id;
  if (found.length > 1) {
    throw new DiscordError('DISCORD_BAD_RECIPIENT', `several channels are called #${name}: ${found.map(seen).join(', ')}`, { hint: 'say which by its id, as a mention such as <#123…>' });
  }
  const known = text.slice(0, 10).map(seen).join(', ');
  throw new DiscordError('DISCORD_BAD_RECIPIENT', `I see no channel called #${name} on the servers I am in`, {
    hint: known === '' ? 'invite the bot to the server first' : `the channels I see: ${known}${text.length > 10 ? ', …' : ''}`,
  });
}

/**
 * `to` as Discord understands it: the requester (the conversation they wrote in, or for a
 * request from another channel a DM to the owner), a user id or mention (a DM), a channel
 * id or mention, or a server's channel by name ("#general").
 */
async function target(to: string | undefined, requester: Requester, deps: DeliverDeps): Promise<Target> {
  if (meansRequester(to)) {
    const a = requester.address;
    if (a.channel === 'discord') return { kind: 'conversation', channelId: a.conversationId, mention: a.userId };
    const owner = deps.settings.DISCORD_ALLOWED_USERS[0];
    if (!owner) throw new DiscordError('DISCORD_NO_RECIPIENT', 'I do not know your Discord id', { hint: 'put it first in DISCORD_ALLOWED_USERS' });
    return { kind: 'user', userId: owner };
  }
  const text = to!.trim();
  const user = /^<@!?(\d{17,20})>$/.exec(text)?.[1];
  if (user) return { kind: 'user', userId: user };
  const channel = /^<#(\d{17,20})>$/.exec(text)?.[1];
  if (channel) return { kind: 'channel', channelId: channel };
  const named = /^#([\w-]{1,100})$/.exec(text)?.[1];
  if (named) return { kind: 'channel', channelId: channelNamed(deps.client(), named) };
  if (!SNOWFLAKE.test(text)) {
    throw new DiscordError('DISCORD_BAD_RECIPIENT', `"${text}" is not a Discord user or channel`, { hint: 'give a user or channel id (Developer Mode, then "Copy ID"), or a mention such as <@123…>' });
  }
  return (await isUser(deps.client(), text)) ? { kind: 'user', userId: text } : { kind: 'channel', channelId: text };
}

/** A nonce of at most 25 characters with the chunk number: Discord drops a second message with the same one. */
function nonceOf(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 22);
}

function label(channel: SendableChannels): string {
  if (channel.isDMBased()) return 'recipient' in channel && channel.recipient ? `@${channel.recipient.username}` : 'them';
  return `#${channel.name}`;
}

/**
 * `discord.send_message`: sends once per attempt, even when the attempt is run again after
 * a crash (the result is recorded, and Discord itself drops a repeated nonce).
 */
export async function deliverMessage(args: SendMessageArgs & { text: string }, ctx: ActionContext, deps: DeliverDeps): Promise<ActionResult> {
  const state = deps.state;
  const earlier = await state.applied<ActionResult>(ctx.idempotencyKey);
  if (earlier) return earlier;
  let result: ActionResult;
  try {
    const where = await target(args.to, ctx.requester, deps);
    const channel = where.kind === 'user' ? await deps.poster.dmWith(where.userId) : await deps.poster.channel(where.channelId);
    const sent = await deps.poster.post(channel, args.text, { nonce: nonceOf(ctx.idempotencyKey), ...(where.kind === 'conversation' ? { mention: where.mention } : {}) });
    const toRequester = where.kind === 'conversation' || (where.kind === 'user' && (where.userId === requesterId(ctx.requester) || meansRequester(args.to)));
    result = {
      ok: true,
      summary: toRequester ? 'Sent you a Discord message.' : `Sent a Discord message to ${label(channel)}.`,
      data: { channelId: channel.id, messageIds: sent.map((m) => m.id) },
    };
  } catch (error) {
    const e = discordError(error, 'sending the Discord message');
    return { ok: false, retryable: e.retryable, error: { code: e.code, message: e.message, ...(e.hint ? { hint: e.hint } : {}) } };
  }
  await state.recordApplied(ctx.idempotencyKey, result);
  return result;
}
