import { z } from 'zod';
import { envEnum, envInt, envList, envOptional, envString } from '../../core/config/env.js';
import { notConfigured } from '../../core/plugin/params.js';
import { defineMethod } from '../../core/plugin/method.js';
import type { ChannelPlugin, PluginModule } from '../../core/plugin/plugin.js';
import { sendMessageMethod } from '../../core/plugin/send-message.js';
import { NotConfiguredError } from '../../core/errors.js';
import { itemCues, minecraftHints } from './hints.js';
import { itemValues } from './items.js';
import { giveParams, noParams, obtainParams, playerParams } from './params.js';

const env = z.object({
  MINECRAFT_HOST: envOptional('Minecraft server to join; the bot is off without it'),
  MINECRAFT_PORT: envInt('Minecraft server port', 25565, { min: 1, max: 65535 }),
  MINECRAFT_USERNAME: envString('The bot\'s player name', 'Majordomo'),
  MINECRAFT_VERSION: envString('Minecraft version spoken (up to 1.21.4)', '1.21.4'),
  MINECRAFT_AUTH: envEnum('offline, or microsoft for online-mode servers', ['offline', 'microsoft'], 'offline'),
  MINECRAFT_ALLOWED_PLAYERS: envList('Players whose chat and whispers may command the bot'),
});

const REQUIRED = ['MINECRAFT_HOST'];

/**
 * The Minecraft bot (a service) and its chat (a channel), over one connection. Without
 * MINECRAFT_HOST it stays registered, so plans are the same everywhere, and its methods
 * say what to set.
 */
export function createMinecraft(values: z.output<typeof env>): ChannelPlugin {
  const configured = values.MINECRAFT_HOST !== undefined;
  const allowed = new Set(values.MINECRAFT_ALLOWED_PLAYERS.map((p) => p.toLowerCase()));
  const off = async () => notConfigured('minecraft', REQUIRED);
  return {
    kind: 'channel',
    name: 'minecraft',
    description: 'A Minecraft bot that gathers, crafts, follows and gives; and its in-game chat',
    configured,
    requiredEnv: REQUIRED,
    entities: [{ kind: 'minecraft-item', description: 'A Minecraft item', values: itemValues(values.MINECRAFT_VERSION), cues: itemCues }],
    allows: (sender) => allowed.has(sender.id.toLowerCase()),
    listening: () => false,
    async start() {},
    async stop() {},
    async send() {
      throw new NotConfiguredError('minecraft', REQUIRED);
    },
    methods: {
      obtain_item: defineMethod({ description: 'Get items in the game: gather, mine, craft or smelt them as needed', params: obtainParams, hints: minecraftHints.obtain_item, timeoutMs: 600_000, run: off }),
      goto_player: defineMethod({ description: 'Walk to a player', params: playerParams, hints: minecraftHints.goto_player, run: off }),
      follow_player: defineMethod({ description: 'Follow a player until told to stop', params: playerParams, hints: minecraftHints.follow_player, run: off }),
      give_item: defineMethod({
        description: 'Walk to a player and give them items from the bot\'s inventory',
        params: giveParams,
        hints: minecraftHints.give_item,
        reachesOutside: (args, requester) => !(args.player === 'me' || (requester.address.channel === 'minecraft' && requester.address.userId.toLowerCase() === args.player.toLowerCase())),
        run: off,
      }),
      status: defineMethod({ description: "The bot's health, food, position, inventory and surroundings", params: noParams, hints: minecraftHints.status, flags: { readOnly: true, idempotent: true }, run: off }),
      stop: defineMethod({ description: 'Stop what the bot is doing', params: noParams, hints: minecraftHints.stop, flags: { idempotent: true }, run: off }),
      send_message: sendMessageMethod({
        channel: 'minecraft',
        description: 'Say something in the Minecraft chat, or whisper it to a player',
        hints: minecraftHints.send_message,
        isOther: () => false,
        deliver: off,
      }),
    },
  };
}

export const minecraftModule: PluginModule<typeof env> = {
  name: 'minecraft',
  env,
  create: (values) => createMinecraft(values),
};
