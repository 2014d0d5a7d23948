import { z } from 'zod';
import { envBool, envOptional, envUrl } from '../../core/config/env.js';

/** A Discord id: a snowflake of 17 to 20 digits. */
export const SNOWFLAKE = /^\d{17,20}$/;

/** A comma-separated list of Discord ids; anything else stops start-up, naming the variable. */
function envIds(description: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const items = (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0);
      for (const item of items) {
        if (!SNOWFLAKE.test(item)) {
          ctx.addIssue({ code: 'custom', message: `"${item}" is not a Discord id (17 to 20 digits: turn on Developer Mode in Discord and use "Copy ID")` });
          return z.NEVER;
        }
      }
      return items;
    })
    .meta({ description, default: '' });
}

export const discordEnv = z.object({
  DISCORD_TOKEN: envOptional('Bot token; the Discord channel is off without it', { secret: true }),
  DISCORD_ALLOWED_USERS: envIds('Discord user ids that may command the assistant; the first is the owner, who gets "discord me" from other channels'),
  DISCORD_ALLOWED_ROLES: envIds('Server role ids whose members may command the assistant too'),
  DISCORD_CHANNELS: envIds('Server channel ids where every message is for the assistant, without a mention'),
  DISCORD_TELL_NOT_ALLOWED: envBool('Tell people who may not command the assistant so, once; otherwise they are ignored', false),
  DISCORD_MESSAGE_CONTENT: envBool('Ask for the Message Content intent (switch it on in the developer portal); without it only DMs, mentions and replies are read', true),
  DISCORD_API_URL: envUrl('Discord REST base URL, for self-hosted gateways and tests', ['http', 'https']),
});

export type DiscordSettings = z.output<typeof discordEnv>;
