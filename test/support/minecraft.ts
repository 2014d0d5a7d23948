import type { MinecraftPlugin } from '../../services/minecraft/index.js';
import type { MinecraftTestServer } from '../fakes/minecraft/index.js';
import { startTestAssistant, type TestAssistant } from './assistant.js';
import { eventually } from './eventually.js';

/**
 * An assistant whose Minecraft bot plays on the test server, where `alice` may command it;
 * resolves once the bot is in the game.
 */
export async function startMinecraftAssistant(server: MinecraftTestServer, timeoutMs = 30_000): Promise<{ a: TestAssistant; plugin: MinecraftPlugin }> {
  const a = await startTestAssistant({
    MINECRAFT_HOST: server.host,
    MINECRAFT_PORT: String(server.port),
    MINECRAFT_VERSION: server.version,
    MINECRAFT_USERNAME: 'Majordomo',
    MINECRAFT_ALLOWED_PLAYERS: 'alice',
  });
  const plugin = a.registry.channel('minecraft') as MinecraftPlugin;
  try {
    await eventually(() => plugin.runtime()?.conn.bot, 'the bot to join the game', timeoutMs);
  } catch (error) {
    await a.dispose();
    throw error;
  }
  return { a, plugin };
}
