import { z } from 'zod';
import { envEnum, envInt, envList, envOptional, envString } from '../../core/config/env.js';

/** The Minecraft plugin's environment variables. */
export const minecraftEnv = z.object({
  MINECRAFT_HOST: envOptional('Minecraft server to join; the bot is off without it'),
  MINECRAFT_PORT: envInt('Minecraft server port', 25565, { min: 1, max: 65535 }),
  MINECRAFT_USERNAME: envString('The bot\'s player name', 'Majordomo'),
  MINECRAFT_VERSION: envString('Minecraft version spoken (up to 1.21.4)', '1.21.4'),
  MINECRAFT_AUTH: envEnum('offline, or microsoft for online-mode servers', ['offline', 'microsoft'], 'offline'),
  MINECRAFT_ALLOWED_PLAYERS: envList('Players whose chat and whispers may command the bot'),
});

export type MinecraftSettings = z.output<typeof minecraftEnv>;
