import type { z } from 'zod';
import { NotConfiguredError } from '../../core/errors.js';
import type { ChannelPlugin, PluginModule } from '../../core/plugin/plugin.js';
import type { PluginState } from '../../core/store/plugin-state.js';
import { MC_CODES, MinecraftError } from './errors.js';
import { itemCues } from './hints.js';
import { itemValues } from './items.js';
import { minecraftMethods } from './methods.js';
import { placeValues } from './places.js';
import { MinecraftRuntime } from './runtime.js';
import { minecraftEnv } from './settings.js';
import type { ConnectionOptions } from './bot/connection.js';

const REQUIRED = ['MINECRAFT_HOST'];

/** A Minecraft plugin that also lets tests reach its runtime. */
export interface MinecraftPlugin extends ChannelPlugin {
  /** The running bot, connection and chat; undefined before start and when not configured. */
  runtime(): MinecraftRuntime | undefined;
}

/**
 * The Minecraft bot (a service) and its chat (a channel), over one connection. Without
 * MINECRAFT_HOST it stays registered, so plans are the same everywhere, and its methods
 * say what to set.
 */
export function createMinecraft(values: z.output<typeof minecraftEnv>, options: ConnectionOptions = {}): MinecraftPlugin {
  const configured = values.MINECRAFT_HOST !== undefined;
  const allowed = new Set(values.MINECRAFT_ALLOWED_PLAYERS.map((p) => p.toLowerCase()));
  let runtime: MinecraftRuntime | undefined;
  let state: PluginState | undefined;
  return {
    kind: 'channel',
    name: 'minecraft',
    description: 'A Minecraft bot that gathers, crafts, follows, gives and drops; and its in-game chat',
    examples: ['get me a stone pickaxe', 'come here', 'give alice 10 oak logs'],
    configured,
    requiredEnv: REQUIRED,
    // "Tell steve hello", said in the game: steve is a player.
    peopleHere: true,
    entities: [
      { kind: 'minecraft-item', description: 'A Minecraft item', values: itemValues(values.MINECRAFT_VERSION), cues: itemCues },
      { kind: 'minecraft-place', description: 'A place in the game the bot knows by name', values: placeValues() },
    ],
    allows: (sender) => allowed.has(sender.id.toLowerCase()),
    listening: () => runtime?.chat.listening() ?? false,
    runtime: () => runtime,
    ...(configured ? { health: () => runtime?.conn.health() ?? { state: 'down' as const, detail: 'not started' } } : {}),
    async start(ctx) {
      if (!configured || runtime) return;
      state = ctx.state;
      runtime = new MinecraftRuntime(values, ctx.logger.child({ plugin: 'minecraft' }), options, ctx.memory?.places);
      runtime.chat.start(ctx);
      runtime.start();
    },
    async stop() {
      const r = runtime;
      runtime = undefined;
      await r?.stop();
    },
    async send(to, message) {
      if (!configured) throw new NotConfiguredError('minecraft', REQUIRED);
      if (!runtime) throw new MinecraftError(MC_CODES.notConnected, 'the Minecraft bot is not started');
      runtime.chat.send(to, message);
      return {};
    },
    methods: minecraftMethods(configured, () => runtime, () => state),
  };
}

export const minecraftModule: PluginModule<typeof minecraftEnv> = {
  name: 'minecraft',
  env: minecraftEnv,
  create: (values) => createMinecraft(values),
};
