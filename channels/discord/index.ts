import type { Client } from 'discord.js';
import { NotConfiguredError } from '../../core/errors.js';
import { notConfigured } from '../../core/plugin/params.js';
import type { ChannelContext, ChannelPlugin, PluginModule } from '../../core/plugin/plugin.js';
import { sendMessageMethod } from '../../core/plugin/send-message.js';
import type { Address, OutboundMessage, SendReceipt } from '../../core/types.js';
import { DiscordAccess } from './access.js';
import { DiscordConnection } from './connection.js';
import { deliverMessage, reachesOther } from './deliver.js';
import { discordHints } from './hints.js';
import { DiscordInbound } from './inbound.js';
import { DiscordOutbound } from './outbound.js';
import { DiscordError } from './errors.js';
import { DiscordPoster } from './poster.js';
import { handlePress } from './presses.js';
import { discordEnv, type DiscordSettings } from './settings.js';
import { StatusBoards } from './status.js';

const REQUIRED = ['DISCORD_TOKEN'];

export interface DiscordChannel extends ChannelPlugin {
  /** The discord.js client while connected. */
  readonly client: Client | undefined;
}

/** The parts of a started channel. */
interface Running {
  ctx: ChannelContext;
  connection: DiscordConnection;
  poster: DiscordPoster;
  outbound: DiscordOutbound;
  boards: StatusBoards;
}

/**
 * The Discord channel: a bot that takes requests in direct messages and, in servers, from
 * mentions, replies and listed channels; answers in the same channel or thread; shows
 * progress in one edited status message; asks questions with buttons; and is the callable
 * `discord.send_message`. Registered everywhere, so plans name it; it runs when a token is set.
 */
export function createDiscord(settings: DiscordSettings): DiscordChannel {
  const access = new DiscordAccess(settings.DISCORD_ALLOWED_USERS, settings.DISCORD_ALLOWED_ROLES);
  const configured = settings.DISCORD_TOKEN !== undefined;
  let running: Running | undefined;

  function started(): Running {
    if (!configured) throw new NotConfiguredError('discord', REQUIRED);
    if (!running) throw new DiscordError('DISCORD_NOT_CONNECTED', 'the Discord channel has not started', { retryable: true });
    return running;
  }

  async function start(ctx: ChannelContext): Promise<void> {
    if (!configured) return;
    const logger = ctx.logger;
    const connection = new DiscordConnection(settings, logger);
    const poster = new DiscordPoster(() => connection.sender);
    const boards = new StatusBoards(poster, logger);
    const inbound = new DiscordInbound({ settings, access, poster, logger });
    running = { ctx, connection, poster, boards, outbound: new DiscordOutbound(poster, boards) };
    await connection.start({
      message: (message) => inbound.receive(message, ctx),
      newSession: (client) => void inbound.catchUp(client, ctx),
      interaction: (interaction) => {
        if (!interaction.isButton()) return;
        handlePress(interaction, ctx, { access, logger, inOrder: (id, work) => inbound.inOrder(id, work) }).catch((error: unknown) =>
          logger.error({ err: error }, 'could not handle a button press'),
        );
      },
    });
  }

  return {
    kind: 'channel',
    name: 'discord',
    description: 'Discord: direct messages, and mentions, replies and listed channels in servers',
    configured,
    requiredEnv: REQUIRED,
    get client() {
      return running?.connection.client;
    },
    health: () => running?.connection.health() ?? { state: 'off' },
    allows: (sender) => access.allows(sender),
    listening: () => running?.connection.client?.isReady() ?? false,
    start,
    async stop() {
      const r = running;
      running = undefined;
      r?.boards.clear();
      await r?.connection.stop();
    },
    send: (to: Address, message: OutboundMessage): Promise<SendReceipt> => started().outbound.send(to, message),
    async showProgress(to: Address) {
      const channel = await started().poster.channel(to.conversationId);
      await channel.sendTyping();
    },
    methods: {
      send_message: sendMessageMethod({
        channel: 'discord',
        description: 'Send a Discord message; to the requester unless `to` names a user or channel id, or a server channel by name ("#general")',
        hints: discordHints,
        isOther: reachesOther,
        deliver: async (args, actionCtx) => {
          if (!configured) return notConfigured('discord', REQUIRED);
          const r = running;
          if (!r) return { ok: false, retryable: true, error: { code: 'DISCORD_NOT_CONNECTED', message: 'the Discord channel has not started' } };
          return deliverMessage(args, actionCtx, { settings, poster: r.poster, client: () => r.connection.client, state: r.ctx.state });
        },
      }),
    },
  };
}

export const discordModule: PluginModule<typeof discordEnv> = {
  name: 'discord',
  env: discordEnv,
  create: (values) => createDiscord(values),
};
