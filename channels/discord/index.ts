import { z } from 'zod';
import { envList, envOptional, envUrl } from '../../core/config/env.js';
import { NotConfiguredError } from '../../core/errors.js';
import { notConfigured } from '../../core/plugin/params.js';
import type { ChannelPlugin, PluginModule } from '../../core/plugin/plugin.js';
import { meansRequester, sendMessageMethod } from '../../core/plugin/send-message.js';
import { discordHints } from './hints.js';

const env = z.object({
  DISCORD_TOKEN: envOptional('Bot token; the Discord channel is off without it', { secret: true }),
  DISCORD_ALLOWED_USERS: envList('Discord user ids that may command the assistant'),
  DISCORD_API_URL: envUrl('Discord REST base URL, for self-hosted gateways and tests', ['http', 'https']),
});

const REQUIRED = ['DISCORD_TOKEN'];

/** The Discord channel. Registered everywhere, so plans name it; it runs when a token is set. */
export function createDiscord(values: z.output<typeof env>): ChannelPlugin {
  const allowed = new Set(values.DISCORD_ALLOWED_USERS);
  return {
    kind: 'channel',
    name: 'discord',
    description: 'Discord: direct messages and mentions in servers',
    configured: values.DISCORD_TOKEN !== undefined,
    requiredEnv: REQUIRED,
    allows: (sender) => allowed.has(sender.id),
    listening: () => false,
    async start() {},
    async stop() {},
    async send() {
      throw new NotConfiguredError('discord', REQUIRED);
    },
    methods: {
      send_message: sendMessageMethod({
        channel: 'discord',
        description: 'Send a Discord message; to the requester unless `to` names a user or channel id',
        hints: discordHints,
        isOther: (to) => !meansRequester(to),
        deliver: async () => notConfigured('discord', REQUIRED),
      }),
    },
  };
}

export const discordModule: PluginModule<typeof env> = {
  name: 'discord',
  env,
  create: (values) => createDiscord(values),
};
